import Foundation

/// The width and height an image file says it has, read from its first bytes:
/// PNG, GIF, JPEG, WebP and SVG headers each name them in a few bytes. Given
/// to `<img>` at build time, so nothing moves when the image arrives.
public struct ImageSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Nil for a file that is none of those, or says no size (an SVG with neither width nor viewBox).
    public init?(_ bytes: [UInt8]) {
        func big16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func big32(_ at: Int) -> Int { big16(at) << 16 | big16(at + 2) }
        func little16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func little24(_ at: Int) -> Int { little16(at) | Int(bytes[at + 2]) << 16 }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        var size: (Int, Int)?
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24, starts(Array("IHDR".utf8), at: 12) {
            size = (big32(16), big32(20))
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)), bytes.count >= 10 {
            size = (little16(6), little16(8))
        } else if starts([0xFF, 0xD8]) {
            size = Self.jpeg(bytes)
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8), bytes.count >= 30 {
            if starts(Array("VP8X".utf8), at: 12) {
                size = (little24(24) + 1, little24(27) + 1)
            } else if starts(Array("VP8L".utf8), at: 12), bytes[20] == 0x2F {
                let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
                size = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            } else if starts(Array("VP8 ".utf8), at: 12) {
                size = (little16(26) & 0x3FFF, little16(28) & 0x3FFF)
            }
        } else {
            size = Self.svg(bytes)
        }
        guard let (width, height) = size, width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
    }

    /// A JPEG's size is in its first start-of-frame segment.
    private static func jpeg(_ bytes: [UInt8]) -> (Int, Int)? {
        var at = 2
        while at + 9 < bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            // SOF0–SOF15, but not DHT (C4), JPG (C8) or DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(bytes[at + 7]) << 8 | Int(bytes[at + 8]), Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]))
            }
            at += 2 + length
        }
        return nil
    }

    /// An SVG's `width` and `height` in pixels, else its `viewBox`.
    private static func svg(_ bytes: [UInt8]) -> (Int, Int)? {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let open = head.range(of: "<svg") , let close = head[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = String(head[open.upperBound..<close])
        func attribute(_ name: String) -> String? {
            guard let start = tag.range(of: " \(name)=") ?? tag.range(of: "\n\(name)="), let quote = tag[start.upperBound...].first,
                  quote == "\"" || quote == "'" else { return nil }
            let value = tag[tag.index(after: start.upperBound)...].prefix { $0 != quote }
            return String(value)
        }
        func pixels(_ text: String?) -> Int? {
            guard var text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.hasSuffix("px") { text.removeLast(2) }
            return Double(text).map { Int($0.rounded()) }
        }
        if let width = pixels(attribute("width")), let height = pixels(attribute("height")) { return (width, height) }
        let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        return box.count == 4 ? (Int(box[2].rounded()), Int(box[3].rounded())) : nil
    }
}
