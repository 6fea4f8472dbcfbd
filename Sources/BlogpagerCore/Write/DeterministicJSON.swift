import Foundation

/// JSON written the same way every time (sorted keys, two-space indentation,
/// slashes as they are, a final newline), so the same value gives the same
/// bytes and the same content hash: the index, the manifest, the JSON Feed.
enum DeterministicJSON {
    static func bytes<Value: Encodable>(_ value: Value) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Only called with strings, numbers, arrays and objects of them: encoding cannot fail.
        return Array(try! encoder.encode(value)) + [UInt8(ascii: "\n")]
    }

    /// The same on one line, without the final newline (for line-based files).
    static func compact<Value: Encodable>(_ value: Value) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try! encoder.encode(value))
    }
}
