@testable import BlogpagerCore
import Foundation
import Testing

/// Each config file is read once per build, however many places need what it says: the golden
/// sites of each origin (a Jekyll site, a Hugo site in three languages with a split config, a Zola
/// site with two blogs) copied into a tree in memory that counts reads.
struct ConfigReadOnceTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "sitetests/golden").path

    /// The fixture `origin`'s site, copied to `/site` in memory.
    static func site(_ origin: String) throws -> FileSystem {
        let memory = FileSystem.memory()
        let root = "\(golden)/\(origin)/site"
        for case (let relative, .file) in FileSystem.disk.walk(root).items {
            let path = "/site/" + relative
            try memory.makeFolder(String(path[..<path.lastIndex(of: "/")!]))
            try memory.replace(path, with: try FileSystem.disk.read(root + "/" + relative))
        }
        return memory
    }

    @Test(arguments: [
        ("jekyll", ["_config.yml"]),
        ("hugo", ["config/_default/hugo.toml", "config/_default/languages.en.toml", "config/_default/languages.fr.toml",
                  "config/_default/languages.ja.toml", "config/_default/menu.en.toml"]),
        ("zola", ["config.toml"]),
    ])
    func eachConfigFileIsReadOncePerBuild(origin: String, configs: [String]) async throws {
        let files = try Self.site(origin)
        let job = BuildJob(contentFolder: "/site", outputFolder: "/out", program: .tests, in: files)
        let outcome = try await job.run(now: Date(timeIntervalSince1970: 1_900_000_000))
        #expect(outcome.summary.entries > 0)
        for config in configs {
            #expect(files.readCount(of: "/site/" + config) == 1, "\(origin): \(config) read \(files.readCount(of: "/site/" + config) ?? -1) times")
        }
    }
}
