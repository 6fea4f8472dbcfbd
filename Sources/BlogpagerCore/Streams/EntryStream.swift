/// One run of entries a reader scrolls through, with its own pages, fragments
/// and cursor index: the whole blog, the entries of one term (a tag, a
/// category, an author), of one month, or of another blog of the site.
/// Each is paged by the same stable rule, so each keeps its pages' names.
public struct EntryStream: Sendable {
    public enum Kind: Sendable, Equatable {
        case main, month
        /// The entries filed under one term of a taxonomy.
        case term(Taxonomy)
        /// The entries of another blog of the site (`BlogSection`).
        case section

        /// `main`, `month`, or the taxonomy's singular (`tag`, `category`, `author`): the index's `stream.kind`.
        public var name: String {
            switch self {
            case .main: "main"
            case .month: "month"
            case .section: "section"
            case .term(let taxonomy): taxonomy.singular
            }
        }

        public var taxonomy: Taxonomy? {
            if case .term(let taxonomy) = self { return taxonomy }
            return nil
        }
    }

    public var kind: Kind
    /// Its folder under `out/`: `[]`, `["tags", "swift"]`, `["authors", "ada"]`, `["archive", "2016", "05"]`.
    public var folder: [String]
    /// What readers call it: the tag as written, `May 2016`; the site title for the main stream.
    public var name: String
    public var archive: Archive
    /// Where each of its entries sits in the site's whole archive (every blog's entries; the main
    /// stream's alone in a site of one blog), so work done once per entry (its article's HTML)
    /// serves every stream it is in.
    public var mainPositions: [Int]

    public init(kind: Kind, folder: [String], name: String, archive: Archive, mainPositions: [Int]) {
        self.kind = kind
        self.folder = folder
        self.name = name
        self.archive = archive
        self.mainPositions = mainPositions
    }

    /// A file of this stream: `page/<id>/index.html` → `tags/swift/page/<id>/index.html`.
    public func path(_ relative: String) -> OutputPath {
        // Segments were checked when the stream was made; `relative` is ours: joined, not checked
        // again (a rebuild asks the path of every page of every stream).
        OutputPath(checked: relative).below(folder)
    }
}
