import Foundation

/// Reads the date spellings blogs use (Jekyll, Hugo, hand-written), as text:
/// `2016-05-12`, `2016-05-12 10:00`, `2016-05-12 10:00:00 +0900`,
/// `2016-05-12T10:00:00+09:00`, `...Z`, with one-digit months, days, hours,
/// minutes and seconds (`2016-1-5 9:00`) as Jekyll and Hugo accept them, and
/// Ruby's own `Sun Feb 05 09:00:46 -0500 2012`, which Jekyll reads. A time
/// without an offset is read in the site's time zone.
public struct EntryDateParser: Sendable {
    public struct Failure: Error, Sendable, Equatable {
        /// 0-based position in the text where the problem is.
        public var offset: Int
        public var message: String
    }

    public var siteTimeZone: TimeZone
    /// Jekyll's reading of any other text (Ruby's `Time.parse`), where the site is Jekyll's.
    var rubyTime: RubyTimeParser?

    public init(siteTimeZone: TimeZone) {
        self.siteTimeZone = siteTimeZone
    }

    /// A parser that reads what the strict spellings do not as Ruby's `Time.parse` does, completing a date without a year from `now`.
    init(siteTimeZone: TimeZone, readingAsRubyAt now: Date) {
        self.siteTimeZone = siteTimeZone
        self.rubyTime = RubyTimeParser(siteTimeZone: siteTimeZone, now: now)
    }

    public func parse(_ text: String) -> Result<EntryDate, Failure> {
        var scanner = Scanner(Array(text.utf8))
        do {
            return .success(try parse(&scanner))
        } catch {
            if let rubyTime { return Self.read(text, as: rubyTime, inZone: siteOffset(forWallClock:)) }
            // Ruby's own spelling of a time, as old Jekyll posts carry it and Jekyll reads it.
            if let written = Self.rubyTimeAsNumbers(text), case .success(let date) = parse(written) { return .success(date) }
            return .failure(error)
        }
    }

    /// `Sun Feb 05 09:00:46 -0500 2012` or `Tue Jan 08 09:35:31 2013` (Ruby's `Time#to_s` and
    /// `ctime`, which Jekyll's `Time.parse` reads; a weekday or month name may run on, as in
    /// `Thurs` or `Sept`) as `2012-02-05 09:00:46 -0500`, and a date with its day first
    /// (`26 Mar 2018`, which Hugo reads too); nil for any other text.
    static func rubyTimeAsNumbers(_ text: String) -> String? {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        func named(_ word: String, in names: [String]) -> Int? {
            let lower = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".,"))
            guard lower.count >= 3, lower.allSatisfy(\.isLetter) else { return nil }
            return names.firstIndex(of: String(lower.prefix(3)))
        }
        if let first = words.first, named(first, in: weekdays) != nil { words.removeFirst() }
        let year: Int, month: Int, day: Int
        let rest: ArraySlice<String>
        if words.count >= 3, let first = Int(words[0]), let name = named(words[1], in: months), let last = Int(words[2]), words[2].count == 4 {
            // Day first: `26 Mar 2018` (Hugo's `02 Jan 2006`), `23 March 2020`, `Mon, 02 Jan 2006 15:04:05 -0700`.
            (year, month, day) = (last, name, first)
            rest = words.dropFirst(3)
        } else {
            guard words.count >= 3, let name = named(words[0], in: months), let first = Int(words[1].trimmingCharacters(in: CharacterSet(charactersIn: ","))),
                  let last = words.last.flatMap(Int.init), words.last?.count == 4 else { return nil }
            (year, month, day) = (last, name, first)
            rest = words.dropFirst(2).dropLast()
        }
        guard rest.count <= 2 else { return nil }
        var written = String(format: "%04d-%02d-%02d", year, month + 1, day)
        for word in rest {
            guard word.contains(":") || word.hasPrefix("+") || word.hasPrefix("-") || ["Z", "UTC", "GMT"].contains(word.uppercased()) else { return nil }
            written += " " + (word.uppercased() == "GMT" ? "UTC" : word)
        }
        return written
    }

    private func parse(_ scanner: inout Scanner) throws(Failure) -> EntryDate {
        scanner.skipSpaces()
        let expected = "expected a date such as 2016-05-12, 2016-05-12 10:00 or 2016-05-12T10:00:00+09:00"
        let year = try scanner.digits(4...4, expected)
        try scanner.expect("-", expected)
        // Months, days and hours of one digit too (`2016-1-5 9:00`), as Jekyll and Hugo read them.
        let monthStart = scanner.position
        let month = try scanner.digits(1...2, expected)
        try scanner.expect("-", expected)
        let dayStart = scanner.position
        let day = try scanner.digits(1...2, expected)
        guard (1...12).contains(month) else { throw EntryDateParser.Failure(offset: monthStart, message: "month \(month) is out of range 1-12") }
        guard (1...CivilDateTime.daysIn(month: month, year: year)).contains(day) else {
            throw EntryDateParser.Failure(offset: dayStart, message: "day \(day) does not exist in \(year)-\(month < 10 ? "0" : "")\(month)")
        }
        var wall = CivilDateTime(year: year, month: month, day: day)
        var nanoseconds: Int32 = 0
        var hasTime = false
        if scanner.peek == UInt8(ascii: "T") || scanner.peek == UInt8(ascii: "t") {
            scanner.advance()
            hasTime = true
        } else if scanner.peek == UInt8(ascii: " ") {
            var next = scanner.position
            while next < scanner.bytes.count, scanner.bytes[next] == UInt8(ascii: " ") { next += 1 }
            if scanner.isDigit(at: next) {
                scanner.position = next
                hasTime = true
            }
        }
        if hasTime {
            let timeExpected = "expected a time such as 10:00 or 10:00:00"
            wall.hour = try scanner.digits(1...2, timeExpected)
            try scanner.expect(":", timeExpected)
            wall.minute = try scanner.digits(1...2, timeExpected)
            if scanner.peek == UInt8(ascii: ":") {
                scanner.advance()
                wall.second = try scanner.digits(1...2, timeExpected)
                if scanner.peek == UInt8(ascii: ".") || scanner.peek == UInt8(ascii: ",") {
                    scanner.advance()
                    nanoseconds = try scanner.fraction()
                }
            }
            guard wall.hour < 24, wall.minute < 60, wall.second < 60 else {
                throw scanner.failure("time \(wall.hour):\(wall.minute):\(wall.second) is out of range", back: 0)
            }
        }
        scanner.skipSpaces()
        let offset = try scanner.zoneOffset()
        scanner.skipSpaces()
        guard scanner.atEnd else {
            throw scanner.failure("unexpected text after the date; \(expected)", back: 0)
        }
        let wallSeconds = wall.epochSeconds
        let offsetSeconds = offset ?? siteOffset(forWallClock: wallSeconds)
        return EntryDate(
            epochSeconds: wallSeconds - Int64(offsetSeconds),
            nanoseconds: nanoseconds,
            offsetSeconds: offsetSeconds,
            hasTime: hasTime)
    }

    /// The site zone's offset in force at a wall-clock time (two steps settle DST edges).
    private func siteOffset(forWallClock wallSeconds: Int64) -> Int32 {
        let first = siteTimeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallSeconds)))
        let guess = wallSeconds - Int64(first)
        return Int32(siteTimeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(guess))))
    }
}

