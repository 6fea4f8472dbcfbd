/// A Jekyll `_config.yml` as Debian's Jekyll 4.3 reads it. It hands the file's text to Psych with
/// its byte-order mark still at the front, where libyaml takes the mark for a character: the first
/// key stands one column in, so the first line that starts at column 0 ends the document and the
/// keys from there on are never read. The site is built with Jekyll's defaults for those keys.
struct JekyllConfigText {
    /// The text Jekyll reads, and a warning naming the line from which it reads nothing.
    static func read(_ text: String, startsWithByteOrderMark: Bool, path: String) -> (text: String, warning: Diagnostic?) {
        guard startsWithByteOrderMark else { return (text, nil) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // A mark before a blank line or a comment leaves the keys at column 0, read whole.
        guard let first = lines.first, let head = first.first, head != "#", head != " ", head != "\t" else { return (text, nil) }
        guard let end = lines.indices.dropFirst().first(where: { index in
            guard let character = lines[index].first else { return false }
            return character != " " && character != "\t" && character != "#"
        }) else { return (text, nil) }
        let ignored = lines[end...].compactMap { line -> String? in
            guard let character = line.first, character != " ", character != "\t", character != "#", let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[..<colon])
        }
        let named = ignored.prefix(4).map { "`\($0)`" }.joined(separator: ", ") + (ignored.count > 4 ? ", …" : "")
        let warning = Diagnostic.warning(at: SourceLocation(path: path, line: end + 1, column: 1),
                                         "the file begins with a byte-order mark, so Jekyll 4.3 reads none of its keys from this line on (\(named)); built as Jekyll builds it, with its defaults for them: remove the mark to use them")
        return (lines[..<end].joined(separator: "\n") + "\n", warning)
    }
}
