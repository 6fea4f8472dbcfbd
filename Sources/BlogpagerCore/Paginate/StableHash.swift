/// A hash that is the same in every process and on every machine (Swift's
/// `Hasher` is seeded per run): FNV-1a over the bytes, then a 64-bit mix so
/// that every bit depends on every input byte.
public enum StableHash {
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var running = Running()
        running.add(bytes)
        return running.value
    }

    /// `hash` taken a byte at a time, for bytes never gathered into one buffer.
    struct Running {
        private var state: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ byte: UInt8) {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01B3
        }

        mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            for byte in bytes { add(byte) }
        }

        var value: UInt64 { mix(state) }
    }

    public static func hash(_ text: String) -> UInt64 {
        hash(text.utf8)
    }

    /// The splitmix64 finaliser.
    public static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// Lower-case hexadecimal, zero-padded to 16 digits, the first `digits` of them (at most 16).
    /// Written in place: every output's digest goes through it.
    public static func hex(_ value: UInt64, digits: Int = 16) -> String {
        let count = min(max(digits, 0), 16)
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0x0F
                buffer[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return count
        }
    }

    /// A 128-bit digest as 32 hex digits: two independent 64-bit hashes, for
    /// content-addressed file names where a collision must never happen in practice.
    public static func digest(_ bytes: [UInt8]) -> String {
        let first = hash(bytes)
        var second: UInt64 = 0x84222325CBF29CE4
        for byte in bytes {
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = second &+ (second >> 29)
        }
        return hex(first) + hex(mix(second ^ UInt64(bytes.count)))
    }
}

extension StableHash {
    /// A hash of a file's bytes for telling whether they changed: 32 bytes a
    /// step in four independent lanes, so it runs at memory speed. Every
    /// output byte of a build goes through it (hundreds of megabytes for a large
    /// site), where the byte-at-a-time FNV took a few percent of the build.
    /// Not for names that must never change (page ids, tag slugs): those use `hash`.
    public static func contentHash(_ bytes: [UInt8]) -> UInt64 {
        contentHash(bytes, lanes: (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89), tail: 0xCBF2_9CE4_8422_2325)
    }

    /// The same steps from other starting lanes and tail: a second hash of the bytes beside `contentHash`,
    /// as fast, for keys and digests that are only ever compared with their own kind.
    static func otherContentHash(_ bytes: [UInt8]) -> UInt64 {
        contentHash(bytes, lanes: (0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B, 0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1), tail: 0x8422_2325_CBF2_9CE4)
    }

    private static func contentHash(_ bytes: [UInt8], lanes start: (UInt64, UInt64, UInt64, UInt64), tail seed: UInt64) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes = start
        func step(_ lane: inout UInt64, _ word: UInt64) {
            lane = (lane ^ word) &* prime
            lane ^= lane >> 29
        }
        return bytes.withUnsafeBytes { raw -> UInt64 in
            var offset = 0
            while offset + 32 <= raw.count {
                step(&lanes.0, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                step(&lanes.1, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                step(&lanes.2, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
                step(&lanes.3, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
                offset += 32
            }
            var tail = seed
            while offset < raw.count {
                tail = (tail ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01B3
                offset += 1
            }
            var combined = mix(lanes.0) ^ (mix(lanes.1) &* 3) ^ (mix(lanes.2) &* 5) ^ (mix(lanes.3) &* 7)
            combined ^= mix(tail ^ UInt64(raw.count))
            return mix(combined)
        }
    }

    /// 128 bits of a large input (the inputs' fingerprint, the outputs' identities) as 32 hex
    /// digits: `digest`'s width at `contentHash`'s speed. Compared only with its own kind.
    public static func wideKey(bytes: [UInt8]) -> String {
        hex(contentHash(bytes)) + hex(otherContentHash(bytes))
    }

    /// A digest of several strings, each kept apart from the next (a key of inputs).
    public static func key(_ parts: [String]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count + 1 })
        for part in parts {
            bytes += part.utf8
            bytes.append(0x1F)
        }
        return key(bytes: bytes)
    }

    /// A key of inputs: 90 bits of two independent hashes in 15 characters of `0-9a-zA-Z-_`,
    /// short enough for Swift to keep a string inline. A rebuild makes and compares tens of
    /// thousands of them; a key is only ever compared with the key its own output had
    /// the build before, so 90 bits leave no collision to fear.
    public static func key(bytes: [UInt8]) -> String {
        // Both 32 bytes a step: the byte-at-a-time FNV here was a few percent of a rebuild.
        let first = contentHash(bytes)
        let second = otherContentHash(bytes)
        return String(unsafeUninitializedCapacity: 15) { buffer in
            var value = first
            for index in 0..<15 {
                if index == 10 { value = (first >> 60) | (second << 4) }
                let sixBits = UInt8(truncatingIfNeeded: value) & 0x3F
                buffer[index] = switch sixBits {
                case 0..<10: UInt8(ascii: "0") + sixBits
                case 10..<36: UInt8(ascii: "a") + sixBits - 10
                case 36..<62: UInt8(ascii: "A") + sixBits - 36
                case 62: UInt8(ascii: "-")
                default: UInt8(ascii: "_")
                }
                value >>= 6
            }
            return 15
        }
    }
}
