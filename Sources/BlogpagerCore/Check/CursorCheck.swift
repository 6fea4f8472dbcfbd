/// The check stage for the order: the same instant and slug twice would make it ambiguous.
enum CursorCheck {
    /// The same instant and slug twice would make the order ambiguous.
    static func run(_ sorted: SortedList<Entry>, log: inout DiagnosticLog) {
        run(sorted.elements, log: &log)
    }

    /// The same over one archive's entries, newest first (one language's, in a site of several).
    static func run(_ sorted: [Entry], log: inout DiagnosticLog) {
        for index in sorted.indices.dropFirst() where sorted[index].cursor.isSameIdentity(as: sorted[index - 1].cursor) {
            log.append(.error(
                at: SourceLocation(path: sorted[index].sourcePath),
                "entry has the same date and slug as \(sorted[index - 1].sourcePath); two entries need a different slug or time"))
        }
    }
}
