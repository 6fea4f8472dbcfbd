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
        ("languagesFromFrontMatter", { $0.languagesFromFrontMatter = true }),
        ("disabledLanguages", { $0.disabledLanguages = ["de"] }),
        ("searchIndex", { $0.searchIndex = true }),
        ("listContent", { $0.listContent = .full }),
        ("order", { $0.order = .oldestFirst }),
        ("feedSize", { $0.feedSize = 3 }),
        ("untitledEntries", { $0.untitledEntries = .fileName }),
        ("frontMatterIsOptional", { $0.frontMatterIsOptional = true }),
        ("passesOverNonTextTerms", { $0.passesOverNonTextTerms = true }),
        ("pagesMayLackFrontMatter", { $0.pagesMayLackFrontMatter = true }),
        ("undatedEntries", { $0.undatedEntries = .pagesAsHugo }),
        ("keepsLastOfSharedURL", { $0.keepsLastOfSharedURL = true }),
        ("keepsFirstOfSharedAlias", { $0.keepsFirstOfSharedAlias = true }),
        ("collections", { $0.collections = [JekyllCollection(name: "work")] }),
        ("frontMatterDefaults", { $0.frontMatterDefaults = FrontMatterDefaults(sets: [.init(scope: .init(path: "", type: "posts"), values: ["author": .string("Ada")], location: SourceLocation(path: "_config.yml"))]) }),
        ("readsDatesAsRuby", { $0.readsDatesAsRuby = true }),
        ("blogSections", { $0.blogSections = [BlogSection(folder: ["notes"], title: "Notes")] }),
        ("draftFlag", { $0.draftFlag = .booleanOrGoText }),
        ("frontMatterNames", { $0.frontMatterNames = .jekyllsAlone }),
        ("leavesUnresolvedFileLinks", { $0.leavesUnresolvedFileLinks = true }),
        ("showsDatesInSiteZone", { $0.showsDatesInSiteZone = true }),
        ("yamlKeysMayRepeat", { $0.yamlKeysMayRepeat = true }),
        ("pagesEndInHTML", { $0.pagesEndInHTML = true }),
        ("taxonomies", { $0.taxonomies.append(Taxonomy(named: "series")) }),
        ("termsSplitOnSpaces", { $0.termsSplitOnSpaces = true }),
        ("buildsFuture", { $0.buildsFuture = true }),
        ("buildsDrafts", { $0.buildsDrafts = true }),
        ("buildsExpired", { $0.buildsExpired = true }),
        ("templateSyntax", { $0.templateSyntax = .liquid }),
        ("headingIDs", { $0.headingIDs = nil }),
        ("oldListPages", { $0.oldListPages = OldListPages(pageSize: 5, templates: ["/page:num/"]) }),
        ("oldFeeds", { $0.oldFeeds = [OldFeed(format: .rss, place: .site(path: "index.xml"))] }),
        ("menu", { $0.menu.items = [SiteMenu.Item(name: "About", url: "/about/")] }),
        ("params", { $0.params = ["social": .map(["x": .string("y")])] }),
        ("markdown", { $0.markdown = .commonMark }),
    ]

    @Test func everyFieldIsCovered() {
        let fields = Set(Mirror(reflecting: SiteConfig()).children.compactMap(\.label))
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
