import Foundation

/// A moment as an author wrote it: the absolute instant orders entries, the
/// offset it was written in is kept for display and for dated permalinks.
public struct EntryDate: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var epochSeconds: Int64
    /// Sub-second part, 0..<1_000_000_000.
    public var nanoseconds: Int32
    /// Offset from UTC the author's clock showed, in seconds.
    public var offsetSeconds: Int32
    /// False when only a day was written (`2016-05-12`).
    public var hasTime: Bool

    public init(epochSeconds: Int64, nanoseconds: Int32 = 0, offsetSeconds: Int32 = 0, hasTime: Bool = true) {
        self.epochSeconds = epochSeconds
        self.nanoseconds = nanoseconds
        self.offsetSeconds = offsetSeconds
        self.hasTime = hasTime
    }

    /// The same instant, shown in `zone`'s offset at that moment.
    public func shown(in zone: TimeZone) -> EntryDate {
        var moved = self
        moved.offsetSeconds = Int32(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(epochSeconds))))
        return moved
    }

    /// Two dates are the same instant whatever offset each was written in.
    public func isSameInstant(as other: EntryDate) -> Bool {
        epochSeconds == other.epochSeconds && nanoseconds == other.nanoseconds
    }

    /// True when this instant comes strictly after `other`.
    public func isAfter(_ other: EntryDate) -> Bool {
        (epochSeconds, nanoseconds) > (other.epochSeconds, other.nanoseconds)
    }

    /// The wall-clock fields in the author's own offset.
    public var local: CivilDateTime {
        CivilDateTime(epochSeconds: epochSeconds + Int64(offsetSeconds))
    }

    /// RFC 3339 in the author's offset, e.g. `2016-05-12T10:00:00+09:00`. Written as bytes in
    /// one buffer: every stream page's index names two dates, every sitemap entry one.
    public var rfc3339: String {
        let wall = local
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40)
        bytes += pad(wall.year, 4).utf8
        bytes.append(UInt8(ascii: "-"))
        bytes += pad(wall.month, 2).utf8
        bytes.append(UInt8(ascii: "-"))
        bytes += pad(wall.day, 2).utf8
        bytes.append(UInt8(ascii: "T"))
        bytes += pad(wall.hour, 2).utf8
        bytes.append(UInt8(ascii: ":"))
        bytes += pad(wall.minute, 2).utf8
        bytes.append(UInt8(ascii: ":"))
        bytes += pad(wall.second, 2).utf8
        if nanoseconds != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes += pad(Int(nanoseconds), 9).utf8
            while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        }
        if offsetSeconds == 0 {
            bytes.append(UInt8(ascii: "Z"))
        } else {
            let magnitude = abs(Int(offsetSeconds)) / 60
            bytes.append(offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            bytes += pad(magnitude / 60, 2).utf8
            bytes.append(UInt8(ascii: ":"))
            bytes += pad(magnitude % 60, 2).utf8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same instant in UTC, a canonical spelling for hashing.
    var canonicalUTC: String {
        "\(epochSeconds).\(pad(Int(nanoseconds), 9))"
    }
}

private func pad(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(abs(value))
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
}
