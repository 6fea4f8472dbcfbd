/// Ruby's `Time#strftime`, which Liquid's `date` filter and Jekyll's date filters call: in English,
/// as Jekyll writes dates (`%B` is "May"), with Ruby's flags `-` (no padding), `_` (spaces), `0`,
/// `^` (upper case) and a width.
enum RubyStrftime {
    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func format(_ date: EntryDate, _ pattern: String) -> String {
        let wall = date.local
        var text = ""
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            guard character == "%", !characters.isEmpty else { text.append(character); continue }
            var flags: Set<Character> = []
            while let flag = characters.first, "-_0^#".contains(flag) { flags.insert(flag); characters.removeFirst() }
            var width = ""
            while let digit = characters.first, digit.isASCII, digit.isNumber { width.append(digit); characters.removeFirst() }
            guard let directive = characters.popFirst() else { text += "%"; break }
            func number(_ value: Int, _ digits: Int, pad: Character = "0") -> String {
                let written = String(value)
                if flags.contains("-") { return written }
                let padding: Character = flags.contains("_") ? " " : flags.contains("0") ? "0" : pad
                let length = Int(width) ?? digits
                return String(repeating: padding, count: max(0, length - written.count)) + written
            }
            func word(_ value: String) -> String {
                let shown = flags.contains("^") || flags.contains("#") ? value.uppercased() : value
                guard let length = Int(width), length > shown.count else { return shown }
                return String(repeating: flags.contains("0") ? "0" : " ", count: length - shown.count) + shown
            }
            let offset = Int(date.offsetSeconds) / 60
            let hour12 = (wall.hour + 11) % 12 + 1
            let dayOfYear = CivilDateTime(year: wall.year, month: wall.month, day: wall.day).epochSeconds / 86_400
                - CivilDateTime(year: wall.year, month: 1, day: 1).epochSeconds / 86_400 + 1
            switch directive {
            case "Y": text += number(wall.year, 1)
            case "C": text += number(wall.year / 100, 2)
            case "y": text += number(wall.year % 100, 2)
            case "m": text += number(wall.month, 2)
            case "B": text += word(months[wall.month - 1])
            case "b", "h": text += word(String(months[wall.month - 1].prefix(3)))
            case "d": text += number(wall.day, 2)
            case "e": text += number(wall.day, 2, pad: " ")
            case "j": text += number(Int(dayOfYear), 3)
            case "H": text += number(wall.hour, 2)
            case "k": text += number(wall.hour, 2, pad: " ")
            case "I": text += number(hour12, 2)
            case "l": text += number(hour12, 2, pad: " ")
            case "P": text += word(wall.hour < 12 ? "am" : "pm")
            case "p": text += flags.contains("#") ? (wall.hour < 12 ? "am" : "pm") : word(wall.hour < 12 ? "AM" : "PM")
            case "M": text += number(wall.minute, 2)
            case "S": text += number(wall.second, 2)
            case "L": text += number(Int(date.nanoseconds) / 1_000_000, 3)
            case "N": text += number(Int(date.nanoseconds), 9)
            case "z":
                let sign = offset < 0 ? "-" : "+"
                text += sign + number(abs(offset) / 60, 2) + number(abs(offset) % 60, 2)
            case "Z": text += offset == 0 ? "UTC" : ""
            case "A": text += word(weekdays[wall.weekday])
            case "a": text += word(String(weekdays[wall.weekday].prefix(3)))
            case "u": text += String(wall.weekday == 0 ? 7 : wall.weekday)
            case "w": text += String(wall.weekday)
            case "U": text += number((Int(dayOfYear) + 6 - wall.weekday) / 7, 2)
            case "W": text += number((Int(dayOfYear) + 6 - (wall.weekday + 6) % 7) / 7, 2)
            case "s": text += String(date.epochSeconds)
            case "n": text += "\n"
            case "t": text += "\t"
            case "%": text += "%"
            case "F": text += format(date, "%Y-%m-%d")
            case "D", "x": text += format(date, "%m/%d/%y")
            case "T", "X": text += format(date, "%H:%M:%S")
            case "R": text += format(date, "%H:%M")
            case "r": text += format(date, "%I:%M:%S %p")
            case "c": text += format(date, "%a %b %e %H:%M:%S %Y")
            case "v": text += format(date, "%e-%^b-%Y")
            default: text += "%" + String(flags) + width + String(directive)
            }
        }
        return text
    }

    /// Ruby's `Time#to_s`, which `{{ page.date }}` shows.
    static func timeText(_ date: EntryDate) -> String {
        format(date, "%Y-%m-%d %H:%M:%S %z")
    }

    /// Jekyll's `date_to_string` and `date_to_long_string`: "12 May 2016", "12th May 2016" (ordinal), "May 12th, 2016" (US).
    static func jekyllDate(_ date: EntryDate, monthFormat: String, type: String?, style: String?) -> String {
        guard type == "ordinal" else { return format(date, "%d \(monthFormat) %Y") }
        let day = date.local.day
        let suffix = (11...13).contains(day % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][day % 10] ?? "th"
        return style == "US" ? format(date, "\(monthFormat) ") + "\(day)\(suffix), " + format(date, "%Y")
            : "\(day)\(suffix) " + format(date, "\(monthFormat) %Y")
    }
}
