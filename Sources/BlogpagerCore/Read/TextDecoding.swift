import Foundation

/// Turns a file's bytes into text, pointing at the first byte that is not UTF-8.
public enum TextDecoding {
    public static func decode(_ bytes: [UInt8], path: String) -> Result<String, Diagnostic> {
        if let text = String(validating: bytes, as: UTF8.self) {
            var normalized = text
            if normalized.hasPrefix("\u{FEFF}") { normalized.removeFirst() }
            // memchr over the file's bytes: walking the string's UTF-8 view byte by byte showed in a build's profile.
            let hasCarriageReturn = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { memchr($0, 0x0D, buffer.count) != nil } ?? false
            }
            if hasCarriageReturn {
                // "\r\n" is one Character in Swift, so replace it as such.
                normalized = normalized.replacingOccurrences(of: "\r\n", with: "\n")
                    .replacingOccurrences(of: "\r", with: "\n")
            }
            return .success(normalized)
        }
        return .failure(.error(at: locationOfInvalidByte(in: bytes, path: path), "file is not valid UTF-8 text"))
    }

    private static func locationOfInvalidByte(in bytes: [UInt8], path: String) -> SourceLocation {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: break loop
            }
        }
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}
