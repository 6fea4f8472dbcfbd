import BlogpagerCore
import Testing

/// A segment is percent-encoded byte by byte, all but the unreserved characters, in capitals.
struct URLPathEncodingTests {
    @Test(arguments: [
        ("entry-000123", "entry-000123"),
        ("a.b_c~d-E9", "a.b_c~d-E9"),
        ("", ""),
        ("two words", "two%20words"),
        ("日記", "%E6%97%A5%E8%A8%98"),
        ("c++ & c#", "c%2B%2B%20%26%20c%23"),
        ("100%", "100%25"),
        ("a/b?c", "a%2Fb%3Fc"),
        ("café-2024", "caf%C3%A9-2024"),
    ])
    func segmentsAreEncodedByteByByte(segment: String, expected: String) {
        #expect(URLPathEncoding.encode(segment) == expected)
    }

    /// Every ASCII byte: the unreserved ones kept, the others as `%XY` in capitals.
    @Test func everyByteIsKeptOrEncoded() {
        for value in 0..<128 {
            let byte = UInt8(value)
            let text = String(decoding: [UInt8(ascii: "x"), byte, UInt8(ascii: "y")], as: UTF8.self)
            let encoded = URLPathEncoding.encode(text)
            let unreserved = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || "-._~".utf8.contains(byte)
            let escaped = "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            #expect(encoded == (unreserved ? text : "x" + escaped + "y"), "byte \(value)")
        }
    }
}

