import Foundation

/// A front-matter date as Jekyll reads one: Ruby's `Time.parse`, which takes the parts
/// `Date._parse` finds (`RubyDateParts`), fills what is missing from the current time (a
/// date without a year is in this year, one without a time at midnight), and reads the zone
/// by Ruby's own short table (`UTC`, `PST`, `+05:30`); a zone it does not know, or none, is
/// the site's time zone (Jekyll sets Ruby's to the config's `timezone`).
struct RubyTimeParser: Sendable {
    var siteTimeZone: TimeZone
    /// The time a date without a year or a day is completed from (Ruby's `Time.now`).
    var now: Date

    struct Failure: Error, Equatable {
        var message: String
    }

    /// The wall-clock time Ruby reads, and the offset its zone names (nil: the site's zone).
    struct Read {
        var wall: CivilDateTime
        var offset: Int32?
        var nanoseconds: Int32
        var hasTime: Bool
    }

    func parse(_ text: String) -> Result<Read, Failure> {
        guard let parts = RubyDateParts.parse(text) else {
            return .failure(Failure(message: "a date is at most \(RubyDateParts.lengthLimit) bytes long, as Ruby reads it"))
        }
        var year = parts.year, month = parts.month, day = parts.day
        var hour = parts.hour, minute = parts.minute, second = parts.second
        if year == nil, month == nil, day == nil, parts.dayOfYear == nil, hour == nil, minute == nil, second == nil, parts.fraction == nil {
            return .failure(Failure(message: "no date or time in it, as Ruby reads it"))
        }
        let offset = parts.zone.flatMap(Self.zoneOffset)
        if let dayOfYear = parts.dayOfYear {
            guard (1...366).contains(dayOfYear) else { return .failure(Failure(message: "day \(dayOfYear) of the year is out of range")) }
            let fullYear = year ?? wall(of: now, offset: offset).year
            guard dayOfYear <= (CivilDateTime.daysIn(month: 2, year: fullYear) == 29 ? 366 : 365) else {
                return .failure(Failure(message: "day \(dayOfYear) of the year is out of range"))
            }
            let civil = CivilDateTime(epochSeconds: CivilDateTime(year: fullYear, month: 1, day: 1).epochSeconds + Int64(dayOfYear - 1) * 86_400)
            (month, day) = (civil.month, civil.day)
            year = fullYear
        }
        // What is missing before the first part given comes from now, in the date's zone.
        let current = wall(of: now, offset: offset)
        repeat {
            if year != nil { break }
            year = current.year
            if month != nil { break }
            month = current.month
            if day != nil { break }
            day = current.day
            if hour != nil { break }
            hour = current.hour
            if minute != nil { break }
            minute = current.minute
            if second != nil { break }
            second = current.second
        } while false
        let wall = (year: year ?? 1970, month: month ?? 1, day: day ?? 1, hour: hour ?? 0, minute: minute ?? 0, second: second ?? 0)
        guard (1...12).contains(wall.month) else { return .failure(Failure(message: "month \(wall.month) is out of range 1-12")) }
        guard (1...31).contains(wall.day) else { return .failure(Failure(message: "day \(wall.day) is out of range 1-31")) }
        guard (0...24).contains(wall.hour), (0...59).contains(wall.minute), (0...60).contains(wall.second),
              wall.hour < 24 || (wall.minute == 0 && wall.second == 0) else {
            return .failure(Failure(message: "time \(wall.hour):\(wall.minute):\(wall.second) is out of range"))
        }
        guard (-9999...9999).contains(wall.year) else { return .failure(Failure(message: "year \(wall.year) is out of range")) }
        // Ruby rolls a day past the month's end (31 February) and hour 24 into the next day.
        let start = CivilDateTime(year: wall.year, month: wall.month, day: 1).epochSeconds
        let rolled = CivilDateTime(epochSeconds: start + Int64(wall.day - 1) * 86_400 + Int64(wall.hour * 3600 + wall.minute * 60 + wall.second))
        let nanoseconds = parts.fraction.map { fraction -> Int32 in
            let scale = min(fraction.scale, 9)
            var value = fraction.digits
            for _ in 0..<(fraction.scale - scale) { value /= 10 }
            for _ in 0..<(9 - scale) { value *= 10 }
            return Int32(value)
        } ?? 0
        return .success(Read(wall: rolled, offset: offset.map(Int32.init), nanoseconds: nanoseconds, hasTime: parts.hour != nil || parts.minute != nil || parts.second != nil))
    }

    /// Ruby's `Time.zone_offset`: `+09:00`, `-0800`, `+09`, and the zones of its table; nil for any other.
    static func zoneOffset(_ zone: String) -> Int? {
        let upper = zone.uppercased()
        let scalars = Array(upper.utf8)
        if scalars.count >= 3, scalars[0] == UInt8(ascii: "+") || scalars[0] == UInt8(ascii: "-") {
            let sign = scalars[0] == UInt8(ascii: "-") ? -1 : 1
            let digits = scalars.dropFirst()
            func two(_ at: Int) -> Int? {
                guard at + 1 < scalars.count, (0x30...0x39).contains(scalars[at]), (0x30...0x39).contains(scalars[at + 1]) else { return nil }
                return Int(scalars[at] - 0x30) * 10 + Int(scalars[at + 1] - 0x30)
            }
            if digits.count == 2, let hours = two(1) { return sign * hours * 3600 }
            let colon = scalars.count > 3 && scalars[3] == UInt8(ascii: ":")
            let minuteAt = colon ? 4 : 3
            guard let hours = two(1), let minutes = two(minuteAt) else { return nil }
            var seconds = 0
            let rest = scalars.count - (minuteAt + 2)
            if rest > 0 {
                let secondAt = minuteAt + 2 + (colon ? 1 : 0)
                guard rest == (colon ? 3 : 2), !colon || scalars[minuteAt + 2] == UInt8(ascii: ":"), let value = two(secondAt) else { return nil }
                seconds = value
            }
            return sign * ((hours * 60 + minutes) * 60 + seconds)
        }
        let table: [String: Int] = [
            "UTC": 0, "Z": 0, "UT": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
            "A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8, "I": 9, "K": 10, "L": 11, "M": 12,
            "N": -1, "O": -2, "P": -3, "Q": -4, "R": -5, "S": -6, "T": -7, "U": -8, "V": -9, "W": -10, "X": -11, "Y": -12,
        ]
        return table[upper].map { $0 * 3600 }
    }

    /// The wall clock of an instant at an offset, or in the site's zone.
    private func wall(of instant: Date, offset: Int?) -> CivilDateTime {
        let seconds = Int64(instant.timeIntervalSince1970.rounded(.down))
        let shift = offset ?? siteTimeZone.secondsFromGMT(for: instant)
        return CivilDateTime(epochSeconds: seconds + Int64(shift))
    }
}
