@testable import BlogpagerCore
import Foundation
import Testing

/// The config's part of every render key is derived from the whole config: changing any field
/// changes it, but for the fields named in `SiteConfig.fieldsOutsideKeys`, which change no output.
struct ConfigKeyTests {
    /// One change to each field of the config. A field added to `SiteConfig` and not here fails
    /// `everyFieldIsCovered`: its change must be shown to change the key (or be listed outside it).
    static let changes: [(field: String, change: @Sendable (inout SiteConfig) -> Void)] = [
        ("title", { $0.title = "Other" }),
        ("namesTitle", { $0.namesTitle = true }),
        ("description", { $0.description = "d" }),
        ("author", { $0.author = "Ada" }),
        ("baseURL", { $0.baseURL = "https://example.org/" }),
        ("language", { $0.language = "fr" }),
        ("timeZone", { $0.timeZone = TimeZone(identifier: "Asia/Tokyo")! }),
        ("entryURLs", { $0.entryURLs = .hugo(templates: ["posts": "/:year/:slug/"], uglyURLs: HugoUglyURLs(), paths: HugoPaths()) }),
        ("contentSection", { $0.contentSection = ["posts"] }),
        ("pageSize", { $0.pageSize = 7 }),
        ("unsafeHTML", { $0.unsafeHTML = true }),
        ("highlightsCode", { $0.highlightsCode = false }),
        ("languages", { $0.languages = [SiteLanguage(code: "en"), SiteLanguage(code: "fr", root: ["fr"])] }),
        ("languageCode", { $0.languageCode = "fr" }),
        ("languageRoot", { $0.languageRoot = ["fr"] }),
        ("reading.languagesFromFrontMatter", { $0.reading.languagesFromFrontMatter = true }),
        ("disabledLanguages", { $0.disabledLanguages = ["de"] }),
        ("searchIndex", { $0.searchIndex = true }),
        ("listContent", { $0.listContent = .full }),
        ("order", { $0.order = .oldestFirst }),
        ("feedSize", { $0.feedSize = 3 }),
        ("reading.untitledEntries", { $0.reading.untitledEntries = .fileName }),
        ("reading.frontMatterIsOptional", { $0.reading.frontMatterIsOptional = true }),
        ("reading.passesOverNonTextTerms", { $0.reading.passesOverNonTextTerms = true }),
        ("reading.pagesMayLackFrontMatter", { $0.reading.pagesMayLackFrontMatter = true }),
        ("reading.undatedEntries", { $0.reading.undatedEntries = .pagesAsHugo }),
        ("reading.keepsLastOfSharedURL", { $0.reading.keepsLastOfSharedURL = true }),
        ("reading.keepsFirstOfSharedAlias", { $0.reading.keepsFirstOfSharedAlias = true }),
        ("collections", { $0.collections = [JekyllCollection(name: "work")] }),
        ("frontMatterDefaults", { $0.frontMatterDefaults = FrontMatterDefaults(sets: [.init(scope: .init(path: "", type: "posts"), values: ["author": .string("Ada")], location: SourceLocation(path: "_config.yml"))]) }),
        ("reading.readsDatesAsRuby", { $0.reading.readsDatesAsRuby = true }),
        ("blogSections", { $0.blogSections = [BlogSection(folder: ["notes"], title: "Notes")] }),
        ("reading.draftFlag", { $0.reading.draftFlag = .booleanOrGoText }),
        ("reading.frontMatterNames", { $0.reading.frontMatterNames = .jekyllsAlone }),
        ("reading.leavesUnresolvedFileLinks", { $0.reading.leavesUnresolvedFileLinks = true }),
        ("reading.showsDatesInSiteZone", { $0.reading.showsDatesInSiteZone = true }),
        ("reading.yamlKeysMayRepeat", { $0.reading.yamlKeysMayRepeat = true }),
        ("pagesEndInHTML", { $0.pagesEndInHTML = true }),
        ("taxonomies", { $0.taxonomies.append(Taxonomy(named: "series")) }),
        ("reading.termsSplitOnSpaces", { $0.reading.termsSplitOnSpaces = true }),
        ("buildsFuture", { $0.buildsFuture = true }),
        ("buildsDrafts", { $0.buildsDrafts = true }),
        ("buildsExpired", { $0.buildsExpired = true }),
        ("reading.templateSyntax", { $0.reading.templateSyntax = .liquid }),
        ("headingIDs", { $0.headingIDs = nil }),
        ("oldListPages", { $0.oldListPages = OldListPages(pageSize: 5, templates: ["/page:num/"]) }),
        ("oldFeeds", { $0.oldFeeds = [OldFeed(format: .rss, place: .site(path: "index.xml"))] }),
        ("menu", { $0.menu.items = [SiteMenu.Item(name: "About", url: "/about/")] }),
        ("params", { $0.params = ["social": .map(["x": .string("y")])] }),
        ("markdown", { $0.markdown = .commonMark }),
        ("stylesheets", { $0.stylesheets.style = "compressed" }),
        ("plugins", { $0.plugins = ["jekyll-include-cache"] }),
        ("keepsOwnTemplates", { $0.keepsOwnTemplates = true }),
        ("usesSiteLayouts", { $0.usesSiteLayouts = true }),
        ("archiveFolder", { $0.archiveFolder = ["blog"] }),
        ("archivePage", { $0.archivePage = SiteConfig.ArchivePage(source: "blog/index.html", layout: "page", title: "Writing") }),
    ]

    @Test func everyFieldIsCovered() {
        // The origin's reading rules are fields of the config too, each its own change.
        let fields = Set(Mirror(reflecting: SiteConfig()).children.compactMap(\.label).filter { $0 != "reading" })
            .union(Mirror(reflecting: ReadingRules()).children.compactMap(\.label).map { "reading." + $0 })
        let covered = Set(Self.changes.map(\.field))
        #expect(covered.union(SiteConfig.fieldsOutsideKeys) == fields)
        #expect(covered.isDisjoint(with: SiteConfig.fieldsOutsideKeys))
    }

    @Test func changingAnyFieldChangesTheKey() {
        let plain = SiteConfig().keyParts
        for (field, change) in Self.changes {
            var changed = SiteConfig()
            change(&changed)
            #expect(changed.keyParts != plain, "changing \(field) left the key as it was")
        }
    }

    /// What `fieldsOutsideKeys` names changes no output: the key stays.
    @Test func fieldsOutsideKeysLeaveItAsItWas() {
        var changed = SiteConfig()
        changed.maximumEntryBytes = 9_000_000
        changed.pagefindPath = "/usr/local/bin/pagefind"
        #expect(changed.keyParts == SiteConfig().keyParts)
    }

    /// The same config gives the same key in every process: maps and sets in the order of their keys.
    @Test func equalConfigsGiveEqualKeys() {
        var first = SiteConfig(), second = SiteConfig()
        first.disabledLanguages = ["fr", "de", "ja", "es"]
        second.disabledLanguages = ["es", "ja", "de", "fr"]
        first.params = ["a": .int(1), "b": .map(["x": .list([.bool(true)]), "y": .null]), "c": .double(2.5)]
        second.params = ["c": .double(2.5), "b": .map(["y": .null, "x": .list([.bool(true)])]), "a": .int(1)]
        #expect(first.keyParts == second.keyParts)
        #expect(first.keyParts[0].contains("timeZone:tz(\(TimeZone(identifier: "UTC")!.identifier))"))
    }
}
