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
        #expect(StableHash.hex(0x0123_4567_89AB_CDEF) == "0123456789abcdef")
        #expect(StableHash.hex(0xF) == "000000000000000f")
        #expect(StableHash.hex(0x0123_4567_89AB_CDEF, digits: 4) == "0123")
    }

    /// Render keys are compared only with the last build's key of the same output (which
    /// another program never shares), so they may change with the program; within one, they
    /// are the same in every run, and fit a string Swift keeps inline.
    @Test func aKeyIsShortAndKeepsItsPartsApart() {
        let key = StableHash.key(["a", "b"])
        #expect(key == StableHash.key(["a", "b"]))
        #expect(key.utf8.count == 15 && key.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 < 0x80 && Character(Unicode.Scalar($0)).isLetter) || ($0 >= 0x30 && $0 <= 0x39) })
        #expect(key != StableHash.key(["ab"]) && StableHash.key(["ab", "c"]) != StableHash.key(["a", "bc"]))
        let keys = Set((0..<10_000).map { StableHash.key(["entry", String($0)]) })
        #expect(keys.count == 10_000)
        // A wide key sees every byte too, in its steps and its tail, and differs from the content hash alone.
        let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let wide = StableHash.wideKey(bytes: bytes)
        #expect(wide.utf8.count == 32 && wide.hasPrefix(StableHash.hex(StableHash.contentHash(bytes))))
        #expect(StableHash.otherContentHash(bytes) != StableHash.contentHash(bytes))
        for index in [0, 31, 32, 63, 64, 95, 96, 99] {
            var changed = bytes
            changed[index] ^= 1
            #expect(StableHash.wideKey(bytes: changed) != wide && StableHash.key(bytes: changed) != StableHash.key(bytes: bytes))
        }
    }

    /// A site's params are in every page's key (`SiteConfig.keyParts`): a nested map, whose order a
    /// dictionary does not keep, gives the same parts however it was built, so a rebuild keeps what it can.
    @Test func aConfigsNestedParamsGiveTheSameKeyInAnyOrder() {
        var upward: [String: FrontMatterValue] = [:]
        upward.reserveCapacity(96)
        for index in 0..<24 { upward["k\(index)"] = .string("v\(index)") }
        var downward: [String: FrontMatterValue] = [:]
        for index in (0..<24).reversed() { downward["k\(index)"] = .string("v\(index)") }
        #expect(Array(upward.keys) != Array(downward.keys), "two orders to compare")
        var first = SiteConfig()
        first.params = ["social": .map(upward), "links": .list([.map(downward)])]
        var second = SiteConfig()
        second.params = ["links": .list([.map(upward)]), "social": .map(downward)]
        #expect(first.keyParts == second.keyParts)
        // Values of another kind, or strings that would run together, are told apart.
        func key(_ value: FrontMatterValue) -> [String] {
            var config = SiteConfig()
            config.params = ["x": value]
            return config.keyParts
        }
        #expect(key(.string("1")) != key(.int(1)))
        #expect(key(.list([.string("a, string 1 b")])) != key(.list([.string("a"), .string("b")])))
        var third = SiteConfig()
        third.params = ["social": .map(upward.merging(["k0": .string("changed")]) { $1 })]
        #expect(third.keyParts != first.keyParts)
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
