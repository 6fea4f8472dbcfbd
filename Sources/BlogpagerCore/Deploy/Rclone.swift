import Foundation

/// rclone, the transfer engine of `blogpager deploy`: every store it speaks, configured as rclone
/// is (its config file, its environment), with none of our own credentials or signing. Each call
/// is one rclone process over a list of files (`--files-from-raw`: one path a line, read as
/// written, where `--files-from` would take a line starting with `#` or `;` for a comment).
public struct Rclone: Sendable {
    /// The binary: `rclone` on the PATH, or a path.
    public var executable: String
    public var environment: [String: String]

    public init(executable: String = "rclone", environment: [String: String]) {
        self.executable = executable
        self.environment = environment
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var command: String
        public var status: Int32
        public var message: String
        public var description: String { "rclone \(command) failed (exit \(status)): \(message)" }
    }

    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
    }

    /// Runs rclone with `arguments`.
    func run(_ arguments: [String]) throws(Failure) -> Output {
        let process = Process()
        let usesPath = !executable.contains("/")
        process.executableURL = URL(fileURLWithPath: usesPath ? "/usr/bin/env" : executable)
        process.arguments = (usesPath ? [executable] : []) + arguments
        // rclone's own notice that it found no config file says nothing to a user of a connection string.
        var environment = environment
        environment["RCLONE_LOG_LEVEL"] = environment["RCLONE_LOG_LEVEL"] ?? "ERROR"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(command: arguments.first ?? "", status: 127, message: "rclone could not be started (\(error)); install it (Debian: apt-get install rclone)")
        }
        // Both pipes drained at once: either may fill while rclone waits on the other.
        let stderrBox = ErrorText()
        let reader = Thread { stderrBox.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = stderrBox.waitForText()
        if process.terminationReason == .exit, process.terminationStatus == 127, usesPath {
            throw Failure(command: arguments.first ?? "", status: 127, message: "rclone was not found on the PATH; install it (Debian: apt-get install rclone)")
        }
        return Output(status: process.terminationStatus, stdout: Array(stdout), stderr: stderr)
    }

    /// Runs rclone and fails unless it exits 0.
    func check(_ arguments: [String]) throws(Failure) -> [UInt8] {
        let output = try run(arguments)
        guard output.status == 0 else {
            throw Failure(command: arguments.first ?? "", status: output.status, message: Self.lastLines(output.stderr))
        }
        return output.stdout
    }

    static func lastLines(_ text: String) -> String {
        let lines = text.split(separator: "\n").suffix(3).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.isEmpty ? "no message" : lines.joined(separator: "; ")
    }

    /// Every file under `remote`, with its size: one listing.
    /// An empty or missing folder lists nothing.
    /// Where the lists of files go while rclone reads them.
    private var temporaryFolder: String {
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return folder.hasSuffix("/") ? folder : folder + "/"
    }

    /// With `hashes`, the MD5 the store keeps of each file (where it keeps one).
    func list(_ remote: String, hashes: Bool) throws(Failure) -> [String: DeployPlan.RemoteFile] {
        let output = try run(["lsjson", "--recursive", "--files-only"] + (hashes ? ["--hash", "--hash-type", "MD5"] : []) + [remote])
        if output.status == 3 { return [:] }  // rclone's "directory not found": a bucket or folder not made yet
        guard output.status == 0 else { throw Failure(command: "lsjson", status: output.status, message: Self.lastLines(output.stderr)) }
        struct Listed: Decodable {
            var Path: String
            var Size: Int
            var Hashes: [String: String]?
        }
        let listed: [Listed]
        do {
            listed = try JSONDecoder().decode([Listed].self, from: Data(output.stdout))
        } catch {
            throw Failure(command: "lsjson", status: 0, message: "its listing could not be read: \(error)")
        }
        var found: [String: DeployPlan.RemoteFile] = [:]
        for file in listed { found[file.Path] = DeployPlan.RemoteFile(size: file.Size, md5: file.Hashes?["md5"]?.lowercased()) }
        return found
    }

    /// The MD5 of each of `paths` under the local folder `folder`, as rclone computes it.
    func md5(of paths: [String], in folder: String) throws(Failure) -> [String: String] {
        guard !paths.isEmpty else { return [:] }
        let list = try listFile(paths)
        defer { unlink(list) }
        let text = String(decoding: try check(["md5sum", "--files-from-raw", list, folder]), as: UTF8.self)
        var found: [String: String] = [:]
        for line in text.split(separator: "\n") {
            // `<hash>  <path>`
            guard let space = line.firstIndex(of: " ") else { continue }
            found[String(line[line.index(space, offsetBy: 2)...])] = String(line[..<space]).lowercased()
        }
        return found
    }

    /// Copies `paths` from the local `folder` to `remote`, each with `headers` where the store keeps them.
    func copy(_ paths: [String], from folder: String, to remote: String, headers: [String]) throws(Failure) {
        guard !paths.isEmpty else { return }
        let list = try listFile(paths)
        defer { unlink(list) }
        // The plan chose these files: rclone sends them without looking at the remote again.
        _ = try check(["copy", "--files-from-raw", list, "--no-traverse", "--no-check-dest"]
                      + headers.flatMap { ["--header-upload", $0] } + [folder, remote])
    }

    /// Moves one file within a remote (renamed in place where the store can).
    func moveFile(_ source: String, to target: String) throws(Failure) {
        _ = try check(["moveto", source, target])
    }

    /// Deletes `paths` under `remote`.
    func delete(_ paths: [String], under remote: String) throws(Failure) {
        guard !paths.isEmpty else { return }
        let list = try listFile(paths)
        defer { unlink(list) }
        _ = try check(["delete", "--files-from-raw", list, remote])
    }

    func cat(_ remoteFile: String) throws(Failure) -> [UInt8] {
        try check(["cat", remoteFile])
    }

    /// Writes `bytes` at `remoteFile`, sent from a file of known size: one plain upload (a stream of
    /// unknown size goes up in parts on S3, and some stores refuse that of a small file).
    func write(_ bytes: [UInt8], to remoteFile: String) throws(Failure) {
        let local = temporaryFolder + "blogpager-rclone-\(UUID().uuidString).json"
        guard FileManager.default.createFile(atPath: local, contents: Data(bytes)) else {
            throw Failure(command: "copyto", status: 0, message: "could not write \(local)")
        }
        defer { unlink(local) }
        _ = try check(["copyto", "--no-check-dest", local, remoteFile])
    }

    func deleteFile(_ remoteFile: String) throws(Failure) {
        _ = try check(["deletefile", remoteFile])
    }

    /// The kind of store `remote` is (`s3`, `local`, `sftp`...), from a connection string, a
    /// local path, or rclone's config; nil where it cannot be told.
    func backend(of remote: String) -> String? {
        guard let colon = remote.firstIndex(of: ":"), !remote.hasPrefix("/"), !remote.hasPrefix(".") else { return "local" }
        if remote.hasPrefix(":") {
            let rest = remote.dropFirst()
            return String(rest.prefix { $0 != "," && $0 != ":" })
        }
        let name = String(remote[..<colon])
        // Without a config, or a remote not in it, the store is not known here: rclone says why at its first call.
        do {
            let output = try run(["config", "dump"])
            guard output.status == 0 else { return nil }
            let dump = try JSONSerialization.jsonObject(with: Data(output.stdout)) as? [String: [String: Any]]
            return dump?[name]?["type"] as? String
        } catch {
            return nil
        }
    }

    /// A temporary file holding `paths`, one a line.
    func listFile(_ paths: [String]) throws(Failure) -> String {
        let path = temporaryFolder + "blogpager-rclone-\(UUID().uuidString).txt"
        let bytes = Array(paths.joined(separator: "\n").utf8) + [0x0A]
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw Failure(command: "", status: 0, message: "could not write the list of files at \(path)")
        }
        return path
    }
}

/// rclone's standard error, read on a thread of its own.
private final class ErrorText: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var text = ""

    func set(_ data: Data) {
        text = String(decoding: data, as: UTF8.self)
        done.signal()
    }

    func waitForText() -> String {
        done.wait()
        return text
    }
}
