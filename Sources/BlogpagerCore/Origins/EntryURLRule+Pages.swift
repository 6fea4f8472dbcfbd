/// Where each generator places a page that is not an entry, where its rules differ from blogpager's.
extension EntryURLRule {
    /// A page's own URL (`permalink:`, `url:`, `path:`) as its generator fills it: Jekyll fills a
    /// page's `:path`, `:basename` and `:output_ext`, and a collection's document its collection's tokens.
    func filledPageURL(_ written: String, file: SourceFile, stem: String, slug: String?, collection: JekyllCollection?, inCollection: String) -> String {
        guard case .jekyll = self else { return written }
        return JekyllCollection.filledPageURL(written, file: file, stem: stem, slug: slug, collection: collection, inCollection: inCollection)
    }

    /// The segments of a page placed by its file, where the generator places it its own way (Hugo); nil for blogpager's way.
    /// `languageRule`: this rule as the page's language has it.
    func pageSegments(of file: SourceFile, stem: String, slug: String?, title: String, languageRule: EntryURLRule) -> [String]? {
        guard case .hugo(_, let uglyURLs, let paths) = self, case .hugo(let templates, _, _) = languageRule else { return nil }
        return HugoPaths.pageSegments(of: file, stem: stem, slug: slug, title: title, templates: templates, uglyURLs: uglyURLs, paths: paths,
                                      languageRule: languageRule)
    }
}
