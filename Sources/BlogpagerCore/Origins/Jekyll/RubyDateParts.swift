import Foundation

/// The parts of a date and time that Ruby's `Date._parse` finds in a text, as Jekyll reads a
/// front-matter date (`Time.parse`, which calls it): the same patterns tried in the same order,
/// each match cut out of the text before the next is tried, and the same rules for which number
/// is the year, the month and the day (`11-9-2017` is 11 September; `9/11/2017` is 9 November).
/// Missing parts stay nil; `RubyTimeParser` fills them in as `Time.parse` does.
struct RubyDateParts {
    var year: Int?
    var month: Int?
    var day: Int?
    var dayOfYear: Int?
    var hour: Int?
    var minute: Int?
    var second: Int?
    /// Fraction of a second as digits over a power of ten.
    var fraction: (digits: Int, scale: Int)?
    var zone: String?

    /// Ruby refuses to parse a longer text.
    static let lengthLimit = 128

    /// What Ruby's `Date._parse(text)` returns, read into parts; nil for a text over Ruby's limit.
    static func parse(_ text: String) -> RubyDateParts? {
        guard text.utf8.count <= lengthLimit else { return nil }
        var state = State(text: Patterns.spaceRuns.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: " "))
        let hasAlpha = state.text.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
        let hasDigit = state.text.utf8.contains { (0x30...0x39).contains($0) }
        let hasDash = state.text.contains("-"), hasDot = state.text.contains("."), hasSlash = state.text.contains("/")
        if hasAlpha { state.cut(Patterns.weekday) { _, _ in } }
        if hasDigit { state.cut(Patterns.time) { groups, parts in parts.readTime(groups) } }
        let found: Bool = {
            if hasAlpha, hasDigit {
                if state.cut(Patterns.dayMonthYear, { groups, parts in
                    parts.setYearMonthDay(year: groups[4], month: groups[2].map { String(Self.monthNumber($0)) }, day: groups[1], bc: Self.isBC(groups[3]))
                }) { return true }
                if state.cut(Patterns.monthDayYear, { groups, parts in
                    parts.setYearMonthDay(year: groups[4], month: groups[1].map { String(Self.monthNumber($0)) }, day: groups[2], bc: Self.isBC(groups[3]))
                }) { return true }
            }
            if hasDigit, hasDash, state.cut(Patterns.iso, { groups, parts in
                parts.setYearMonthDay(year: groups[1], month: groups[2], day: groups[3], bc: false)
            }) { return true }
            if hasDigit, hasDot, state.cut(Patterns.japaneseEra, { groups, parts in
                let era: Int = switch groups[1]?.lowercased() {
                case "m": 1867
                case "t": 1911
                case "s": 1925
                case "h": 1988
                default: 2018
                }
                parts.year = Self.number(groups[2]).map { $0 + era }
                parts.month = Self.number(groups[3])
                parts.day = Self.number(groups[4])
            }) { return true }
            if hasAlpha, hasDigit, hasDash {
                if state.cut(Patterns.vmsDayFirst, { groups, parts in
                    parts.setYearMonthDay(year: groups[3], month: groups[2].map { String(Self.monthNumber($0)) }, day: groups[1], bc: false)
                }) { return true }
                if state.cut(Patterns.vmsMonthFirst, { groups, parts in
                    parts.setYearMonthDay(year: groups[3], month: groups[1].map { String(Self.monthNumber($0)) }, day: groups[2], bc: false)
                }) { return true }
            }
            if hasDigit, hasSlash, state.cut(Patterns.slashes, { groups, parts in
                parts.setYearMonthDay(year: groups[1], month: groups[2], day: groups[3], bc: false)
            }) { return true }
            if hasDigit, hasDot, state.cut(Patterns.dots, { groups, parts in
                parts.setYearMonthDay(year: groups[1], month: groups[2], day: groups[3], bc: false)
            }) { return true }
            if hasDigit, state.cutISO8601Other() { return true }
            if hasDigit, state.cut(Patterns.apostropheYear, { groups, parts in parts.year = Self.number(groups[1]) }) { return true }
            if hasAlpha, state.cut(Patterns.monthName, { groups, parts in parts.month = groups[1].map(Self.monthNumber) }) { return true }
            if hasDigit, state.cut(Patterns.ordinalDay, { groups, parts in parts.day = Self.number(groups[1]) }) { return true }
            if hasDigit, state.cut(Patterns.digitRun, { groups, parts in parts.readDigitRun(groups) }) { return true }
            return false
        }()
        _ = found
        if hasAlpha { state.cut(Patterns.bc) { _, parts in parts.bc = true } }
        if hasDigit {
            state.cut(Patterns.fragment) { groups, parts in
                guard let value = Self.number(groups[1]) else { return }
                if parts.hour != nil, parts.day == nil, (1...31).contains(value) { parts.day = value }
                if parts.day != nil, parts.hour == nil, (0...24).contains(value) { parts.hour = value }
            }
        }
        var parts = state.parts
        if parts.bc, let year = parts.year { parts.year = 1 - year }
        // Two-digit years are completed (69 is 1969, 68 is 2068) unless written with a sign or more digits.
        if parts.completesYear, let year = parts.year, (0...99).contains(year) { parts.year = year + (year >= 69 ? 1900 : 2000) }
        return parts.result
    }

    // MARK: Matching

    /// The text as the patterns cut it, and the parts found so far.
    private struct State {
        var text: String
        var parts = Found()

        /// Finds `pattern` in the text; on a match, puts a space where it was and reads its groups into the parts.
        @discardableResult
        mutating func cut(_ pattern: NSRegularExpression, _ read: ([String?], inout Found) -> Void) -> Bool {
            let string = text as NSString
            guard let match = pattern.firstMatch(in: text, range: NSRange(location: 0, length: string.length)) else { return false }
            let groups = (0..<match.numberOfRanges).map { index -> String? in
                let range = match.range(at: index)
                return range.location == NSNotFound ? nil : string.substring(with: range)
            }
            text = string.replacingCharacters(in: match.range, with: " ")
            read(groups, &parts)
            return true
        }

        /// ISO 8601's other forms: week dates, ordinal dates, dates without a year.
        mutating func cutISO8601Other() -> Bool {
            if cut(Patterns.weekDate, { _, _ in }) { return true }
            if cut(Patterns.weekDay, { _, _ in }) { return true }
            if cut(Patterns.monthDayNoYear, { groups, parts in
                if let month = groups[1] { parts.month = RubyDateParts.number(month) }
                parts.day = RubyDateParts.number(groups[2])
            }) { return true }
            if cut(Patterns.monthNoYear, { groups, parts in
                parts.month = RubyDateParts.number(groups[1])
                if let day = groups[2] { parts.day = RubyDateParts.number(day) }
            }) { return true }
            if Patterns.ordinalDateGuard.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) == nil,
               cut(Patterns.ordinalDate, { groups, parts in
                   parts.year = RubyDateParts.number(groups[1])
                   parts.dayOfYear = RubyDateParts.number(groups[2])
               }) { return true }
            if Patterns.dayOfYearGuard.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) == nil,
               cut(Patterns.dayOfYearOnly, { groups, parts in parts.dayOfYear = RubyDateParts.number(groups[1]) }) { return true }
            return false
        }
    }

    /// The parts as `Date._parse` keeps them while it works, with its two flags.
    private struct Found {
        var year: Int?, month: Int?, day: Int?, dayOfYear: Int?
        var hour: Int?, minute: Int?, second: Int?
        var fraction: (digits: Int, scale: Int)?
        var zone: String?
        var bc = false
        var completesYear = true

        var result: RubyDateParts {
            RubyDateParts(year: year, month: month, day: day, dayOfYear: dayOfYear, hour: hour, minute: minute, second: second,
                          fraction: fraction, zone: zone)
        }

        /// A time (`10:00`, `10:00:00.5 pm`, `10h30`) and the zone after it.
        mutating func readTime(_ groups: [String?]) {
            if let zone = groups[2] { self.zone = zone }
            guard let time = groups[1],
                  let match = Patterns.timeParts.firstMatch(in: time, range: NSRange(location: 0, length: (time as NSString).length)) else { return }
            let string = time as NSString
            func group(_ index: Int) -> String? {
                let range = match.range(at: index)
                return range.location == NSNotFound ? nil : string.substring(with: range)
            }
            var hour = RubyDateParts.number(group(1))
            if let meridian = group(5), let value = hour { hour = value % 12 + (meridian.lowercased() == "p" ? 12 : 0) }
            self.hour = hour
            if let minute = group(2) { self.minute = RubyDateParts.number(minute) }
            if let second = group(3) { self.second = RubyDateParts.number(second) }
            if let fraction = group(4), let digits = RubyDateParts.number(String(fraction.prefix(18))) {
                self.fraction = (digits, min(fraction.count, 18))
            }
        }

        /// Ruby's `s3e`: which of three numbers is the year, the month and the day, by their
        /// widths and apostrophes (a number of more than two digits is a year).
        mutating func setYearMonthDay(year: String?, month: String?, day: String?, bc: Bool) {
            var (y, m, d) = (year, month, day)
            if y != nil, m != nil, d == nil { (y, m, d) = (d, y, m) }
            if y == nil {
                if let text = d, text.count > 2 { (y, d) = (text, nil) }
                if let text = d, text.hasPrefix("'") { (y, d) = (text, nil) }
            }
            if let text = y, let (start, end) = Self.signedDigits(in: text), end < text.endIndex {
                (y, d) = (d, String(text[start..<end]))
            }
            if let text = m, text.hasPrefix("'") || text.count > 2 { (y, m, d) = (m, d, y) }
            if let text = d, text.hasPrefix("'") || text.count > 2 { (y, d) = (d, y) }
            var completes: Bool?
            if let text = y, let (start, end) = Self.signedDigits(in: text) {
                let number = text[start..<end]
                if number.first == "-" || number.first == "+" { completes = false }
                if number.drop(while: { $0 == "-" || $0 == "+" }).count > 2 { completes = false }
                self.year = RubyDateParts.number(String(number)) ?? 0
            }
            if bc { self.bc = true }
            if let text = m, let digits = Self.firstDigits(in: text) { self.month = RubyDateParts.number(digits) }
            if let text = d, let digits = Self.firstDigits(in: text) { self.day = RubyDateParts.number(digits) }
            if let completes { self.completesYear = completes }
        }

        /// From the first sign or digit: the sign, if any, and the digits after it.
        private static func signedDigits(in text: String) -> (String.Index, String.Index)? {
            guard let start = text.firstIndex(where: { $0 == "-" || $0 == "+" || $0.isASCIIDigit }) else { return nil }
            var end = text.index(after: start)
            if text[start].isASCIIDigit { end = start }
            while end < text.endIndex, text[end].isASCIIDigit { end = text.index(after: end) }
            return (start, end)
        }

        private static func firstDigits(in text: String) -> String? {
            guard let start = text.firstIndex(where: \.isASCIIDigit) else { return nil }
            return String(text[start...].prefix(while: \.isASCIIDigit))
        }

        /// A run of digits (`20170911`, `20170911T1000`, `-0800` after it): its width says what it holds.
        mutating func readDigitRun(_ groups: [String?]) {
            guard let run = groups[2].map({ Array($0.utf8).map { Int($0) - 0x30 } }) else { return }
            let negative = groups[1] == "-"
            let timeOnly = groups[3] == nil && groups[4] != nil
            func value(_ from: Int, _ width: Int) -> Int { run[from..<from + width].reduce(0) { $0 * 10 + $1 } }
            let count = run.count
            switch count {
            case 2:
                if timeOnly { second = value(0, 2) } else { day = value(0, 2) }
            case 4:
                if timeOnly { (second, minute) = (value(2, 2), value(0, 2)) } else { (month, day) = (value(0, 2), value(2, 2)) }
            case 6:
                if timeOnly {
                    (second, minute, hour) = (value(4, 2), value(2, 2), value(0, 2))
                } else {
                    year = negative ? -value(0, 2) : value(0, 2)
                    (month, day) = (value(2, 2), value(4, 2))
                }
            case 8, 10, 12, 14:
                if timeOnly {
                    (second, minute, hour, day) = (value(count - 2, 2), value(count - 4, 2), value(count - 6, 2), value(count - 8, 2))
                    if count >= 10 { month = value(count - 10, 2) }
                    if count == 12 { year = negative ? -value(0, 2) : value(0, 2) }
                    if count == 14 {
                        year = negative ? -value(0, 4) : value(0, 4)
                        completesYear = false
                    }
                } else {
                    year = negative ? -value(0, 4) : value(0, 4)
                    (month, day) = (value(4, 2), value(6, 2))
                    if count >= 10 { hour = value(8, 2) }
                    if count >= 12 { minute = value(10, 2) }
                    if count >= 14 { second = value(12, 2) }
                    completesYear = false
                }
            case 3:
                if timeOnly { (second, minute) = (value(1, 2), value(0, 1)) } else { dayOfYear = value(0, 3) }
            case 5:
                if timeOnly {
                    (second, minute, hour) = (value(3, 2), value(1, 2), value(0, 1))
                } else {
                    year = negative ? -value(0, 2) : value(0, 2)
                    dayOfYear = value(2, 3)
                }
            case 7:
                if timeOnly {
                    (second, minute, hour, day) = (value(5, 2), value(3, 2), value(1, 2), value(0, 1))
                } else {
                    year = negative ? -value(0, 4) : value(0, 4)
                    dayOfYear = value(4, 3)
                }
            default: break
            }
            if let time = groups[3].map({ Array($0.utf8).map { Int($0) - 0x30 } }), [2, 4, 6].contains(time.count) {
                func part(_ from: Int) -> Int { time[from] * 10 + time[from + 1] }
                if groups[4] != nil {
                    second = part(time.count - 2)
                    if time.count >= 4 { minute = part(time.count - 4) }
                    if time.count >= 6 { hour = part(time.count - 6) }
                } else {
                    hour = part(0)
                    if time.count >= 4 { minute = part(2) }
                    if time.count >= 6 { second = part(4) }
                }
            }
            if let digits = groups[4], !digits.isEmpty, let number = RubyDateParts.number(String(digits.prefix(18))) {
                fraction = (number, min(digits.count, 18))
            }
            if var zone = groups[5] {
                // `[+9]`, `[-5:EST]`: the bracketed zone's name, else its offset.
                if zone.hasPrefix("[") {
                    let inner = String(zone.dropFirst().dropLast())
                    if let colon = inner.firstIndex(of: ":") { zone = String(inner[inner.index(after: colon)...]) } else { zone = inner }
                }
                self.zone = zone
            }
        }
    }

    /// A number as Ruby's `to_i` reads digits after an optional sign; nil when it does not fit (Ruby's would be a big number, out of every range).
    static func number(_ text: String?) -> Int? {
        guard let text else { return nil }
        return Int(text) ?? (text == "-" || text == "+" ? 0 : nil)
    }

    static func monthNumber(_ name: String) -> Int {
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return (months.firstIndex(of: String(name.prefix(3)).lowercased()) ?? 12) + 1
    }

    private static func isBC(_ era: String?) -> Bool { era?.first == "b" || era?.first == "B" }

    /// Ruby's patterns (`date_parse.c`), in ICU's spelling.
    private enum Patterns {
        static func make(_ source: String, caseInsensitive: Bool = true) -> NSRegularExpression {
            // The patterns are constants; one that did not compile would fail every test of this type.
            try! NSRegularExpression(pattern: source, options: caseInsensitive ? [.caseInsensitive] : [])
        }
        static let days = "sun|mon|tue|wed|thu|fri|sat"
        static let months = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
        static let number = "(?<![0-9])[0-9]"
        static let era = "(c(?:e|\\.e\\.)|b(?:ce|\\.c\\.e\\.)|a(?:d|\\.d\\.)|b(?:c|\\.c\\.))"
        static let eraEnd = "(?!(?<!\\.)[a-z])"

        static let spaceRuns = make("[^-+',./:@\\p{Alphabetic}\\p{Nd}\\[\\]]+", caseInsensitive: false)
        static let weekday = make("\\b(\(days))[^-/0-9\\s]*")
        static let time = make(
            "(\(number)+\\s*(?:(?::\\s*[0-9]+(?:\\s*:\\s*[0-9]+(?:[,.][0-9]*)?)?|h(?:\\s*[0-9]+m?(?:\\s*[0-9]+s?)?)?)(?:\\s*[ap](?:m\\b|\\.m\\.))?|[ap](?:m\\b|\\.m\\.)))"
            + "(?:\\s*((?:gmt|utc?)?[-+][0-9]+(?:[,.:][0-9]+(?::[0-9]+)?)?|(?-i:[\\p{Alphabetic}.\\s]+)(?:standard|daylight)\\stime\\b|(?-i:\\p{Alphabetic}+)(?:\\sdst)?\\b))?")
        static let timeParts = make("\\A([0-9]+)h?(?:\\s*:?\\s*([0-9]+)m?(?:\\s*:?\\s*([0-9]+)(?:[,.]([0-9]+))?s?)?)?(?:\\s*([ap])(?:m\\b|\\.m\\.))?")
        static let dayMonthYear = make(
            "('?\(number)+)[^-0-9\\s]*\\s*(\(months))[^-0-9\\s']*(?:\\s*(?:\\b\(era)\(eraEnd))?\\s*('?-?[0-9]+(?:(?:st|nd|rd|th)\\b)?))?")
        static let monthDayYear = make("\\b(\(months))[^-0-9\\s']*\\s*('?[0-9]+)[^-0-9\\s']*(?:\\s*+,?\\s*+\(era)?\\s*('?-?[0-9]+))?")
        static let iso = make("('?[-+]?\(number)+)-([0-9]+)-('?-?[0-9]+)", caseInsensitive: false)
        static let japaneseEra = make("\\b([mtshr])([0-9]+)\\.([0-9]+)\\.([0-9]+)")
        static let vmsDayFirst = make("('?-?\(number)+)-(\(months))[^-/.]*-('?-?[0-9]+)")
        static let vmsMonthFirst = make("\\b(\(months))[^-/.]*-('?-?[0-9]+)(?:-('?-?[0-9]+))?")
        static let slashes = make("('?-?\(number)+)/\\s*('?[0-9]+)(?:[^0-9]\\s*('?-?[0-9]+))?")
        static let dots = make("('?-?\(number)+)\\.\\s*('?[0-9]+)\\.\\s*('?-?[0-9]+)")
        static let weekDate = make("\\b([0-9]{2}|[0-9]{4})?-?w([0-9]{2})(?:-?([0-9]))?\\b")
        static let weekDay = make("-w-([0-9])\\b")
        static let monthDayNoYear = make("--([0-9]{2})?-([0-9]{2})\\b", caseInsensitive: false)
        static let monthNoYear = make("--([0-9]{2})([0-9]{2})?\\b", caseInsensitive: false)
        static let ordinalDateGuard = make("[,.]([0-9]{2}|[0-9]{4})-[0-9]{3}\\b", caseInsensitive: false)
        static let ordinalDate = make("\\b([0-9]{2}|[0-9]{4})-([0-9]{3})\\b", caseInsensitive: false)
        static let dayOfYearGuard = make("[0-9]-[0-9]{3}\\b", caseInsensitive: false)
        static let dayOfYearOnly = make("\\b-([0-9]{3})\\b", caseInsensitive: false)
        static let apostropheYear = make("'([0-9]+)\\b", caseInsensitive: false)
        static let monthName = make("\\b(\(months))\\S*")
        static let ordinalDay = make("(\(number)+)(st|nd|rd|th)\\b")
        static let digitRun = make("([-+]?)(\(number){2,14})(?:\\s*t?\\s*([0-9]{2,6})?(?:[,.]([0-9]*))?)?(?:\\s*(z\\b|[-+][0-9]{1,4}\\b|\\[[-+]?[0-9][^\\]]*\\]))?")
        static let bc = make("\\b(bc\\b|bce\\b|b\\.c\\.|b\\.c\\.e\\.)")
        static let fragment = make("\\A\\s*([0-9]{1,2})\\s*\\z")
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
