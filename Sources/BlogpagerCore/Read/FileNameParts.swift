/// What a file name says: `2016-05-12-hello world.md` gives the date prefix
/// `2016-05-12` (the Jekyll convention) and the slug `hello-world`.
public struct FileNameParts: Sendable, Equatable {
    public var datePrefix: String?
    public var slug: String

    public init(fileName: String) {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: ".") { stem = stem[..<dot] }
        let bytes = Array(stem.utf8)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let pattern = [true, true, true, true, false, true, true, false, true, true]
        if bytes.count >= 11,
           zip(bytes.prefix(10), pattern).allSatisfy({ byte, digit in digit ? isDigit(byte) : byte == UInt8(ascii: "-") }),
           bytes[10] == UInt8(ascii: "-") || bytes[10] == UInt8(ascii: "_") {
            datePrefix = String(stem.prefix(10))
            stem = stem.dropFirst(11)
        }
        // Spaces become hyphens so that URLs stay readable; everything else is kept.
        slug = stem.split(whereSeparator: { $0.isWhitespace }).joined(separator: "-")
    }
}
