#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// The first occurrence of `needle`, compared byte by byte. Foundation's
    /// `range(of:)` goes through UTF-16 and was a tenth of a large build.
    func utf8Range(of needle: String) -> Range<String.Index>? {
        guard let offset = utf8Offset(of: needle) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.utf8.count)
    }

    /// Whether `needle` occurs, searched in the bytes (Foundation's `contains` converts to UTF-16 first).
    func utf8Contains(_ needle: String) -> Bool {
        utf8Offset(of: needle) != nil
    }

    /// Where `needle` first starts, in bytes: the C library's `memchr` finds each
    /// candidate for its first byte, `memcmp` compares the rest.
    private func utf8Offset(of needle: String) -> Int? {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { wanted -> Int? in
                guard !wanted.isEmpty else { return 0 }
                guard let textBase = text.baseAddress, let wantedBase = wanted.baseAddress, text.count >= wanted.count else { return nil }
                let last = text.count - wanted.count
                var at = 0
                while at <= last, let found = memchr(textBase + at, Int32(wanted[0]), last - at + 1) {
                    let offset = textBase.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(textBase + offset, wantedBase, wanted.count) == 0 { return offset }
                    at = offset + 1
                }
                return nil
            }
        }
    }
}

extension String {
    /// The string with some of its tags rewritten: `rewriting(from: "<")`.
    func rewritingTags(_ rewrite: (UnsafeBufferPointer<UInt8>, Int) -> (replacement: [UInt8], resume: Int)?) -> String {
        rewriting(from: UInt8(ascii: "<"), rewrite)
    }

    /// The string with some of its parts rewritten, in one pass that jumps from `marker`
    /// to `marker` (`memchr`) and copies the bytes between in runs, not one at a time. At
    /// each marker, `rewrite` gets all the bytes and the marker's index, and gives nil to
    /// leave it, or what replaces the bytes from there and the index to go on from.
    /// Replacements are whole UTF-8, as the bytes they replace are.
    func rewriting(from marker: UInt8, _ rewrite: (UnsafeBufferPointer<UInt8>, Int) -> (replacement: [UInt8], resume: Int)?) -> String {
        var text = self
        return text.withUTF8 { bytes -> String in
            guard let base = bytes.baseAddress else { return self }
            var out: [UInt8] = []
            var copied = 0, at = 0
            while at < bytes.count, let found = memchr(base + at, Int32(marker), bytes.count - at) {
                let tag = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard let (replacement, resume) = rewrite(bytes, tag) else {
                    at = tag + 1
                    continue
                }
                if out.isEmpty { out.reserveCapacity(bytes.count + bytes.count / 8) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<tag]))
                out += replacement
                copied = resume
                at = resume
            }
            guard copied > 0 else { return self }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Whether `bytes` hold `prefix` from `index` on.
    static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, startWith prefix: [UInt8]) -> Bool {
        index >= 0 && index + prefix.count <= bytes.count && memcmp(bytes.baseAddress! + index, prefix, prefix.count) == 0
    }
}
