import Foundation
import PackagePlugin

/// Compiles the repository's `templates/` folder into the core library, so the
/// binary carries the very same default templates that users read and copy; and
/// the highlighter's Python helper, kept as a Python file so that it can be read and
/// tested as one.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templatesFolder = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        let inputs = Self.files(under: templatesFolder)
        let embedder = try context.tool(named: "TemplateEmbedder").url
        let helper = target.directoryURL.appending(path: "Highlight/pygments_helper.py")
        let helperOutput = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPygmentsHelper.swift")
        return [
            .buildCommand(
                displayName: "Embedding default templates",
                executable: embedder,
                arguments: [templatesFolder.path(), output.path()],
                inputFiles: inputs,
                outputFiles: [output]
            ),
            .buildCommand(
                displayName: "Embedding the highlighter's helper",
                executable: embedder,
                arguments: ["--constant", "PygmentsHelper.script", helper.path(), helperOutput.path()],
                inputFiles: [helper],
                outputFiles: [helperOutput]
            ),
        ]
    }

    private static func files(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            found.append(url)
        }
        return found.sorted { $0.path() < $1.path() }
    }
}
