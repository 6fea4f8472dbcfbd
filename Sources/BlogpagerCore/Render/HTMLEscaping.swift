import Mustache

/// The escaping of `{{name}}` in every template: the five characters Mustache's
/// HTML content type escapes, with the same entities, found byte by byte.
/// Mustache's own walks Characters through a dictionary, which took a tenth of
/// a full build; this leaves a string without them as it is, uncopied.
struct HTMLEscaping: MustacheContentType {
    /// The name templates select it by (`{{% CONTENT_TYPE: ... }}`).
    static let name = "BLOGPAGER_HTML"

    /// The line put before each template so it escapes with this type. The
    /// pragma stands alone on it, so Mustache drops the whole line and the
    /// template's own first line keeps its standalone-tag rules.
    static let pragmaLine = "{{% CONTENT_TYPE: \(name) }}\n"

    /// Makes the name known to Mustache's parser. Mustache keeps its content
    /// types in one table for the process; registering the same type again is harmless.
    static func register() {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
    }

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let first = bytes.firstIndex(where: Self.needsEscape) else { return nil }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 32)
            escaped.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
                default: escaped.append(byte)
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        } ?? text
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
