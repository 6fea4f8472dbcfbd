/// A request path checked before any file is touched: decoded segments that
/// cannot climb out of the served folder, or nothing at all.
public struct RequestPath: Equatable, Sendable {
    /// Decoded path segments, none empty, `.` or `..`.
    public var segments: [String]
    /// Whether the path ended with `/` (a folder URL).
    public var endsWithSlash: Bool

    /// The path below the served folder, `""` for the root.
    public var relativePath: String { segments.joined(separator: "/") }

    /// Parses the raw (still percent-encoded) path of a request. Returns nil
    /// for anything that could reach outside the folder or is ambiguous:
    /// `..` and `.` in any spelling, encoded `/` or `\`, NUL and control
    /// characters, malformed escapes, and hidden names (the output's own
    /// `.blogpager/` marker among them); `.well-known` is the one hidden name a
    /// site may publish.
    public init?(raw: String) {
        guard raw.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for rawSegment in raw.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            guard let decoded = Self.percentDecoded(rawSegment) else { return nil }
            guard !decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else { return nil }
            if decoded.hasPrefix(".") && decoded != ".well-known" { return nil }
            segments.append(decoded)
        }
        self.segments = segments
        self.endsWithSlash = raw.hasSuffix("/")
    }

    /// `%XX` escapes decoded; nil for a bad escape or bytes that are not UTF-8.
    private static func percentDecoded(_ raw: Substring.UTF8View.SubSequence) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                let high = raw.index(after: index)
                guard high < raw.endIndex else { return nil }
                let low = raw.index(after: high)
                guard low < raw.endIndex, let h = hexValue(raw[high]), let l = hexValue(raw[low]) else { return nil }
                bytes.append(h << 4 | l)
                index = raw.index(after: low)
            } else {
                bytes.append(byte)
                index = raw.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
