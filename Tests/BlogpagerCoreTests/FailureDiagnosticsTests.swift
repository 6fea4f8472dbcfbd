@testable import BlogpagerCore
import Foundation
import Testing

/// Failures once turned into values, each now said where it happens: built in memory, where a
/// file can be made to refuse reading.
struct FailureDiagnosticsTests {
    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    static func jekyllSite(_ files: [String: String]) throws -> FileSystem {
        let memory = FileSystem.memory()
        try MemoryFileSystemTests.write(["_config.yml": "title: Failing\n"].merging(files) { _, own in own }, under: "/site", in: memory)
        return memory
    }

    static func failure(building root: String, in files: FileSystem) async throws -> [String] {
        let job = BuildJob(contentFolder: root, outputFolder: "/out", program: .tests, in: files)
        do {
            _ = try await job.run(now: now)
            Issue.record("the build should have failed")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func anIncludeRelativeThatCannotBeReadStopsTheBuildSayingWhy() async throws {
        let files = try Self.jekyllSite([
            "about.md": "---\ntitle: About\n---\nBefore {% include_relative _parts/snippet.txt %} after.\n",
            "_parts/snippet.txt": "the snippet",
            "_posts/2024-01-02-a.md": "---\ntitle: A\n---\nA post.\n",
        ])
        files.refuseReading("/site/_parts/snippet.txt")
        let said = try await Self.failure(building: "/site", in: files)
        #expect(said.contains { $0.hasPrefix("/site/about.md:") && $0.contains("cannot read include_relative '_parts/snippet.txt': permission denied") }, "\(said)")
    }
}
