import Foundation

/// JSON written the same way every time (sorted keys, two-space indentation,
/// slashes as they are, a final newline), so the same value gives the same
/// bytes and the same content hash: the index, the manifest, the JSON Feed.
enum DeterministicJSON {
    static func bytes<Value: Encodable>(_ value: Value) -> [UInt8] {
        encode(value, pretty: true) + [UInt8(ascii: "\n")]
    }

    /// The same on one line, without the final newline (for line-based files).
    static func compact<Value: Encodable>(_ value: Value) -> [UInt8] {
        encode(value, pretty: false)
    }

    private static func encode<Value: Encodable>(_ value: Value, pretty: Bool) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        // Only called with strings, numbers, arrays and objects of them: encoding cannot fail.
        return Array(try! encoder.encode(value))
    }
}
