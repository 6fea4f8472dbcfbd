@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// A rebuild knows Pygments' version from the last build's `.blogpager/python` while
/// everything that decides which Pygments Python imports is as it was, and starts Python
/// only for a block that misses the cache; any change there starts it first again.
struct PythonFingerprintTests {
    /// A program that is not a script and never greets as our helper does.
    static let silentProgram = ["/bin/false", "/usr/bin/false"].first { FileManager.default.isExecutableFile(atPath: $0) }!

    /// A build of `folder/site` with highlighting, run as the commands run it (`BuildJob.runsPython`).
    static func build(_ folder: TemporaryFolder, output: String, sharedCache: String? = nil) async throws -> BuildJob.Outcome {
        var job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/" + output,
                           configPath: folder.path + "/site/blogpager.yml", program: .tests, in: .disk)
        job.highlightsCode = true
        job.runsPython(environment: ProcessInfo.processInfo.environment, currentFolder: FileManager.default.currentDirectoryPath)
        job.sharedHighlightCache = sharedCache.map { SharedHighlightCache(folder: folder.path + "/" + $0, in: .disk) }
        return try await job.run(now: Date())
    }

    /// What such a build's Python is before it runs: nil where it is never vouched for.
    /// Whether the tests' Python runs Pygments: the condition of the tests of a real helper.
    static let pygmentsRuns: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [HighlightTests.python ?? "python3", "-c", "import pygments"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static var launch: PythonFingerprint.Launch? {
        PythonFingerprint.Launch(files: .disk, python: HighlightTests.python, environment: ProcessInfo.processInfo.environment,
                                 currentFolder: FileManager.default.currentDirectoryPath)
    }

    @Test func aFingerprintHoldsUntilAPlaceItNamesChanges() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("lib/pygments/__init__.py", "__version__ = '9.9'\n")
        let launch = try #require(PythonFingerprint.Launch(files: .disk, python: Self.silentProgram, environment: ["PATH": "/usr/bin"], currentFolder: folder.path))
        let places = [folder.path + "/lib", folder.path + "/lib/pygments/__init__.py", folder.path + "/user-site"]
        let fingerprint = PythonFingerprint(highlighter: "pygments 9.9", launch: launch, importPaths: places)
        #expect(fingerprint.holds(for: launch))
        let read = try #require(PythonFingerprint(decoding: fingerprint.encoded()))
        #expect(read == fingerprint && read.holds(for: launch))
        // Another environment, folder or command: another Python may answer.
        let otherEnvironment = try #require(PythonFingerprint.Launch(files: .disk,
            python: Self.silentProgram, environment: ["PATH": "/usr/bin", "PYTHONPATH": folder.path], currentFolder: folder.path))
        let otherFolder = try #require(PythonFingerprint.Launch(files: .disk, python: Self.silentProgram, environment: ["PATH": "/usr/bin"], currentFolder: "/"))
        #expect(!fingerprint.holds(for: otherEnvironment) && !fingerprint.holds(for: otherFolder))
        // A site folder made (`pip install --user`), a package added beside, Pygments rewritten: each one counts.
        try folder.write("user-site/pygments/__init__.py", "__version__ = '10.0'\n")
        #expect(!fingerprint.holds(for: launch))
        try FileManager.default.removeItem(atPath: folder.path + "/user-site")
        #expect(fingerprint.holds(for: launch))
        try folder.write("lib/other.pth", "/elsewhere\n")
        #expect(!fingerprint.holds(for: launch))
        let again = PythonFingerprint(highlighter: "pygments 9.9", launch: launch, importPaths: places)
        #expect(again.holds(for: launch))
        try folder.write("lib/pygments/__init__.py", "__version__ = '9.10'\n")
        #expect(!again.holds(for: launch))
        // Not a record of this kind: none.
        #expect(PythonFingerprint(decoding: Array("blogpager python 1 pygments 9.9\nnonsense\n".utf8)) == nil)
    }

    @Test func aScriptOrAMissingCommandIsNeverVouchedFor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A version manager's shim: which Python it runs is decided by files of its own.
        try folder.write("bin/python3", "#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n")
        chmod(folder.path + "/bin/python3", 0o755)
        #expect(PythonFingerprint.Launch(files: .disk, python: nil, environment: ["PATH": folder.path + "/bin"], currentFolder: "/") == nil)
        #expect(PythonFingerprint.Launch(files: .disk, python: folder.path + "/bin/python3", environment: [:], currentFolder: "/") == nil)
        #expect(PythonFingerprint.Launch(files: .disk, python: nil, environment: ["PATH": folder.path + "/nowhere"], currentFolder: "/") == nil)
        #expect(PythonFingerprint.Launch(files: .disk, python: folder.path + "/no-such-python", environment: [:], currentFolder: "/") == nil)
        // A program found on the PATH by its name, as a shell finds it.
        let name = String(Self.silentProgram.split(separator: "/").last!)
        let folderOfIt = String(Self.silentProgram.dropLast(name.count + 1))
        let found = try #require(PythonFingerprint.Launch(files: .disk, python: name, environment: ["PATH": folder.path + "/bin:" + folderOfIt], currentFolder: "/"))
        #expect(found.lines.contains { $0.hasPrefix("runs \(Self.silentProgram) ") })
    }

    /// The version comes from the fingerprint, so nothing starts for it; a block that misses the
    /// cache starts the helper, and one that does not answer as vouched for makes the record go.
    @Test func aKnownPythonStartsOnlyForABlockThatMissesTheCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let launch = try #require(PythonFingerprint.Launch(files: .disk, python: Self.silentProgram, environment: [:], currentFolder: folder.path))
        let record = PythonFingerprint(highlighter: "pygments 9.9-test", launch: launch, importPaths: [folder.path]).encoded()
        let highlighter = CodeHighlighter(files: .disk, python: Self.silentProgram, maximumHelpers: 1, currentFolder: folder.path, previousPython: { record })
        // The silent program cannot greet: had it been started, there would be no version.
        #expect(highlighter.identity() == "pygments 9.9-test")
        let html = highlighter.html(for: [CodeBlock(language: "python", code: "x = 1\n")])
        #expect(html == ["<pre tabindex=\"0\"><code class=\"language-python\">x = 1\n</code></pre>\n"])
        let outcome = highlighter.finish(keepingOthers: true)
        #expect(outcome.forgetsPython && outcome.python == nil)
        #expect(outcome.problem?.contains("changed since the last build") == true, "\(outcome.problem ?? "")")
        // Another folder: the fingerprint does not hold, and the program runs at once (and says it cannot).
        let elsewhere = CodeHighlighter(files: .disk, python: Self.silentProgram, maximumHelpers: 1, currentFolder: "/", previousPython: { record })
        #expect(elsewhere.identity().hasPrefix("plain: "))
    }

    /// An edit that leaves an entry's code as it was starts no Python ahead of rendering: its
    /// blocks are in the last build's cache. An entry with new code starts it as it is read.
    @Test func anEditThatKeepsItsCodeStartsNoPythonAhead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("a.md", "---\ntitle: A\n---\nWords edited.\n\n```Python\nx = 1\n```\n")
        try folder.write("b.md", "---\ntitle: B\n---\n~~~python\ny = 2\n~~~\n")
        let launch = try #require(PythonFingerprint.Launch(files: .disk, python: Self.silentProgram, environment: [:], currentFolder: folder.path))
        let record = PythonFingerprint(highlighter: "pygments 9.9-test", launch: launch, importPaths: [folder.path]).encoded()
        let block = CodeBlock(language: "Python", code: "x = 1\n")
        var cached = HighlightCache(highlighter: "pygments 9.9-test")
        cached.store("<span class=\"n\">x</span> = 1\n", for: cached.key(of: block))
        let previous = try cached.encoded()
        func source(_ name: String) -> SourceFile {
            SourceFile(displayPath: name, relativePath: name, filePath: folder.path + "/" + name, identity: "", in: .disk)
        }
        func highlighter() -> CodeHighlighter {
            CodeHighlighter(files: .disk, python: Self.silentProgram, maximumHelpers: 1, previousCache: { RecordBytes(previous) },
                            currentFolder: folder.path, previousPython: { record })
        }
        // The silent program cannot greet: had it been started, the record would go.
        let edited = highlighter()
        #expect(edited.identity() == "pygments 9.9-test")
        edited.prepare(for: [source("a.md")])
        #expect(edited.html(for: [block]).first??.contains("<span class=\"n\">x</span>") == true)
        let kept = edited.finish(keepingOthers: true)
        #expect(kept.problem == nil && !kept.forgetsPython && kept.fromCache == 1)
        let added = highlighter()
        _ = added.identity()
        added.prepare(for: [source("a.md"), source("b.md")])
        #expect(added.finish(keepingOthers: true).forgetsPython)
    }

    /// With the real Pygments: a rebuild whose new entry has no code leaves the record as it was
    /// (no Python started to write it again), and one with code still highlights it.
    @Test(.enabled(if: pygmentsRuns, "the tests' Python has no Pygments"))
    func aRebuildWithoutNewCodeLeavesPythonUnstarted() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/blogpager.yml", "title: Known\n")
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2024-01-01\n---\n```python\nprint('a')\n```\n")
        func build() async throws -> BuildJob.Outcome { try await Self.build(folder, output: "out") }
        let first = try await build()
        #expect(first.summary.codeBlocks?.highlighted == 1, "\(first.summary.warnings)")
        let record = folder.path + "/out/.blogpager/python"
        guard Self.launch != nil else {
            // Python by a script (a version manager's shim): never vouched for, so nothing is kept.
            #expect(!FileManager.default.fileExists(atPath: record))
            return
        }
        let kept = try #require(FileIdentity(path: record))
        let recordBytes = try #require(FileManager.default.contents(atPath: record))
        #expect(PythonFingerprint(decoding: Array(recordBytes))?.highlighter.hasPrefix("pygments ") == true)
        try folder.write("site/posts/b.md", "---\ntitle: B\ndate: 2024-01-02\n---\nNo code.\n")
        let second = try await build()
        #expect(second.summary.codeBlocks?.fromCache == 1 && !second.summary.warnings.contains { $0.message.contains("highlight") })
        #expect(FileIdentity(path: record) == kept)
        // New code: a helper starts (ahead, as the entry is read) and highlights it.
        try folder.write("site/posts/c.md", "---\ntitle: C\ndate: 2024-01-03\n---\n```python\nprint('c')\n```\n")
        let third = try await build()
        #expect(third.summary.codeBlocks?.highlighted == 1, "\(third.summary.warnings)")
        let files = try folder.snapshot("out")
        let page = try #require(files["posts/c/index.html"])
        #expect(String(decoding: page, as: UTF8.self).contains("<span class=\"nb\">print</span>"))
    }

    /// A build into a new folder whose code is all in the user's cache starts no Python either:
    /// the user's cache keeps the fingerprint beside the spans.
    @Test(.enabled(if: pygmentsRuns && launch != nil, "the tests' Python has no Pygments, or is one never vouched for (a script)"))
    func aNewFolderWithItsCodeInTheUsersCacheStartsNoPython() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/blogpager.yml", "title: Shared\n")
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2024-01-01\n---\n```python\nprint('a')\n```\n")
        func build(_ output: String) async throws -> BuildJob.Outcome { try await Self.build(folder, output: output, sharedCache: "cache") }
        let first = try await build("first")
        #expect(first.summary.codeBlocks?.highlighted == 1, "\(first.summary.warnings)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/cache/python"))
        let second = try await build("second")
        #expect(second.summary.codeBlocks?.fromCache == 1)
        // Python did not start: had it, the new folder would keep its fingerprint.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/second/.blogpager/python"))
        #expect(try folder.snapshot("first")["posts/a/index.html"] == (try folder.snapshot("second")["posts/a/index.html"]))
    }
}
