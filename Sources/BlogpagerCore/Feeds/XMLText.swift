/// Text made safe for XML: markup characters escaped, and characters XML 1.0
/// forbids (most C0 controls, which Markdown passes through) left out, so a
/// strict parser accepts every feed.
enum XMLText {
    /// One pass over the bytes, copying the runs between the bytes it changes
    /// (every term's feed escapes whole entries: a few percent of a build, one
    /// Unicode scalar at a time).
    static func escape(_ text: String) -> String {
        var contiguous = text
        return contiguous.withUTF8 { bytes -> String in
            var out: [UInt8] = []
            var copied = 0, at = 0
            func replace(_ count: Int, with replacement: StaticString) {
                if out.isEmpty { out.reserveCapacity(bytes.count + bytes.count / 4) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<at]))
                replacement.withUTF8Buffer { out.append(contentsOf: $0) }
                at += count
                copied = at
            }
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "&"): replace(1, with: "&amp;")
                case UInt8(ascii: "<"): replace(1, with: "&lt;")
                case UInt8(ascii: ">"): replace(1, with: "&gt;")
                case UInt8(ascii: "\""): replace(1, with: "&quot;")
                case UInt8(ascii: "'"): replace(1, with: "&apos;")
                case 0x09, 0x0A, 0x0D: at += 1
                case ..<0x20: replace(1, with: "")
                // U+FFFE and U+FFFF (EF BF BE, EF BF BF): not characters in XML.
                case 0xEF where at + 2 < bytes.count && bytes[at + 1] == 0xBF && (bytes[at + 2] == 0xBE || bytes[at + 2] == 0xBF):
                    replace(3, with: "")
                default: at += 1
                }
            }
            guard copied > 0 else { return text }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: out, as: UTF8.self)
        }
    }
}
