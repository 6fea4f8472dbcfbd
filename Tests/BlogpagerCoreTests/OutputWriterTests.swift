import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// Nothing is lost: `out/` changes only by a complete, successful write.
struct OutputWriterTests {
    static func files(_ pairs: [String: String]) -> [OutputFile] {
        pairs.map { OutputFile(path: OutputPath(literal: $0.key), text: $0.value) }
    }

    @Test func writesAMarkerAndKeepsUnchangedFilesAsTheyWere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        let first = try writer.write(Self.files(["index.html": "a", "posts/x/index.html": "x"]))
        #expect(first.written.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/.blogpager/manifest.json"))
        let before = try FileManager.default.attributesOfItem(atPath: folder.path + "/out/posts/x/index.html")

        let second = try writer.write(Self.files(["index.html": "b", "posts/x/index.html": "x"]))
        #expect(second.written.map(\.string) == ["index.html"])
        #expect(second.unchanged == 1)
        let after = try FileManager.default.attributesOfItem(atPath: folder.path + "/out/posts/x/index.html")
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
    }

    @Test func theListOfOurFilesIsOneLineEachBesideTheMarker() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        _ = try writer.write(Self.files(["index.html": "a", "posts/x/index.html": "xy"]))
        let list = try String(contentsOfFile: folder.path + "/out/.blogpager/files", encoding: .utf8)
        let lines = list.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0[0] } == ["index.html", "posts/x/index.html"])
        #expect(lines.map { $0[1].hasPrefix("1-") } == [true, false])
        #expect(lines[1][1].hasPrefix("2-"))
        let marker = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/.blogpager/manifest.json"))) as? [String: Any]
        #expect(marker?["generator"] as? String == "blogpager")
        #expect(marker?["format"] as? Int == 3)
    }

    @Test func anOlderBuildsManifestIsStillOurs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Format 2, as earlier versions wrote it: the list and digests inside manifest.json.
        try folder.write("out/old.html", "o")
        try folder.write("out/index.html", "a")
        try folder.write("out/.blogpager/manifest.json", """
            {"digests": {"index.html": "\(OutputManifest.digest(of: Array("a".utf8)))", "old.html": "1-0"},
             "files": ["index.html", "old.html"], "format": 2, "generator": "blogpager"}
            """)
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        let report = try writer.write(Self.files(["index.html": "a"]))
        #expect(report.unchanged == 1 && report.written.isEmpty)
        #expect(report.removed == ["old.html"])
        #expect(try String(contentsOfFile: folder.path + "/out/.blogpager/files", encoding: .utf8).hasPrefix("index.html\t1-"))
    }

    @Test func aMarkerWithoutItsListIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        _ = try writer.write(Self.files(["index.html": "a"]))
        try FileManager.default.removeItem(atPath: folder.path + "/out/.blogpager/files")
        do {
            _ = try writer.write(Self.files(["index.html": "b"]))
            Issue.record("a build over a marker without its list went ahead")
        } catch {
            #expect(error.description.contains("unreadable manifest") && error.description.contains(".blogpager/files is missing"))
        }
        #expect(try String(contentsOfFile: folder.path + "/out/index.html", encoding: .utf8) == "a")
    }

    @Test func filesOfOursThatAreNoLongerMadeAreRemoved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        _ = try writer.write(Self.files(["index.html": "a", "old.html": "o"]))
        let report = try writer.write(Self.files(["index.html": "a"]))
        #expect(report.removed == ["old.html"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/old.html"))
    }

    @Test func filesTheUserAddedAreKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        _ = try writer.write(Self.files(["index.html": "a"]))
        try folder.write("out/CNAME", "blog.example.org")
        let report = try writer.write(Self.files(["index.html": "b"]))
        #expect(report.written.map(\.string) == ["index.html"])
        #expect(try String(contentsOfFile: folder.path + "/out/CNAME", encoding: .utf8) == "blog.example.org")
    }

    @Test func aFileTheUserAddedIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        _ = try writer.write(Self.files(["index.html": "a"]))
        try folder.write("out/about.html", "mine")
        #expect(throws: BuildFailure.self) { try writer.write(Self.files(["index.html": "a", "about.html": "generated"])) }
        #expect(try String(contentsOfFile: folder.path + "/out/about.html", encoding: .utf8) == "mine")
    }

    @Test func aFileChangedByHandIsWrittenAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        _ = try writer.write(Self.files(["index.html": "same", "a/b/c.html": "deep"]))
        try folder.write("out/index.html", "edited")
        let report = try writer.write(Self.files(["index.html": "same"]))
        #expect(report.written.map(\.string) == ["index.html"])
        #expect(try String(contentsOfFile: folder.path + "/out/index.html", encoding: .utf8) == "same")
        // The removed file's empty folders go with it.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/a"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").filter { $0.hasSuffix(".blogpager-tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func aFolderThatIsNotOursIsRefusedAndUntouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("out/precious.txt", "keep me")
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil)
        #expect(throws: BuildFailure.self) { try writer.write(Self.files(["index.html": "a"])) }
        #expect(try folder.snapshot("out") == ["precious.txt": Data("keep me".utf8)])
    }

    @Test func anOutputInsideTheContentIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for output in ["content", "content/out", "content/./sub/../out"] {
            let writer = OutputWriter(outputFolder: folder.path + "/" + output, contentFolder: folder.path + "/content")
            #expect(throws: BuildFailure.self) { try writer.checkTarget() }
        }
        let around = OutputWriter(outputFolder: folder.path, contentFolder: folder.path + "/content")
        #expect(throws: BuildFailure.self) { try around.checkTarget() }
    }

    @Test func aFailedBuildLeavesTheOldOutputByteForByte() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("content/a.md", SiteFixture.entry(title: "A", date: "2016-01-01"))
        let loader = SiteLoader(contentFolder: folder.path + "/content")
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: folder.path + "/content")
        let site = try await SiteBuilder().build(try loader.load(), options: BuildOptions(now: Date()))
        _ = try writer.write(site.files)
        let before = try folder.snapshot("out")

        try folder.write("content/b.md", "---\ntitle: [unclosed\n---\n")
        await #expect(throws: BuildFailure.self) {
            _ = try await SiteBuilder().build(try loader.load(), options: BuildOptions(now: Date()))
        }
        #expect(try folder.snapshot("out") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("blogpager") }
        #expect(leftovers.isEmpty)
    }

    @Test func aCleanAndAnIncrementalBuildGiveTheSameFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var files: [String: String] = [:]
        for index in 0..<60 {
            files["p\(index).md"] = SiteFixture.entry(title: "P\(index)", date: EntryDate(epochSeconds: 1_400_000_000 + Int64(index) * 7_200).rfc3339)
        }
        // Incremental: build the history one step at a time into one folder.
        let incremental = OutputWriter(outputFolder: folder.path + "/incremental", contentFolder: nil)
        var history: [String: String] = [:]
        for (step, key) in files.keys.sorted().enumerated() {
            history[key] = files[key]
            if step % 7 == 0 || step == files.count - 1 {
                _ = try incremental.write(try await SiteFixture(files: history).build().files)
            }
        }
        let clean = OutputWriter(outputFolder: folder.path + "/clean", contentFolder: nil)
        _ = try clean.write(try await SiteFixture(files: files).build().files)
        #expect(try folder.snapshot("incremental") == folder.snapshot("clean"))
    }
}
