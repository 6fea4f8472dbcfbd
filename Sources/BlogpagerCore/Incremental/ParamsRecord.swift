/// An entry's params (`Entry.params`, the front matter blogpager does not interpret) as
/// the entry cache keeps them: a tagged form read in one pass. JSON through `Codable`
/// was most of a rebuild's decoding of a real blog (`docs/benchmarks.md`)
/// whose entries nearly all carry params (Zola's `[extra]`, Hugo's own keys).
///
/// `n` null; `t` / `f`; `i<decimal>;` an integer; `d<16 hex digits>` a double's bits;
/// `s<bytes>:<text>` a string; `l<count>:` and the items; `m<count>:` and, key by key in
/// byte order, `<bytes>:<key>` and the value. Lengths count UTF-8 bytes.
enum ParamsRecord {
    static func encode(_ params: [String: FrontMatterValue]) -> [UInt8] {
        var bytes: [UInt8] = []
        append(.map(params), to: &bytes)
        return bytes
    }

    /// The params `bytes` hold; nil when they are damaged, or anything follows them.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [String: FrontMatterValue]? {
        var reader = Reader(bytes: bytes, at: bytes.startIndex)
        guard case .map(let params)? = reader.value(depth: 0), reader.at == bytes.endIndex else { return nil }
        return params
    }

    private static func append(_ value: FrontMatterValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(UInt8(ascii: "n"))
        case .bool(let flag): bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .int(let number):
            bytes.append(UInt8(ascii: "i"))
            bytes += String(number).utf8
            bytes.append(UInt8(ascii: ";"))
        case .double(let number):
            bytes.append(UInt8(ascii: "d"))
            let hex = String(number.bitPattern, radix: 16)
            bytes += repeatElement(UInt8(ascii: "0"), count: 16 - hex.utf8.count)
            bytes += hex.utf8
        case .string(let text):
            bytes.append(UInt8(ascii: "s"))
            appendText(text, to: &bytes)
        case .list(let items):
            bytes.append(UInt8(ascii: "l"))
            bytes += "\(items.count):".utf8
            for item in items { append(item, to: &bytes) }
        case .map(let values):
            bytes.append(UInt8(ascii: "m"))
            bytes += "\(values.count):".utf8
            for (key, item) in values.sorted(by: { $0.key.precedesInBytes($1.key) }) {
                appendText(key, to: &bytes)
                append(item, to: &bytes)
            }
        }
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        bytes += "\(text.utf8.count):".utf8
        bytes += text.utf8
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var at: Int

        /// Nested deeper than this is damage (as deep as `JSONDecoder` went, which read them before).
        static let deepest = 512

        mutating func value(depth: Int) -> FrontMatterValue? {
            guard depth <= Self.deepest, at < bytes.endIndex else { return nil }
            let tag = bytes[at]
            at += 1
            switch tag {
            case UInt8(ascii: "n"): return .null
            case UInt8(ascii: "t"): return .bool(true)
            case UInt8(ascii: "f"): return .bool(false)
            case UInt8(ascii: "i"):
                guard let end = bytes[at...].firstIndex(of: UInt8(ascii: ";")),
                      let number = Int(String(decoding: bytes[at..<end], as: UTF8.self)) else { return nil }
                at = end + 1
                return .int(number)
            case UInt8(ascii: "d"):
                guard bytes.endIndex - at >= 16, let bits = UInt64(String(decoding: bytes[at..<(at + 16)], as: UTF8.self), radix: 16) else { return nil }
                at += 16
                return .double(Double(bitPattern: bits))
            case UInt8(ascii: "s"):
                return text().map(FrontMatterValue.string)
            case UInt8(ascii: "l"):
                guard let count = count() else { return nil }
                var items: [FrontMatterValue] = []
                items.reserveCapacity(count)
                for _ in 0..<count {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                }
                return .list(items)
            case UInt8(ascii: "m"):
                guard let count = count() else { return nil }
                var values: [String: FrontMatterValue] = [:]
                values.reserveCapacity(count)
                for _ in 0..<count {
                    guard let key = text(), let item = value(depth: depth + 1) else { return nil }
                    values[key] = item
                }
                return .map(values)
            default: return nil
            }
        }

        /// `<decimal>:`, a count or a length no larger than what is left.
        private mutating func count() -> Int? {
            guard let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")), let value = RecordText.decimal(bytes[at..<colon]),
                  value <= bytes.endIndex - colon - 1 else { return nil }
            at = colon + 1
            return value
        }

        /// `<bytes>:<text>`.
        private mutating func text() -> String? {
            guard let length = count() else { return nil }
            let text = String(decoding: bytes[at..<(at + length)], as: UTF8.self)
            at += length
            return text
        }
    }
}
