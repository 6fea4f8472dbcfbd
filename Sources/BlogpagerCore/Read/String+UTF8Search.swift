#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// The first occurrence of `needle`, compared byte by byte. Foundation's
    /// `range(of:)` goes through UTF-16 and was a tenth of a large build.
    func utf8Range(of needle: String) -> Range<String.Index>? {
        let bytes = Array(needle.utf8)
        guard let first = bytes.first else { return nil }
        let view = utf8
        var start = view.startIndex
        while let found = view[start...].firstIndex(of: first) {
            var end = found
            var matched = 0
            while matched < bytes.count, end < view.endIndex, view[end] == bytes[matched] {
                view.formIndex(after: &end)
                matched += 1
            }
            if matched == bytes.count { return found..<end }
            start = view.index(after: found)
        }
        return nil
    }

    /// Whether `needle` occurs, searched in the bytes with the C library's `memchr` and
    /// `memcmp` (Foundation's `contains` converts to UTF-16 first).
    func utf8Contains(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { wanted in
                guard let first = wanted.first else { return true }
                guard let textBase = text.baseAddress, let wantedBase = wanted.baseAddress, text.count >= wanted.count else { return false }
                let last = text.count - wanted.count
                var at = 0
                while at <= last, let found = memchr(textBase + at, Int32(first), last - at + 1) {
                    let offset = textBase.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(textBase + offset, wantedBase, wanted.count) == 0 { return true }
                    at = offset + 1
                }
                return false
            }
        }
    }
}
