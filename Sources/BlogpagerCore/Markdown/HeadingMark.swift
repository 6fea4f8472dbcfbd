import CCmarkGFM

/// A heading of the document being rendered, as `MarkdownRenderer` marked it: the id it gets,
/// its level, whether a table of contents lists it (kramdown's `.no_toc` says no), and its node.
struct HeadingMark {
    var id: String
    var level: Int32
    var listed: Bool
    var node: OpaquePointer
}
