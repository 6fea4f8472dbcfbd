import BlogpagerCore
import Testing

/// What a deploy sends, keeps and deletes, and what it will not touch, worked out before anything goes.
struct DeployPlanTests {
    static func file(_ path: String, _ bytes: String, _ kind: OutputClass) -> DeployPlan.LocalFile {
        DeployPlan.LocalFile(path: path, size: bytes.utf8.count, digest: OutputManifest.digest(of: Array(bytes.utf8)), kind: kind)
    }

    static let site = [
        file("fragments/2024-01-01-0123456789abcdef.html", "<article>", .immutable),
        file("posts/a/index.html", "<html>a", .page),
        file("tags/x/index.json", "{\"x\":1}", .index),
        file("index.json", "{\"main\":1}", .index),
        file("feed.xml", "<feed/>", .feed),
        file("old/index.html", "<meta refresh>", .redirect),
    ]

    /// The remote after a deploy of `files` at `now`: its manifest and listing.
    static func deployed(_ files: [DeployPlan.LocalFile], at now: Int64) -> (DeployedManifest, [String: DeployPlan.RemoteFile]) {
        let plan = DeployPlan(local: files, deployed: nil, listing: [:], now: now, keepRemoved: 100)
        return (plan.next, Dictionary(uniqueKeysWithValues: files.map { ($0.path, DeployPlan.RemoteFile(size: $0.size, md5: nil)) }))
    }

    @Test func aFirstDeploySendsEverythingInPhasesImmutableFirstTheMainIndexLast() {
        let plan = DeployPlan(local: Self.site, deployed: nil, listing: [:], now: 1_000, keepRemoved: 100)
        #expect(plan.uploads[.immutable]?.map(\.path) == ["fragments/2024-01-01-0123456789abcdef.html"])
        #expect(plan.uploads[.pages]?.map(\.path) == ["posts/a/index.html", "old/index.html"])
        #expect(plan.uploads[.streamIndexes]?.map(\.path) == ["tags/x/index.json"])
        #expect(plan.uploads[.mainIndexes]?.map(\.path) == ["index.json"])
        #expect(plan.uploads[.feeds]?.map(\.path) == ["feed.xml"])
        #expect(DeployPlan.Phase.allCases == [.immutable, .pages, .streamIndexes, .mainIndexes, .feeds])
        #expect(plan.conflicts.isEmpty && plan.deleteNow.isEmpty && plan.unchanged == 0)
        #expect(plan.next.files.count == Self.site.count)
    }

    @Test func aSecondDeploySendsOnlyWhatChanged() {
        let (manifest, listing) = Self.deployed(Self.site, at: 1_000)
        var changed = Self.site
        changed[3] = Self.file("index.json", "{\"main\":2}", .index)
        let plan = DeployPlan(local: changed, deployed: manifest, listing: listing, now: 2_000, keepRemoved: 100)
        #expect(plan.uploadCount == 1 && plan.uploads[.mainIndexes]?.first?.path == "index.json")
        #expect(plan.unchanged == Self.site.count - 1)
    }

    @Test func aFileNoBuildMakesWaitsOutTheGracePeriodThenGoes() {
        let (manifest, listing) = Self.deployed(Self.site, at: 1_000)
        let without = Array(Self.site.dropFirst())
        let first = DeployPlan(local: without, deployed: manifest, listing: listing, now: 2_000, keepRemoved: 100)
        #expect(first.deleteNow.isEmpty)
        #expect(first.deferred.map(\.path) == ["fragments/2024-01-01-0123456789abcdef.html"] && first.deferred.first?.due == 2_100)
        let later = DeployPlan(local: without, deployed: first.next, listing: listing, now: 2_099, keepRemoved: 100)
        #expect(later.deleteNow.isEmpty && later.deferred.first?.due == 2_100)
        let due = DeployPlan(local: without, deployed: later.next, listing: listing, now: 2_100, keepRemoved: 100)
        #expect(due.deleteNow == ["fragments/2024-01-01-0123456789abcdef.html"])
        // Made again before it went: it is simply kept.
        let back = DeployPlan(local: Self.site, deployed: first.next, listing: listing, now: 2_050, keepRemoved: 100)
        #expect(back.deleteNow.isEmpty && back.deferred.isEmpty && back.uploadCount == 0)
    }

    @Test func whatWasChangedByHandIsNamedAndAStoppedDeploysFilesAreOurs() {
        let (manifest, listing) = Self.deployed(Self.site, at: 1_000)
        var remote = listing
        remote["posts/a/index.html"] = DeployPlan.RemoteFile(size: 99, md5: nil)
        remote["feed.xml"] = nil
        remote["CNAME"] = DeployPlan.RemoteFile(size: 4, md5: nil)
        let local = Self.site + [Self.file("CNAME", "x.io", .siteFile)]
        let plan = DeployPlan(local: local, deployed: manifest, listing: remote, now: 2_000, keepRemoved: 100)
        #expect(plan.conflicts.map(\.description) == ["CNAME (not uploaded by blogpager)", "feed.xml (deleted)", "posts/a/index.html (changed)"])
        // A deploy stopped while sending them: they are ours, and go again.
        let resumed = DeployPlan(local: local, deployed: manifest, listing: remote, unfinished: ["posts/a/index.html", "feed.xml", "CNAME"],
                                 now: 2_000, keepRemoved: 100)
        #expect(resumed.conflicts.isEmpty)
        #expect(Set(resumed.uploads.values.flatMap { $0 }.map(\.path)) == ["posts/a/index.html", "feed.xml", "CNAME"])
    }

    @Test func onlyFilesAPreviousDeploySentAreEverDeleted() {
        let (manifest, listing) = Self.deployed(Self.site, at: 1_000)
        var remote = listing
        remote["someone-elses.txt"] = DeployPlan.RemoteFile(size: 3, md5: nil)
        let first = DeployPlan(local: [], deployed: manifest, listing: remote, now: 5_000, keepRemoved: 100)
        #expect(first.deleteNow.isEmpty && first.deferred.count == Self.site.count)
        let plan = DeployPlan(local: [], deployed: first.next, listing: remote, now: 5_100, keepRemoved: 100)
        #expect(Set(plan.deleteNow) == Set(Self.site.map(\.path)))
        #expect(!plan.deleteNow.contains("someone-elses.txt"))
    }

    @Test func aLanguagesRootIndexIsAMainIndex() {
        let plan = DeployPlan(local: [Self.file("ja/index.json", "{}", .index), Self.file("ja/tags/x/index.json", "{}", .index)],
                              deployed: nil, listing: [:], languages: ["ja"], now: 1, keepRemoved: 1)
        #expect(plan.uploads[.mainIndexes]?.map(\.path) == ["ja/index.json"])
        #expect(plan.uploads[.streamIndexes]?.map(\.path) == ["ja/tags/x/index.json"])
    }
}
