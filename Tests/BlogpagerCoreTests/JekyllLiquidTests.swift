@testable import BlogpagerCore
import Foundation
import Liquid
import TestSupport
import Testing

/// A Jekyll site's Liquid beside the engine: its data files as Ruby reads them, its includes kept
/// inside `_includes/`, Jekyll's filters that need the site, and the keys of what a body reads.
/// The whole of it is held to Jekyll 4.3's own output by `sitetests/test_liquid.py`.
struct JekyllLiquidTests {
    @Test func tablesAreReadAsRubysCSVReadsThemWithHeaders() {
        let rows = LiquidDataReader.table("name,role,note\nAda,author,\"says \"\"hi\"\", twice\"\n\nGrace,,\r\nLinus\n", separator: ",")
        #expect(rows == [
            ["name": "Ada", "role": "author", "note": "says \"hi\", twice"],
            ["name": "Grace", "role": nil, "note": nil],
            ["name": "Linus", "role": nil, "note": nil],
        ])
        #expect(LiquidDataReader.table("host\tregion\nm.example\teu\n", separator: "\t") == [["host": "m.example", "region": "eu"]])
    }

    @Test func yamlAndJSONKeepTheirKeysInTheOrderWritten() throws {
        let yaml = try LiquidDataReader(path: "_data/x.yml").read("zeta: 1\nalpha: [a, 2.5, true, ~]\n", extension: "yml").get()
        #expect(yaml == ["zeta": 1, "alpha": ["a", 2.5, true, nil]])
        guard case .hash(let hash) = yaml else { Issue.record("not a hash"); return }
        #expect(hash.keys == ["zeta", "alpha"])
        let json = try LiquidDataReader(path: "_data/x.json").read("{\"b\": {\"c\": 1}, \"a\": \"x\"}", extension: "json").get()
        guard case .hash(let object) = json else { Issue.record("not a hash"); return }
        #expect(object.keys == ["b", "a"])
        // What YAML refuses in JSON (a tab before a value) Foundation's reader takes.
        #expect((try? LiquidDataReader(path: "_data/t.json").read("{\"a\":\t[1,\t2]}", extension: "json").get()) == ["a": [1, 2]])
        switch LiquidDataReader(path: "_data/bad.yml").read("a: [1, 2\n", extension: "yml") {
        case .success: Issue.record("bad YAML was read")
        case .failure(let failure): #expect(failure.diagnostic.description.hasPrefix("_data/bad.yml:"))
        }
    }

    @Test func dataFolderIncludesAndConfigAreGatheredConfined() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: T\nowner: {name: Ada}\n")
        try folder.write("site/_data/team/leads.yml", "- Grace\n")
        try folder.write("site/_data/releases.json", "[{\"version\": \"1.0\"}]")
        try folder.write("site/_includes/note.html", "{{ include.text }}")
        try folder.write("secret.html", "outside")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/site/_includes/leak.html", withDestinationPath: folder.path + "/secret.html")
        var log = DiagnosticLog()
        var warnings: [Diagnostic] = []
        let sources = LiquidSources.load(root: folder.path + "/site", configPath: folder.path + "/site/_config.yml",
                                         configs: ConfigFiles(root: folder.path + "/site", named: nil, in: .disk), files: .disk, log: &log, warnings: &warnings)
        #expect(!log.hasErrors)
        #expect(sources.data["team"] == ["leads": ["Grace"]] && sources.data["releases"] == [["version": "1.0"]])
        #expect(sources.settings["owner"] == ["name": "Ada"])
        // The site's own, beside the one blogpager lends; the link leading out of `_includes/` is not read.
        #expect(sources.includes.keys.sorted() == ["blogpager/timeline.html", "note.html"])
        #expect(warnings.contains { $0.description.contains("leak.html") && $0.description.contains("leads out of") })
        #expect(Set(sources.dataFingerprints.keys) == ["team", "releases"])
    }

    /// `site.time` and the `date` filter's `now` are the build's time, given to the build, not the wall clock's.
    @Test func siteTimeIsTheBuildsNow() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: T\ntimezone: UTC\n")
        try folder.write("site/_posts/2020-01-02-when.md", "---\ntitle: When\n---\nBuilt {{ site.time | date: \"%Y-%m-%d\" }}, now {{ \"now\" | date: \"%Y\" }}.\n")
        let job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out", program: .tests, in: .disk)
        _ = try await job.run(now: Date(timeIntervalSince1970: 1_610_000_000))
        let page = try String(contentsOfFile: folder.path + "/out/2020/01/02/when.html", encoding: .utf8)
        #expect(page.contains("Built 2021-01-07, now 2021."))
    }

    /// Jekyll 4.3's checks (`VALID_FILENAME_CHARS`, `INVALID_SEQUENCES`), then `File.join` onto the folder.
    @Test func includeNamesAsJekyllReadsThem() {
        for name in ["note.html", "parts/note.html", "/new-includes/components/releases.html", "a-b_(c)+~#@.html"] {
            #expect(JekyllIncludeName.problem(with: name) == nil, "\(name)")
        }
        for name in ["../_config.yml", "a/../../b", "./note.html", "a//b.html", "x/.hidden", "na me.html", "caf\u{E9}.html", "a\0b", ""] {
            #expect(JekyllIncludeName.problem(with: name) != nil, "\(name)")
        }
        #expect(JekyllIncludeName.pathBelowFolder("/new-includes/x.html") == "new-includes/x.html")
        #expect(JekyllIncludeName.pathBelowFolder("x.html") == "x.html")
    }

    @Test func slugifyAndSmartifyAsJekyllWritesThem() {
        #expect(JekyllLiquidHost.slugified("The _config.yml file", mode: "default", cased: false) == "the-config-yml-file")
        #expect(JekyllLiquidHost.slugified("The _config.yml file", mode: "pretty", cased: false) == "the-_config.yml-file")
        #expect(JekyllLiquidHost.slugified("The _cönfig.yml file", mode: "ascii", cased: false) == "the-c-nfig-yml-file")
        #expect(JekyllLiquidHost.slugified("The _cönfig.yml file", mode: "latin", cased: false) == "the-config-yml-file")
        #expect(JekyllLiquidHost.slugified("The Config", mode: "default", cased: true) == "The-Config")
        #expect(JekyllLiquidHost.smartified("\"Jekyll\" --- the 'static' generator...") == "“Jekyll” — the ‘static’ generator…")
    }

    @Test func rubysStrftimeWithItsFlags() {
        // 2009-05-20 04:05:06 UTC, a Wednesday.
        let date = EntryDate(epochSeconds: 1_242_792_306)
        #expect(RubyStrftime.format(date, "%A %a %B %b %-d %e %j %H:%M:%S %I %l %p %P %y %C %u %w %z %%") ==
                "Wednesday Wed May May 20 20 140 04:05:06 04  4 AM am 09 20 3 3 +0000 %")
        #expect(RubyStrftime.format(date, "%^B %-m/%-d %F %T %D %s") == "MAY 5/20 2009-05-20 04:05:06 05/20/09 1242792306")
        #expect(RubyStrftime.jekyllDate(date, monthFormat: "%B", type: "ordinal", style: "US") == "May 20th, 2009")
        #expect(RubyStrftime.jekyllDate(date, monthFormat: "%b", type: "ordinal", style: nil) == "20th May 2009")
    }

    @Test func aBodysKeyFollowsExactlyTheDataAndIncludesItReads() {
        var sources = LiquidSources(root: "", files: .disk)
        sources.dataFingerprints = ["releases": "r1", "links": "l1"]
        sources.includes = ["outer.html": "{% include inner.html %}", "inner.html": "{{ site.data.links.a }}"]
        sources.includeFingerprints = ["outer.html": "o1", "inner.html": "i1"]
        let site = LiquidSite(config: SiteConfig(), sources: sources, now: Date(timeIntervalSince1970: 0))
        let readsReleases = [BodyReference(kind: .reads(path: "site.data.releases"), line: 1, column: 1)]
        let includesOuter = [BodyReference(kind: .include(name: "outer.html", relative: false), line: 1, column: 1)]
        #expect(site.keyParts(for: readsReleases) == ["data releases r1"])
        #expect(site.keyParts(for: includesOuter) == ["include outer.html o1", "include inner.html i1", "data links l1"])
        #expect(site.keyParts(for: []) == [])
        var changed = sources
        changed.dataFingerprints["links"] = "l2"
        let after = LiquidSite(config: SiteConfig(), sources: changed, now: Date(timeIntervalSince1970: 0))
        #expect(after.keyParts(for: readsReleases) == site.keyParts(for: readsReleases))
        #expect(after.keyParts(for: includesOuter) != site.keyParts(for: includesOuter))
    }
}
