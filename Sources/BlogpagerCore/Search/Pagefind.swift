import Foundation

/// Pagefind (MIT), the static search index: it reads the entry pages of `out/`
/// (only the article marked `data-pagefind-body`; list pages and fragments carry
/// no such mark) and writes its bundle, which blogpager then places in
/// `out/pagefind/` as its own files. It has no incremental mode, so a build runs
/// it only when an entry's text may have changed.
public struct Pagefind: Sendable {
    /// The command: a binary, or a Python with the `pagefind` package (`python -m pagefind`).
    public var command: [String]

    public init(command: [String]) {
        self.command = command
    }

    /// Pagefind where the config says, else `pagefind_extended` or `pagefind` on the PATH
    /// (the extended one segments Chinese and Japanese), else the package in `python`.
    public static func locate(configured: String?, python: String?, path: String?) -> Pagefind? {
        if let configured { return Pagefind(command: [configured]) }
        for folder in (path ?? "").split(separator: ":") {
            for name in ["pagefind_extended", "pagefind"] {
                let candidate = "\(folder)/\(name)"
                if access(candidate, X_OK) == 0 { return Pagefind(command: [candidate]) }
            }
        }
        guard let python, Self.run([python, "-c", "import pagefind"]).status == 0 else { return nil }
        return Pagefind(command: [python, "-m", "pagefind"])
    }

    /// Indexes `site` into `staging` as one index in `language` (readers search the whole blog
    /// at once, whatever each entry's language), and returns the bundle's files by relative path.
    /// Without `language`, an index per language, as each page's `<html lang>` says.
    /// `files`: where `site` and `staging` are, which Pagefind, a program of the machine, reads and writes as its own.
    public func index(site: String, staging: String, language: String?, in disk: FileSystem) -> Result<[(path: String, bytes: [UInt8])], Failure> {
        do {
            try disk.removeTree(staging)
        } catch {
            return .failure(Failure(message: "cannot clear Pagefind's folder \(staging): \(SystemErrorText.reason(error))"))
        }
        // Once read, the bundle's folder goes; one that cannot go is cleared by the next run, as above.
        defer { try? disk.removeTree(staging) }
        let result = Self.run(command + ["--site", site, "--output-path", staging] + (language.map { ["--force-language", $0] } ?? []) + ["--silent"])
        guard result.status == 0 else {
            let said = result.output.split(separator: "\n").last.map(String.init) ?? "exit status \(result.status)"
            return .failure(Failure(message: "Pagefind (\(command.joined(separator: " "))) failed: \(said)"))
        }
        guard disk.isFolder(staging) else { return .failure(Failure(message: "Pagefind wrote no search index")) }
        var files: [(path: String, bytes: [UInt8])] = []
        for (relative, item) in disk.walk(staging).items {
            switch item {
            case .folder: continue
            case .unreadable(let code):
                return .failure(Failure(message: "cannot read Pagefind's folder \(staging)/\(relative): \(SystemErrorText.reason(POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)))"))
            case .file, .dangling, .gone:
                do {
                    files.append((relative, try disk.read(LocalPath.joined(staging, relative))))
                } catch {
                    return .failure(Failure(message: "cannot read Pagefind's file \(staging)/\(relative): \(SystemErrorText.reason(error))"))
                }
            }
        }
        guard !files.isEmpty else { return .failure(Failure(message: "Pagefind wrote no search index")) }
        // The same pages make the same bundle (Pagefind orders its filters anew each run).
        return .success(PagefindStableOrder.ordered(files) ?? files)
    }

    public struct Failure: Error, Sendable { public var message: String }

    private static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0].contains("/") ? arguments[0] : "/usr/bin/env").standardizedFileURL
        process.arguments = arguments[0].contains("/") ? Array(arguments.dropFirst()) : arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (127, "\(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
