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

    /// RFC 3339 in the author's offset, e.g. `2016-05-12T10:00:00+09:00`. Every stream page's
    /// index names two dates, every sitemap entry one: written as digits, no string made per field.
    public var rfc3339: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40)
        appendRFC3339(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same, appended to `bytes` (a sitemap is written this way).
    func appendRFC3339(to bytes: inout [UInt8]) {
        let wall = local
        appendPadded(wall.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(wall.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(wall.day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendPadded(wall.hour, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(wall.minute, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(wall.second, width: 2, to: &bytes)
        if nanoseconds != 0 {
            bytes.append(UInt8(ascii: "."))
            appendPadded(Int(nanoseconds), width: 9, to: &bytes)
            while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        }
        if offsetSeconds == 0 {
            bytes.append(UInt8(ascii: "Z"))
        } else {
            let magnitude = abs(Int(offsetSeconds)) / 60
            bytes.append(offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            appendPadded(magnitude / 60, width: 2, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendPadded(magnitude % 60, width: 2, to: &bytes)
        }
    }

    /// The same instant in UTC, a canonical spelling for hashing.
    var canonicalUTC: String {
        var bytes = Array(String(epochSeconds).utf8)
        bytes.append(UInt8(ascii: "."))
        appendPadded(Int(nanoseconds), width: 9, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `value` in decimal, zero-padded to `width` digits, after a `-` when negative.
private func appendPadded(_ value: Int, width: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var digits = 1
    var rest = value.magnitude / 10
    while rest > 0 {
        digits += 1
        rest /= 10
    }
    if width > digits { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits)) }
    let end = bytes.count + digits
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var remaining = value.magnitude
    for index in stride(from: end - 1, through: end - digits, by: -1) {
        bytes[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
        remaining /= 10
    }
}
