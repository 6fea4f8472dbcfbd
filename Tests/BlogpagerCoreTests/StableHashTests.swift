@testable import BlogpagerCore
import Testing

/// The hashes behind names and digests: fixed across runs and machines, and
/// the content hash sees every byte, in the 32-byte steps and in the tail.
struct StableHashTests {
    /// Page ids, tag slugs, fragment names and the files list depend on these
    /// values: they must never drift. Literal values, worked out apart from
    /// this code (FNV-1a then splitmix64, by hand in another language).
    @Test func namesKeepTheirHash() {
        #expect(StableHash.hex(StableHash.hash("")) == "f52a15e9a9b5e89b")
        #expect(StableHash.hex(StableHash.hash("swift")) == "417630c58fc2d6cc")
        #expect(ContentHashedName.make("a.html", bytes: Array("x".utf8)) == "a.2c782ac22891188e.html")
        #expect(StableHash.digest(Array("x".utf8)) == "2c782ac22891188eac6d5a33bed328fa")
        #expect(StableHash.key(["a", "b"]) == "811b486d4cb516b6ac6e7e11cc190c90")
    }

    @Test func fileDigestsKeepTheirHash() {
        // The files list of every folder a build wrote records these: a drift rewrites every file once.
        let base = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        #expect(StableHash.hex(StableHash.contentHash(base)) == "9a24d4ae9e8f2b6e")
        #expect(StableHash.hex(StableHash.contentHash([])) == "23dd3a296aa427da")
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
