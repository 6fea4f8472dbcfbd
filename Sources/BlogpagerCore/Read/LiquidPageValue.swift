import Foundation

/// A Jekyll body's `{{ page.… }}`: Jekyll renders Liquid before Markdown, and old posts
/// often open with `{{ page.title }}` over a `====` line, or show `{{ page.date |
/// date_to_string }}`. The entry's title, URL, date (through Jekyll's date filters,
/// in English as Jekyll writes them) and scalar front matter keys; nil for anything else,
/// which is left out with a warning, as before.
struct LiquidPageValue: Equatable {
    var key: String
    /// A date filter: `date_to_string`, `date_to_long_string`, `date_to_xmlschema`, or `date` with its format.
    var filter: Filter?

    enum Filter: Equatable {
        case toString, toLongString, xmlSchema
        case format(String)
    }

    /// `page.title`, `page.date | date: "%B %-d, %Y"`; nil for an expression that is not one.
    init?(expression: String) {
        let parts = expression.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = parts.first, name.hasPrefix("page."), !name.dropFirst(5).isEmpty,
              name.dropFirst(5).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        key = String(name.dropFirst(5))
        guard parts.count == 2 else { return }
        // Jekyll's filters here are its date filters: on another value, the expression is not one of ours.
        guard key == "date" else { return nil }
        let filter = parts[1]
        switch filter {
        case "date_to_string": self.filter = .toString
        case "date_to_long_string": self.filter = .toLongString
        case "date_to_xmlschema": self.filter = .xmlSchema
        default:
            guard filter.hasPrefix("date:"), let format = TemplateText.unquoted(filter.dropFirst(5).trimmingCharacters(in: .whitespaces)) else { return nil }
            self.filter = .format(format)
        }
    }

    /// What Jekyll would show for `entry`, its date in the site's `timezone` where it has one
    /// (as Jekyll shows it, and as its permalink has it); nil where it has no such value
    /// (Jekyll shows nothing there).
    func value(for entry: Entry, timeZone: TimeZone?) -> String? {
        switch (key, filter) {
        case ("title", nil): return entry.title
        case ("url", nil): return entry.url
        case ("date", let filter):
            return Self.format(timeZone.map(entry.date.shown(in:)) ?? entry.date, filter ?? .format("%Y-%m-%d %H:%M:%S %z"))
        // An author is read into the entry's authors, out of its other keys.
        case ("author", nil): return entry.params[key]?.scalarText ?? entry.terms(of: .authors).joined(separator: ", ")
        default: return entry.params[key]?.scalarText
        }
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func format(_ date: EntryDate, _ filter: Filter) -> String {
        switch filter {
        case .toString: return format(date, .format("%d %b %Y"))
        case .toLongString: return format(date, .format("%d %B %Y"))
        case .xmlSchema: return date.rfc3339
        case .format(let pattern):
            let wall = date.local
            let weekday = Self.weekdays[wall.weekday]
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let offset = Int(date.offsetSeconds) / 60
            var text = ""
            var characters = pattern.makeIterator()
            while let character = characters.next() {
                guard character == "%", var directive = characters.next() else { text.append(character); continue }
                let unpadded = directive == "-"
                if unpadded, let next = characters.next() { directive = next }
                switch directive {
                case "Y": text += String(wall.year)
                case "y": text += two(wall.year % 100)
                case "m": text += unpadded ? String(wall.month) : two(wall.month)
                case "d": text += unpadded ? String(wall.day) : two(wall.day)
                case "e": text += wall.day < 10 ? " \(wall.day)" : String(wall.day)
                case "B": text += Self.months[wall.month - 1]
                case "b", "h": text += String(Self.months[wall.month - 1].prefix(3))
                case "A": text += weekday
                case "a": text += String(weekday.prefix(3))
                case "H": text += unpadded ? String(wall.hour) : two(wall.hour)
                case "I": text += two((wall.hour + 11) % 12 + 1)
                case "M": text += two(wall.minute)
                case "S": text += two(wall.second)
                case "p": text += wall.hour < 12 ? "AM" : "PM"
                case "z": text += (offset < 0 ? "-" : "+") + two(abs(offset) / 60) + two(abs(offset) % 60)
                case "%": text += "%"
                default: text += "%" + (unpadded ? "-" : "") + String(directive)
                }
            }
            return text
        }
    }
}
