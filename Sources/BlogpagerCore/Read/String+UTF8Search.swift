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
}
