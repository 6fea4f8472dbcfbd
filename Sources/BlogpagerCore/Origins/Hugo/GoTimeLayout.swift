import Foundation

/// A time written by a Go layout (`2006-01-02`, `Jan 2, 2006 15:04`), as Hugo's `now.Format` and
/// `dateFormat` write it: each of Go's reference values replaced by the time's own, in the
/// order Go's scanner tries them at each place; any other character kept as it is.
enum GoTimeLayout {
    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    private static let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func format(_ layout: String, date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let (year, month, day) = (parts.year!, parts.month!, parts.day!)
        let (hour, minute, second) = (parts.hour!, parts.minute!, parts.second!)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let offsetHours = (abs(offset) / 3600).zeroPadded(2), offsetMinutes = (abs(offset) % 3600 / 60).zeroPadded(2)
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        // Longest first where one reference value begins another (Go's own order).
        let values: [(String, String)] = [
            ("January", months[month - 1]), ("Jan", String(months[month - 1].prefix(3))),
            ("Monday", days[parts.weekday! - 1]), ("Mon", String(days[parts.weekday! - 1].prefix(3))),
            ("MST", timeZone.abbreviation(for: date) ?? "UTC"),
            ("2006", year.zeroPadded(4)), ("01", month.zeroPadded(2)), ("02", day.zeroPadded(2)), ("_2", day < 10 ? " \(day)" : "\(day)"),
            ("03", hour12.zeroPadded(2)), ("04", minute.zeroPadded(2)), ("05", second.zeroPadded(2)), ("06", (year % 100).zeroPadded(2)),
            ("15", hour.zeroPadded(2)), ("1", "\(month)"), ("2", "\(day)"), ("3", "\(hour12)"), ("4", "\(minute)"), ("5", "\(second)"),
            ("PM", hour < 12 ? "AM" : "PM"), ("pm", hour < 12 ? "am" : "pm"),
            ("Z07:00", offset == 0 ? "Z" : "\(sign)\(offsetHours):\(offsetMinutes)"), ("Z0700", offset == 0 ? "Z" : "\(sign)\(offsetHours)\(offsetMinutes)"),
            ("-07:00", "\(sign)\(offsetHours):\(offsetMinutes)"), ("-0700", "\(sign)\(offsetHours)\(offsetMinutes)"), ("-07", "\(sign)\(offsetHours)"),
        ]
        var result = ""
        var rest = Substring(layout)
        scanning: while !rest.isEmpty {
            for (reference, value) in values where rest.hasPrefix(reference) {
                result += value
                rest = rest.dropFirst(reference.count)
                continue scanning
            }
            result.append(rest.removeFirst())
        }
        return result
    }
}
