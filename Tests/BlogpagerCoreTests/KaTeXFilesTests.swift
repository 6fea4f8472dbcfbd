@testable import BlogpagerCore
import Testing

/// KaTeX from Debian's libjs-katex: what `math: katex` publishes, and a clear error without it.
struct KaTeXFilesTests {
    static let setting = SourceLocation(path: "blogpager.yml", line: 4, column: 9)

    @Test func itPublishesTheScriptsTheStyleSheetAndTheFontsItNames() throws {
        let files = FileSystem.memory()
        let folder = KaTeXFiles.folder
        try MemoryFileSystemTests.write([
            "katex.min.css": "@font-face{src:url(fonts/KaTeX_Main-Regular.woff2) format(\"woff2\"),url(fonts/KaTeX_Main-Regular.woff)}",
            "katex.min.js": "katex", "contrib/auto-render.js": "render",
            "fonts/KaTeX_Main-Regular.woff2": "w2", "fonts/KaTeX_Main-Regular.woff": "w", "fonts/Unused.ttf": "t",
        ], under: folder, in: files)
        let found = try KaTeXFiles.staticFiles(in: files, settingAt: Self.setting).get()
        #expect(found.map(\.path.segments) == [
            ["assets", "katex", "katex.min.css"], ["assets", "katex", "katex.min.js"], ["assets", "katex", "contrib", "auto-render.js"],
            ["assets", "katex", "fonts", "KaTeX_Main-Regular.woff"], ["assets", "katex", "fonts", "KaTeX_Main-Regular.woff2"],
        ])
        #expect(found.allSatisfy { $0.source?.filePath.hasPrefix(folder + "/") == true })
    }

    @Test func withoutKaTeXTheSettingIsAnErrorNamingThePackage() {
        guard case .failure(let problem) = KaTeXFiles.staticFiles(in: .memory(), settingAt: Self.setting) else {
            Issue.record("expected an error")
            return
        }
        #expect(problem.location == Self.setting && problem.message.contains("apt-get install libjs-katex"))
    }

    @Test func aStyleSheetThatCannotBeReadIsAnErrorSayingWhy() throws {
        let files = FileSystem.memory()
        try MemoryFileSystemTests.write(["katex.min.css": "x"], under: KaTeXFiles.folder, in: files)
        files.refuseReading(KaTeXFiles.folder + "/katex.min.css")
        guard case .failure(let problem) = KaTeXFiles.staticFiles(in: files, settingAt: Self.setting) else {
            Issue.record("expected an error")
            return
        }
        #expect(problem.location == Self.setting && problem.message.contains("cannot be read: permission denied"), "\(problem.message)")
    }

    @Test func eachOriginsMathSettingDrawsIt() {
        #expect(MarkdownFeatures.blogpager(["math": .string("katex")]) { _, _ in }.rendersMath)
        #expect(MarkdownFeatures.blogpager(["math": .string("katex")]) { _, _ in }.math == .passthrough)
        #expect(MarkdownFeatures.kramdown(["math_engine": .string("katex")]) { _, _ in }.rendersMath)
        #expect(!MarkdownFeatures.kramdown([:]) { _, _ in }.rendersMath)
        #expect(MarkdownFeatures.goldmark(["extensions": .map(["passthrough": .map(["enable": .bool(true)])])]).rendersMath)
        #expect(!MarkdownFeatures.goldmark([:]).rendersMath)
    }
}
