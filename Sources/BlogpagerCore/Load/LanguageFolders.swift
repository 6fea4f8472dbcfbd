/// Where a site's languages have content folders of their own (a Hugo language's `contentDir`),
/// each scanned as a site of its own.
enum LanguageFolders {
    /// The declared languages' own content folders, other than the default's.
    static func hugo(_ languages: [SiteLanguage], layout: SiteLayout) -> [(language: SiteLanguage, folder: String)] {
        layout.languageContentFolders.compactMap { folder in
            languages.dropFirst().first { $0.code == folder.code }.map { ($0, folder.folder) }
        }
    }
}