private struct Scanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    func isDigit(at index: Int) -> Bool {
        index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    mutating func advance() { position += 1 }

    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") || peek == UInt8(ascii: "\t") { advance() }
    }

    func failure(_ message: String, back: Int) -> EntryDateParser.Failure {
        EntryDateParser.Failure(offset: max(0, position - back), message: message)
    }

    /// A number of `count` digits (as many as there are, up to its upper bound).
    mutating func digits(_ count: ClosedRange<Int>, _ expected: String) throws(EntryDateParser.Failure) -> Int {
        var value = 0
        let start = position
        while position - start < count.upperBound, isDigit(at: position) {
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            advance()
        }
        guard position - start >= count.lowerBound else { throw failure(expected, back: position - start) }
        return value
    }

    mutating func expect(_ character: Unicode.Scalar, _ expected: String) throws(EntryDateParser.Failure) {
        guard peek == UInt8(ascii: character) else { throw failure(expected, back: 0) }
        advance()
    }

    mutating func fraction() throws(EntryDateParser.Failure) -> Int32 {
        var value: Int32 = 0
        var places = 0
        while isDigit(at: position) {
            if places < 9 {
                value = value * 10 + Int32(bytes[position] - UInt8(ascii: "0"))
                places += 1
            }
            advance()
        }
        guard places > 0 else { throw failure("expected digits after the decimal point", back: 0) }
        for _ in places..<9 { value *= 10 }
        return value
    }

    /// `Z`, `UTC`, `+09:00`, `+0900` or `+09`; nil when no zone is written.
    mutating func zoneOffset() throws(EntryDateParser.Failure) -> Int32? {
        guard let first = peek else { return nil }
        if first == UInt8(ascii: "Z") || first == UInt8(ascii: "z") {
            advance()
            return 0
        }
        if Array(bytes[position...].prefix(3)) == Array("UTC".utf8) || Array(bytes[position...].prefix(3)) == Array("GMT".utf8) {
            position += 3
            if peek == nil || peek == UInt8(ascii: " ") { return 0 }
        }
        let expected = "expected a UTC offset such as +09:00, -0700 or Z"
        let start = position
        guard first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else {
            throw failure(expected, back: 0)
        }
        advance()
        var hours = 0
        var minutes = 0
        do {
            hours = try digits(2...2, expected)
            if peek == UInt8(ascii: ":") {
                advance()
                minutes = try digits(2...2, expected)
            } else if isDigit(at: position) {
                minutes = try digits(2...2, expected)
            }
        } catch {
            throw EntryDateParser.Failure(offset: start, message: expected)
        }
        guard hours <= 18, minutes < 60 else { throw EntryDateParser.Failure(offset: start, message: "UTC offset is out of range") }
        let magnitude = Int32(hours * 3600 + minutes * 60)
        return first == UInt8(ascii: "-") ? -magnitude : magnitude
    }
}
