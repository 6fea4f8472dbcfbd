import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// Nothing is lost: `out/` changes only by a complete, successful write.
struct OutputWriterTests {
    /// A job over `content/` with a config of its own (not the one of the folder the tests run in).
    static func job(_ folder: TemporaryFolder, output: String) -> BuildJob {
        try? folder.write("blogpager.yml", "title: Writer tests\n")
        return BuildJob(contentFolder: folder.path + "/content", outputFolder: folder.path + "/" + output,
                        configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk)
    }

    static func files(_ pairs: [String: String]) -> [OutputFile] {
        pairs.map { OutputFile(path: OutputPath(literal: $0.key), text: $0.value) }
    }

    @Test func writesAMarkerAndKeepsUnchangedFilesAsTheyWere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
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
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
        _ = try writer.write(Self.files(["index.html": "a", "posts/x/index.html": "xy"]))
        let list = try String(contentsOfFile: folder.path + "/out/.blogpager/files", encoding: .utf8)
        #expect(list.hasPrefix("blogpager files 5\n"))
        let lines = list.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0[0] } == ["index.html", "posts/x/index.html"])
        #expect(lines.map { $0[2] } == ["page", "page"])
        #expect(lines.map { $0[1].hasPrefix("1-") } == [true, false])
        #expect(lines[1][1].hasPrefix("2-"))
        let marker = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/.blogpager/manifest.json"))) as? [String: Any]
        #expect(marker?["generator"] as? String == "blogpager")
        #expect(marker?["format"] as? Int == 5)
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
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
        let report = try writer.write(Self.files(["index.html": "a"]))
        #expect(report.unchanged == 1 && report.written.isEmpty)
        #expect(report.removed == ["old.html"])
        #expect(try String(contentsOfFile: folder.path + "/out/.blogpager/files", encoding: .utf8).hasPrefix("blogpager files 5\nindex.html\t1-"))
    }

    @Test func aFormat4ListIsStillOursAndSaysNoClasses() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Format 4, as the version before classes wrote it: path and digest a line.
        try folder.write("out/index.html", "a")
        try folder.write("out/old.html", "o")
        try folder.write("out/.blogpager/manifest.json", "{\"format\": 4, \"generator\": \"blogpager\", \"list\": \"files\"}\n")
        try folder.write("out/.blogpager/files", "blogpager files 4\nindex.html\t\(OutputManifest.digest(of: Array("a".utf8)))\nold.html\t1-0\n")
        let report = try OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk).write(Self.files(["index.html": "a"]))
        #expect(report.unchanged == 1 && report.written.isEmpty && report.removed == ["old.html"])
        #expect(try String(contentsOfFile: folder.path + "/out/.blogpager/files", encoding: .utf8).contains("\tpage\n"))
    }

    @Test func aFormat3FolderIsStillOurs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Format 3, as the last version wrote it: the list without its header line.
        try folder.write("out/index.html", "a")
        try folder.write("out/old.html", "o")
        try folder.write("out/.blogpager/manifest.json", "{\"format\": 3, \"generator\": \"blogpager\", \"list\": \"files\"}\n")
        try folder.write("out/.blogpager/files", "index.html\t\(OutputManifest.digest(of: Array("a".utf8)))\nold.html\t1-0\n")
        let report = try OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk).write(Self.files(["index.html": "a"]))
        #expect(report.unchanged == 1 && report.written.isEmpty && report.removed == ["old.html"])
    }

    @Test func aMarkerWithoutItsListIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
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
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
        _ = try writer.write(Self.files(["index.html": "a", "old.html": "o"]))
        let report = try writer.write(Self.files(["index.html": "a"]))
        #expect(report.removed == ["old.html"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/old.html"))
    }

    /// The removal counts the files made that were ours: as many files as before, one of them at
    /// a new path, still removes the old one; every one made again and one more removes none.
    @Test func aFileMadeAtANewPathInPlaceOfAnOldOneRemovesTheOldOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
        _ = try writer.write(Self.files(["index.html": "a", "posts/old/index.html": "o"]))
        let moved = try writer.write(Self.files(["index.html": "a", "posts/new/index.html": "o"]))
        #expect(moved.removed == ["posts/old/index.html"] && moved.written.map(\.string) == ["posts/new/index.html"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/posts/old"))
        let added = try writer.write(Self.files(["index.html": "a", "posts/new/index.html": "o", "posts/more/index.html": "m"]))
        #expect(added.removed.isEmpty && added.unchanged == 2)
        let list = try String(contentsOfFile: folder.path + "/out/.blogpager/files", encoding: .utf8)
        #expect(list.split(separator: "\n").dropFirst().map { $0.split(separator: "\t")[0] } == ["index.html", "posts/more/index.html", "posts/new/index.html"])
    }

    @Test func filesTheUserAddedAreKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
        _ = try writer.write(Self.files(["index.html": "a"]))
        try folder.write("out/CNAME", "blog.example.org")
        let report = try writer.write(Self.files(["index.html": "b"]))
        #expect(report.written.map(\.string) == ["index.html"])
        #expect(try String(contentsOfFile: folder.path + "/out/CNAME", encoding: .utf8) == "blog.example.org")
    }

    @Test func aFileTheUserAddedIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
        _ = try writer.write(Self.files(["index.html": "a"]))
        try folder.write("out/about.html", "mine")
        #expect(throws: BuildFailure.self) { try writer.write(Self.files(["index.html": "a", "about.html": "generated"])) }
        #expect(try String(contentsOfFile: folder.path + "/out/about.html", encoding: .utf8) == "mine")
    }

    @Test func aFileChangedByHandIsWrittenAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
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
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
        #expect(throws: BuildFailure.self) { try writer.write(Self.files(["index.html": "a"])) }
        #expect(try folder.snapshot("out") == ["precious.txt": Data("keep me".utf8)])
    }

    @Test func anOutputInsideTheContentIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for output in ["content", "content/out", "content/./sub/../out"] {
            let writer = OutputWriter(outputFolder: folder.path + "/" + output, contentFolder: folder.path + "/content", in: .disk)
            #expect(throws: BuildFailure.self) { try writer.checkTarget() }
        }
        let around = OutputWriter(outputFolder: folder.path, contentFolder: folder.path + "/content", in: .disk)
        #expect(throws: BuildFailure.self) { try around.checkTarget() }
    }

    /// A build with bad input writes nothing: the whole job runs (lock, records, writer),
    /// and `out/`, its records included, is byte for byte as it was.
    @Test func aFailedBuildLeavesTheOldOutputByteForByte() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("content/a.md", SiteFixture.entry(title: "A", date: "2016-01-01"))
        let job = Self.job(folder, output: "out")
        _ = try await job.run(now: Date())
        let before = try folder.snapshot("out")
        #expect(before.keys.contains(".blogpager/last-build") && before.keys.contains("posts/a/index.html"))

        try folder.write("content/b.md", "---\ntitle: [unclosed\n---\n")
        try folder.write("content/c.md", SiteFixture.entry(title: "C", date: "2016-01-03"))
        do {
            _ = try await job.run(now: Date())
            Issue.record("a build with a bad entry went ahead")
        } catch {
            #expect(error.output == .untouched)
            #expect(BuildJob.outputState(of: error, output: "out") == "out was left as it was")
        }
        #expect(try folder.snapshot("out") == before)
    }

    /// The same into a folder that did not exist: it still does not.
    @Test func aFailedFirstBuildLeavesNoFolderBehind() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("content/b.md", "---\ntitle: [unclosed\n---\n")
        let job = Self.job(folder, output: "out")
        await #expect(throws: BuildFailure.self) { try await job.run(now: Date()) }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    /// A write that fails on the disk (here a folder stands where a page must go) says
    /// what it left: part of the build, every file whole and recorded; once the way
    /// is clear the next build finishes, and the folder is what a clean build makes.
    @Test func aWriteThatFailsSaysWhatItLeftAndTheNextBuildFinishes() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for day in 1...9 { try folder.write("content/e\(day).md", SiteFixture.entry(title: "E\(day)", date: "2016-01-0\(day)")) }
        let job = Self.job(folder, output: "out")
        _ = try await job.run(now: Date())
        // Our page becomes a folder with something in it: renaming the new page over it fails.
        try FileManager.default.removeItem(atPath: folder.path + "/out/posts/e5/index.html")
        try folder.write("out/posts/e5/index.html/in-the-way", "x")
        try folder.write("content/e5.md", SiteFixture.entry(title: "E5, edited", date: "2016-01-05"))
        do {
            _ = try await job.run(now: Date())
            Issue.record("a write over a folder went ahead")
        } catch {
            #expect(error.output == .partlyWritten)
            #expect(error.description.hasSuffix("/out:1:1: error: cannot write the output: Is a directory"))
            #expect(BuildJob.outputState(of: error, output: "out").hasPrefix("out holds part of this build"))
        }
        try FileManager.default.removeItem(atPath: folder.path + "/out/posts/e5/index.html")
        _ = try await job.run(now: Date())
        _ = try await Self.job(folder, output: "clean").run(now: Date())
        let records: Set<String> = [".blogpager/last-build", ".blogpager/render-cache", ".blogpager/static-files", ".blogpager/entry-cache"]
        #expect(try folder.snapshot("out").filter { !records.contains($0.key) } == folder.snapshot("clean").filter { !records.contains($0.key) })
    }

    /// A killed build's files are its own: the journal names them, so the next build neither
    /// refuses the folder nor takes a user's file for ours.
    @Test func filesAKilledBuildJournaledAreOurs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk)
        _ = try writer.write(Self.files(["index.html": "a"]))
        // As a build killed right after writing new.html (journaled) and a temporary file.
        try folder.write("out/.blogpager/journal", "blogpager journal 1\nnew.html\ngone/page.html\n")
        try folder.write("out/new.html", "half a build")
        try folder.write("out/gone/.page.html.blogpager-tmp", "cut")
        try folder.write("out/mine.html", "the user's")
        let report = try writer.write(Self.files(["index.html": "a", "new.html": "new"]))
        #expect(report.written.map(\.string) == ["new.html"])
        #expect(try folder.snapshot("out").keys.sorted() == [".blogpager/files", ".blogpager/lock", ".blogpager/manifest.json", "index.html", "mine.html", "new.html"])
        #expect(throws: BuildFailure.self) { try writer.write(Self.files(["index.html": "a", "mine.html": "generated"])) }
    }

    /// A first build killed before its manifest leaves only a journal: still our folder.
    @Test func aFolderWithOnlyAJournalIsOurs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("out/.blogpager/journal", "blogpager journal 1\nindex.html\n")
        try folder.write("out/.blogpager/lock", "")
        try folder.write("out/index.html", "half")
        let report = try OutputWriter(outputFolder: folder.path + "/out", contentFolder: nil, in: .disk).write(Self.files(["index.html": "a"]))
        #expect(report.written.map(\.string) == ["index.html"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/.blogpager/journal"))
    }

    @Test func aCleanAndAnIncrementalBuildGiveTheSameFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var files: [String: String] = [:]
        for index in 0..<60 {
            files["p\(index).md"] = SiteFixture.entry(title: "P\(index)", date: EntryDate(epochSeconds: 1_400_000_000 + Int64(index) * 7_200).rfc3339)
        }
        // Incremental: build the history one step at a time into one folder.
        let incremental = OutputWriter(outputFolder: folder.path + "/incremental", contentFolder: nil, in: .disk)
        var history: [String: String] = [:]
        for (step, key) in files.keys.sorted().enumerated() {
            history[key] = files[key]
            if step % 7 == 0 || step == files.count - 1 {
                _ = try incremental.write(try await SiteFixture(files: history).build().files)
            }
        }
        let clean = OutputWriter(outputFolder: folder.path + "/clean", contentFolder: nil, in: .disk)
        _ = try clean.write(try await SiteFixture(files: files).build().files)
        #expect(try folder.snapshot("incremental") == folder.snapshot("clean"))
    }
}
