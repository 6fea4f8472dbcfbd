/// Proleptic Gregorian wall-clock fields, converted to and from a day count
/// without a calendar object (Howard Hinnant's days-from-civil algorithm).
public struct CivilDateTime: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int = 0
    public var minute: Int = 0
    public var second: Int = 0

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Splits seconds since the epoch (read as wall-clock time) into fields.
    public init(epochSeconds: Int64) {
        let days = Int(floorDivide(epochSeconds, 86_400))
        let secondsOfDay = Int(epochSeconds - Int64(days) * 86_400)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondsOfDay / 3600
        minute = secondsOfDay % 3600 / 60
        second = secondsOfDay % 60
    }

    /// Seconds since the epoch, reading the fields as UTC.
    public var epochSeconds: Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = Int64(era) * 146_097 + Int64(dayOfEra) - 719_468
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The day of the week, 0 for Sunday (1970-01-01, day 0, was a Thursday).
    public var weekday: Int {
        Int((floorDivide(epochSeconds, 86_400) + 4) % 7 + 7) % 7
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

private func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}
