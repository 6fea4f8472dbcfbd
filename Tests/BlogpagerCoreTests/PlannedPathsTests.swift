@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// The paths planned before anything renders (`plannedPaths`, what static files and pages may
/// not take) are exactly the paths the render then writes, but for the content-hashed files and
/// the assets: for sites with and without feeds, terms, months, aliases, old feeds and a sitemap
/// cut in parts.
struct PlannedPathsTests {
    static func config(feeds: Bool, oldFeeds: Bool) -> SiteConfig {
        var config = SiteConfig()
        config.pageSize = 2
        if feeds { config.baseURL = "https://example.org/blog/" }
        if oldFeeds {
            config.oldFeeds = [OldFeed(format: .rss, place: .site(path: "index.xml")), OldFeed(format: .rss, place: .terms(taxonomy: nil, fileName: "index.xml"))]
        }
        config.taxonomies.append(Taxonomy(named: "series"))
        return config
    }

    static func entries(_ count: Int) -> [String: String] {
        var files: [String: String] = [:]
        for day in 0..<count {
            let extra = "tags: [t\(day % 3)]\ncategories: [c\(day % 2)]\nseries: [s]\n" + (day % 4 == 0 ? "aliases: [/old/\(day)/]\n" : "")
            files["e\(day).md"] = SiteFixture.entry(title: "Entry \(day)", date: "2016-\(day % 12 + 1 < 10 ? "0" : "")\(day % 12 + 1)-0\(day % 9 + 1)",
                                                    extra: extra)
        }
        return files
    }

    @Test(arguments: [(false, false, 3), (true, false, 9), (true, true, 25)])
    func theRenderWritesWhatWasPlanned(feeds: Bool, oldFeeds: Bool, count: Int) async throws {
        let config = Self.config(feeds: feeds, oldFeeds: oldFeeds)
        let fixture = SiteFixture(files: Self.entries(count), config: config)
        let site = try await fixture.build()
        let templates = try TemplateSet.defaults()
        let assets = try AssetFiles(templates: templates, config: config)
        let renderer = SiteRenderer(config: config, templates: templates, assetURLs: assets.urls)
        let planned = renderer.plannedPaths(site.archive, streams: StreamSet(of: site.archive, config: config))
        let written = Set(site.files.map(\.path).filter { !ContentHashedName.isHashed(String($0.name)) && !$0.string.hasPrefix("assets/") })
        #expect(written.subtracting(planned).isEmpty, "written but not planned: \(written.subtracting(planned).map(\.string).sorted())")
        #expect(planned.subtracting(written).isEmpty, "planned but not written: \(planned.subtracting(written).map(\.string).sorted())")
    }
}
