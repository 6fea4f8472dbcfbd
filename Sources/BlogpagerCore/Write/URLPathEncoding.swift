/// Percent-encodes one URL path segment, byte by byte, so Japanese slugs and
/// spaces give URLs every browser and server agrees on.
public enum URLPathEncoding {
    public static func encode(_ segment: String) -> String {
        encode(segment[...], keepingSlashes: false)
    }

    /// Percent-encodes a `/`-separated path, each segment as `encode(_:)` does, its `/`s kept.
    public static func encode(path: Substring) -> String {
        encode(path, keepingSlashes: true)
    }

    private static func encode(_ text: Substring, keepingSlashes: Bool) -> String {
        let kept = { (byte: UInt8) in isUnreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) }
        // Most segments (slugs, dates, page numbers) need nothing: given back as they are. Every URL
        // of every page's key goes through here, and a string grown a scalar at a time showed in a rebuild's profile.
        if text.utf8.allSatisfy(kept) { return String(text) }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if kept(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
