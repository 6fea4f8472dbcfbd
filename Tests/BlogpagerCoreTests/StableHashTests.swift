@testable import BlogpagerCore
import Testing

/// The hashes behind names and digests: fixed across runs and machines, and
/// the content hash sees every byte, in the 32-byte steps and in the tail.
struct StableHashTests {
    @Test func namesKeepTheirHash() {
        // Page ids, tag slugs and fragment names depend on these values: they must never drift.
        #expect(StableHash.hex(StableHash.hash("")) == StableHash.hex(StableHash.mix(0xCBF2_9CE4_8422_2325)))
        #expect(ContentHashedName.make("a.html", bytes: Array("x".utf8)) == "a.\(StableHash.hex(StableHash.hash(Array("x".utf8)))).html")
        #expect(String(StableHash.digest(Array("x".utf8)).prefix(16)) == StableHash.hex(StableHash.hash(Array("x".utf8))))
    }

    @Test func theContentHashSeesEveryByte() {
        let base = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        var seen: Set<UInt64> = [StableHash.contentHash(base)]
        for position in base.indices {
            var changed = base
            changed[position] ^= 0x01
            seen.insert(StableHash.contentHash(changed))
        }
        #expect(seen.count == base.count + 1)
        // Lengths in and around a step, and the empty file, all differ.
        let prefixes = Set((0...70).map { StableHash.contentHash(Array(base.prefix($0))) })
        #expect(prefixes.count == 71)
        #expect(StableHash.contentHash(base) == StableHash.contentHash(Array(base)))
    }
}
