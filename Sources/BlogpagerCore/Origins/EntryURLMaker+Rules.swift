/// An entry's URL by the rule of the generator its site comes from, each made in that generator's place.
extension EntryURLMaker {
    /// The URL the site's rule gives (its language's own templates over the site's), before the entry's language places it.
    func makeInSite(_ facts: Facts) throws(Problem) -> Made {
        let code = facts.source.folderFacts.language
        let rule = (languages.first { $0.code == code } ?? languages.first)?.entryURLs(over: self.rule) ?? self.rule
        switch rule {
        case .pattern(let pattern):
            return try folderOrFile(pattern.outputSegments(slug: facts.frontSlug ?? facts.fileSlug, date: facts.date), extensionless: false)
        case .jekyll(let template): return try jekyllURL(facts, template: template)
        case .hugo(let templates, let uglyURLs, let paths): return try hugoURL(facts, templates: templates, uglyURLs: uglyURLs, paths: paths)
        case .zola: return try zolaURL(facts)
        }
    }
}
