import BlogpagerCore
import Foundation

/// A whole site as inline files, built in memory: the way tests describe input.
public struct SiteFixture: Sendable {
    /// Markdown sources by path below `content/`.
    public var files: [String: String]
    public var config: SiteConfig
    public var now: Date

    public init(files: [String: String], config: SiteConfig = SiteConfig(), now: Date = Date(timeIntervalSince1970: 1_900_000_000)) {
        self.files = files
        self.config = config
        self.now = now
    }

    public var sources: [SourceFile] {
        files.map { SourceFile(displayPath: "content/\($0.key)", relativePath: $0.key, bytes: Array($0.value.utf8)) }
    }

    public func input() throws -> SiteInput {
        SiteInput(config: config, templates: try TemplateSet.defaults(), sources: sources)
    }

    public func build(drafts: Bool = false, future: Bool = false, execution: any BuildExecution = PlainExecution()) async throws -> SiteBuild {
        try await SiteBuilder().build(input(), options: BuildOptions(includeDrafts: drafts, includeFuture: future, now: now, program: .tests,
                                                                     execution: execution))
    }

    /// The build's diagnostics when it fails, or an empty list when it succeeds.
    public func failure() async throws -> [Diagnostic] {
        do {
            _ = try await build()
            return []
        } catch let failure as BuildFailure {
            return failure.diagnostics
        }
    }

    /// A front-matter entry, for compact fixtures.
    public static func entry(title: String, date: String, slug: String? = nil, extra: String = "", body: String = "Body.") -> String {
        var text = "---\ntitle: \(title)\ndate: \(date)\n"
        if let slug { text += "slug: \(slug)\n" }
        text += extra + "---\n\n" + body + "\n"
        return text
    }
}

extension SiteBuild {
    /// The text of an output file, or nil.
    public func text(_ path: String) -> String? {
        files.first { $0.path.string == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    public var paths: [String] { files.map(\.path.string) }
}

extension ProgramIdentity {
    /// The program the tests build as: one name for every build of a test, as one binary would be.
    public static let tests = ProgramIdentity(text: "blogpager tests")
}
