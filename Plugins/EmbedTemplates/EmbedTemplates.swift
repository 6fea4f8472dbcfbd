import Foundation
import PackagePlugin

/// Compiles the repository's `templates/` folder into the core library, so the
/// binary carries the very same default templates that users read and copy.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templatesFolder = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        let inputs = Self.files(under: templatesFolder)
        return [
            .buildCommand(
                displayName: "Embedding default templates",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [templatesFolder.path(), output.path()],
                inputFiles: inputs,
                outputFiles: [output]
            )
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
