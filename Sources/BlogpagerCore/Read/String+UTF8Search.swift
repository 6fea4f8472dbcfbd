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
