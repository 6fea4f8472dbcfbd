/// The templates and assets of the repository's `templates/` folder, compiled
/// into the library at build time (see the EmbedTemplates plugin), so the
/// binary needs no files beside it. `files` is generated.
public enum DefaultTemplates {
    /// Every default file by its path below `templates/`.
    public static var all: [String: String] { files }
}
