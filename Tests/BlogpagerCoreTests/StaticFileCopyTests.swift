@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A static file whose source is as the last build copied it, and whose copy is
/// still in place, is kept without being read; any other is read and copied.
struct StaticFileCopyTests {
    static func site() throws -> TemporaryFolder {
        let folder = try BuildJobTests.site()
        try folder.write("content/entry-4.md", "---\ntitle: Entry 4\ndate: 2024-03-04\n---\n![Logo](/images/logo.png)\n")
        try folder.write("content/static/images/logo.png", bytes: ImageSizeTests.png(64, 32))
        try folder.write("content/static/notes.txt", "first notes\n")
        return folder
    }

    /// Writes other bytes of the same length into the file in place and puts its modification
    /// time back: its `stat` identity (size, time, inode) is then the one it had.
    static func rewriteKeepingIdentity(_ path: String, _ text: String) throws {
        var before = stat()
        #expect(stat(path, &before) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(FileIdentity(after).recordText == FileIdentity(before).recordText)
    }

    static func text(_ folder: TemporaryFolder, _ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + path)), as: UTF8.self)
    }

    @Test func anUnchangedSourceIsKeptUnreadAndAChangedOneCopiedAgain() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        let first = try await BuildJobTests.job(folder).run(now: Date())
        #expect(Set(first.report.written.map(\.string)).isSuperset(of: ["images/logo.png", "notes.txt"]))
        #expect(try Self.text(folder, "out/posts/entry-4/index.html").contains("<img width=\"64\" height=\"32\" src=\"/images/logo.png\""))

        // Other bytes the `stat` cannot tell: the copy is kept, so the source was not read.
        try Self.rewriteKeepingIdentity(folder.path + "/content/static/notes.txt", "other notes\n")
        try folder.write("content/entry-10.md", "---\ntitle: Entry 10, edited\ndate: 2024-03-10\n---\nBody 10.\n")
        let second = try await BuildJobTests.job(folder).run(now: Date())
        #expect(second.site != nil)
        #expect(!second.report.written.map(\.string).contains("notes.txt"))
        #expect(try Self.text(folder, "out/notes.txt") == "first notes\n")
        // The kept image's size comes from the record: the page that shows it is kept as it was.
        #expect(!second.report.written.map(\.string).contains("posts/entry-4/index.html"))
        #expect(try await BuildJobTests.job(folder).run(now: Date()).site == nil)

        // A new version of the image (a new time): read, copied, and its new size on the page.
        try folder.write("content/static/images/logo.png", bytes: ImageSizeTests.png(600, 900))
        let third = try await BuildJobTests.job(folder).run(now: Date())
        #expect(Set(third.report.written.map(\.string)).isSuperset(of: ["images/logo.png", "posts/entry-4/index.html"]))
        #expect(try Self.text(folder, "out/posts/entry-4/index.html").contains("<img width=\"600\" height=\"900\" src=\"/images/logo.png\""))
        #expect(try await BuildJobTests.job(folder).run(now: Date()).site == nil)
    }

    @Test func aCopyChangedOrRemovedInTheOutputIsCopiedAgain() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await BuildJobTests.job(folder).run(now: Date())
        try folder.write("out/notes.txt", "changed by hand, longer\n")
        #expect(try await BuildJobTests.job(folder).run(now: Date()).report.written.map(\.string) == ["notes.txt"])
        #expect(try Self.text(folder, "out/notes.txt") == "first notes\n")

        try FileManager.default.removeItem(atPath: folder.path + "/out/images/logo.png")
        #expect(try await BuildJobTests.job(folder).run(now: Date()).report.written.map(\.string) == ["images/logo.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/images/logo.png")) == Data(ImageSizeTests.png(64, 32)))
    }

    /// The record is trusted only whole, and only by the program that wrote it.
    @Test func aDamagedRecordOrAnotherProgramsIsNotTrusted() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await BuildJobTests.job(folder).run(now: Date())
        let record = try Self.text(folder, "out/.blogpager/static-files")
        #expect(record.hasPrefix("blogpager static-files 1 "))
        #expect(record.contains("\nimages/logo.png\t") && record.contains("\t64x32\n"))
        #expect(record.contains("\nnotes.txt\t") && record.hasSuffix("\t-\n"))

        let notes = folder.path + "/content/static/notes.txt"
        for (step, damage) in ["cut", "program"].enumerated() {
            let text = step == 0 ? "other notes\n" : "third notes\n"
            try Self.rewriteKeepingIdentity(notes, text)
            switch damage {
            case "cut": try folder.write("out/.blogpager/static-files", String(record.dropLast(20)) + "\n")
            default:
                var other = record.split(separator: "\n", omittingEmptySubsequences: false)
                other[0] = "blogpager static-files 1 " + StaticFileCache.key(program: ProgramIdentity(text: "another blogpager"))
                try folder.write("out/.blogpager/static-files", other.joined(separator: "\n"))
            }
            try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edit \(step)\ndate: 2024-03-03\n---\nBody 3.\n")
            let rebuilt = try await BuildJobTests.job(folder).run(now: Date())
            #expect(rebuilt.report.written.map(\.string).contains("notes.txt"), "\(damage)")
            #expect(try Self.text(folder, "out/notes.txt") == text, "\(damage)")
        }
    }

    /// A source that cannot be read is an error in the same run as a bad entry's, and `out/`
    /// stays as it was.
    @Test func anUnreadableSourceIsReportedWithTheOthersAndNothingIsWritten() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await BuildJobTests.job(folder).run(now: Date())
        let before = try folder.snapshot("out")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/static/gone.png", withDestinationPath: "nowhere.png")
        try folder.write("content/entry-5.md", "---\ntitle: Entry 5\ndate: someday\n---\nBody.\n")
        await #expect {
            try await BuildJobTests.job(folder).run(now: Date())
        } throws: { error in
            let lines = (error as? BuildFailure)?.diagnostics.map(\.description) ?? []
            return lines.count == 2
                && lines.contains { $0.contains("content/entry-5.md:3:") && $0.contains(": error: ") }
                && lines.contains { $0.hasSuffix("content/static/gone.png:1:1: error: cannot read file: no such file") }
        }
        #expect(try folder.snapshot("out") == before)
    }
}
