/// A CBOR value (RFC 8949) of the kinds Pagefind's index files hold: integers, strings,
/// arrays, maps and the simple values. Text is kept as its bytes, so a value read and
/// written again is the same bytes (Pagefind's encoder, like this one, writes every
/// length and integer in its shortest form). Indefinite lengths, tags and floats are
/// not read: a file that has them is not one this build knows.
indirect enum CBORValue: Sendable, Equatable {
    case unsigned(UInt64)
    case negative(UInt64)
    case bytes([UInt8])
    case text([UInt8])
    case array([CBORValue])
    case map([(key: CBORValue, value: CBORValue)])
    case simple(UInt8)

    static func == (a: CBORValue, b: CBORValue) -> Bool { a.encoded == b.encoded }

    /// The one value that is the whole of `bytes`; nil when they are anything else.
    init?(decoding bytes: ArraySlice<UInt8>) {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value(depth: 0), reader.position == bytes.endIndex else { return nil }
        self = value
    }

    var textValue: [UInt8]? {
        if case .text(let text) = self { return text }
        return nil
    }

    var arrayValue: [CBORValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return bytes
    }

    private func append(to bytes: inout [UInt8]) {
        switch self {
        case .unsigned(let value): Self.head(0, value, &bytes)
        case .negative(let value): Self.head(1, value, &bytes)
        case .bytes(let value): Self.head(2, UInt64(value.count), &bytes); bytes += value
        case .text(let value): Self.head(3, UInt64(value.count), &bytes); bytes += value
        case .array(let items):
            Self.head(4, UInt64(items.count), &bytes)
            for item in items { item.append(to: &bytes) }
        case .map(let pairs):
            Self.head(5, UInt64(pairs.count), &bytes)
            for pair in pairs { pair.key.append(to: &bytes); pair.value.append(to: &bytes) }
        case .simple(let value):
            if value < 24 { bytes.append(0xE0 | value) } else { bytes += [0xF8, value] }
        }
    }

    /// A major type and its argument, in the fewest bytes.
    private static func head(_ major: UInt8, _ argument: UInt64, _ bytes: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case ..<24: bytes.append(type | UInt8(argument))
        case ..<0x100: bytes += [type | 24, UInt8(argument)]
        case ..<0x1_0000: bytes.append(type | 25); bytes += (0..<2).reversed().map { UInt8(truncatingIfNeeded: argument >> ($0 * 8)) }
        case ..<0x1_0000_0000: bytes.append(type | 26); bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: argument >> ($0 * 8)) }
        default: bytes.append(type | 27); bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: argument >> ($0 * 8)) }
        }
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var position: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        /// Deep enough for any index file; a deeper one is not Pagefind's.
        static let maximumDepth = 64

        mutating func value(depth: Int) -> CBORValue? {
            guard depth < Self.maximumDepth, let initial = byte() else { return nil }
            let (major, info) = (initial >> 5, initial & 0x1F)
            if major == 7 {
                switch info {
                case ..<24: return .simple(info)
                case 24: return byte().flatMap { $0 < 32 ? nil : .simple($0) }
                default: return nil
                }
            }
            guard let argument = argument(info) else { return nil }
            switch major {
            case 0: return .unsigned(argument)
            case 1: return .negative(argument)
            case 2: return take(argument).map { .bytes($0) }
            case 3: return take(argument).map { .text($0) }
            case 4:
                // Each item takes a byte at least: a longer count is a cut or forged file.
                guard argument <= UInt64(bytes.endIndex - position) else { return nil }
                var items: [CBORValue] = []
                items.reserveCapacity(Int(argument))
                for _ in 0..<argument {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                }
                return .array(items)
            case 5:
                guard argument <= UInt64(bytes.endIndex - position) / 2 else { return nil }
                var pairs: [(key: CBORValue, value: CBORValue)] = []
                for _ in 0..<argument {
                    guard let key = value(depth: depth + 1), let item = value(depth: depth + 1) else { return nil }
                    pairs.append((key, item))
                }
                return .map(pairs)
            default: return nil  // tags
            }
        }

        private mutating func byte() -> UInt8? {
            guard position < bytes.endIndex else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        private mutating func argument(_ info: UInt8) -> UInt64? {
            switch info {
            case ..<24: return UInt64(info)
            case 24...27:
                var value: UInt64 = 0
                for _ in 0..<(1 << Int(info - 24)) {
                    guard let next = byte() else { return nil }
                    value = value << 8 | UInt64(next)
                }
                return value
            default: return nil  // indefinite lengths
            }
        }

        private mutating func take(_ count: UInt64) -> [UInt8]? {
            guard count <= UInt64(bytes.endIndex - position) else { return nil }
            defer { position += Int(count) }
            return Array(bytes[position..<(position + Int(count))])
        }
    }
}
