import Foundation
import Synchronization

/// `blogpager deploy <out> <remote>`: the build's files sent to a store through rclone, only what
/// changed, in an order no reader can catch half-done (`DeployPlan.Phase`), each file with the
/// headers of its class; the last deploy's files removed only once no build has made them for
/// the grace period. The remote's `.blogpager/deploying.json` is written first and removed last:
/// a second deploy meanwhile is refused, and one that was stopped leaves it naming the files it
/// was sending, which the next deploy sends again.
public struct DeployJob: Sendable {
    public var output: OutputFolder
    /// The remote, as rclone writes it: `name:path`, `:s3,provider=…:bucket`, or a local folder.
    public var remote: String
    /// The remote as messages name it (`shown(_:)`).
    public let shown: String
    public var rclone: Rclone
    public var options: Options

    public struct Options: Sendable {
        public var dryRun = false
        public var force = false
        public var maxDeletes = 256
        /// Seconds a file no build makes any more stays on the remote (a reader's index may name it).
        public var keepRemoved: Int64 = 86_400
        /// A marker older than this is taken as left by a deploy that was stopped.
        public var staleLockSeconds: Int64 = 3_600
        /// `Cache-Control` by class; where a class is missing none is set.
        public var cacheControl: [OutputClass: String] = [:]
        /// `Content-Type` of a file, by its name.
        public var contentType: @Sendable (String) -> String = { _ in "application/octet-stream" }
        /// A shell command given the changed mutable URLs, one a line on its standard input, once the indexes are up.
        public var hook: String?
        /// Called as the deploy goes (`phase`, files and bytes done of the phase's).
        public var progress: (@Sendable (Progress) -> Void)?
        /// Who deploys, for the marker: the host's name and the process.
        public var host = ""
        public var processID: Int32 = 0
        /// Whether a process of this host is still running (a marker left by one that is not was left by a kill).
        public var isRunning: @Sendable (Int32) -> Bool = { _ in true }

        public init() {}
    }

    public struct Progress: Sendable {
        public var phase: String
        public var files: Int
        public var totalFiles: Int
        public var bytes: Int
        public var totalBytes: Int
    }

    public struct Outcome: Sendable {
        public var plan: DeployPlan
        public var uploaded: Int
        public var uploadedBytes: Int
        public var deleted: Int
        public var warnings: [String] = []
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The remote as messages show it: a connection string's settings (keys among them) left out.
    static func shown(_ remote: String) -> String {
        guard remote.hasPrefix(":"), let comma = remote.firstIndex(of: ",") else { return remote }
        // The path follows the last colon outside quotes: settings may quote a URL with its own colons.
        var quoted = false, pathStart = remote.endIndex
        for index in remote.indices[comma...] {
            if remote[index] == "\"" || remote[index] == "'" { quoted.toggle() }
            if remote[index] == ":", !quoted { pathStart = remote.index(after: index) }
        }
        return String(remote[..<comma]) + ",…:" + remote[pathStart...]
    }

    /// The secrets of a connection string (its keys, passwords, tokens): never in a message.
    var secrets: [String] {
        guard remote.hasPrefix(":") else { return [] }
        let sensitive = ["key", "secret", "pass", "token", "sas", "credentials"]
        return remote.split(separator: ",").dropFirst().compactMap { setting -> String? in
            guard let equals = setting.firstIndex(of: "=") else { return nil }
            let name = setting[..<equals].lowercased()
            guard sensitive.contains(where: { name.contains($0) }) else { return nil }
            let value = setting[setting.index(after: equals)...].prefix { $0 != ":" }.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            // A value of a few characters would mask words of the message, and is no secret worth the name.
            return value.count < 6 ? nil : value
        }
    }

    /// `message` with every secret of the remote left out.
    func masked(_ message: String) -> String {
        secrets.reduce(message) { $0.replacingOccurrences(of: $1, with: "…") }
    }

    public init(output: OutputFolder, remote: String, rclone: Rclone, options: Options) {
        self.output = output
        self.remote = remote
        self.shown = Self.shown(remote)
        self.rclone = rclone
        self.options = options
    }

    static let markerPath = ".blogpager/deploying.json"
    static let incomingFolder = ".blogpager/incoming"
    /// Stores a reader may read while a file is being written (rclone writes them in place):
    /// an index goes up under another name and is moved into place.
    static let halfReadableBackends: Set<String> = ["local", "sftp", "webdav", "ftp", "smb"]

    /// `remote` and `relative` joined as rclone reads a path below a remote.
    func remotePath(_ relative: String) -> String {
        remote.hasSuffix(":") || remote.hasSuffix("/") ? remote + relative : remote + "/" + relative
    }

    /// What the build left in `output`, each file with its class.
    func localFiles() throws(Failure) -> (files: [DeployPlan.LocalFile], languages: [String]) {
        let manifest: OutputManifest?
        do {
            manifest = try OutputManifest.read(in: output.state)
        } catch {
            throw Failure(message: "\(output.shown): its list of files cannot be read (\(error)); build it again")
        }
        guard let manifest, let digests = manifest.digests else {
            throw Failure(message: "\(output.shown) was not built by blogpager (no \(StateFolder.name)/\(StateFolder.Record.marker.rawValue)); build into it first")
        }
        if output.state.read(.journal) != nil {
            throw Failure(message: "\(output.shown) holds part of a build that was stopped; build it again to finish it, then deploy")
        }
        var files: [DeployPlan.LocalFile] = []
        for path in manifest.files {
            guard let kind = manifest.outputClass(of: path), let digest = digests[path], let dash = digest.firstIndex(of: "-"),
                  let size = Int(digest[..<dash]) else {
                throw Failure(message: "\(output.shown): \(path) has no class in the list of files (built by an earlier blogpager); build it again")
            }
            files.append(DeployPlan.LocalFile(path: path, size: size, digest: digest, kind: kind))
        }
        let languages = Set(files.compactMap { file -> String? in
            let parts = file.path.split(separator: "/")
            return parts.count == 2 && parts[1] == "index.json" ? String(parts[0]) : nil
        }).filter { language in files.contains { $0.path == "\(language)/feed.xml" || $0.path == "\(language)/index.html" } }
        return (files, Array(languages).sorted())
    }

    /// Plans, then (unless a dry run) sends.
    public func run(now: Int64) throws(Failure) -> Outcome {
        do {
            return try planAndSend(now: now)
        } catch {
            throw Failure(message: masked(error.message))
        }
    }

    private func planAndSend(now: Int64) throws(Failure) -> Outcome {
        let (local, languages) = try localFiles()
        let listing: [String: DeployPlan.RemoteFile]
        // Stores that keep a hash of each file give it with the listing; elsewhere (a folder, SFTP)
        // rclone would read every file to make one, and sizes tell a change made by hand.
        let backend = rclone.backend(of: remote)
        do {
            listing = try rclone.list(remote, hashes: backend.map { !Self.halfReadableBackends.contains($0) } ?? true)
        } catch {
            throw Failure(message: "\(shown): cannot be listed: \(error)")
        }
        let ours = listing.filter { !$0.key.hasPrefix(".blogpager/") }
        let deployed = try readManifest(listed: listing)
        let marker = try readMarker(listed: listing, now: now)
        var plan = DeployPlan(local: local, deployed: deployed, listing: ours, unfinished: marker.unfinished, languages: languages,
                              now: now, keepRemoved: options.keepRemoved)
        var warnings: [String] = []
        if !plan.conflicts.isEmpty {
            let named = plan.conflicts.prefix(10).map(\.description).joined(separator: ", ")
            let more = plan.conflicts.count > 10 ? " and \(plan.conflicts.count - 10) more" : ""
            let what = "\(shown) was changed since the last deploy: \(named)\(more)"
            guard options.force else { throw Failure(message: what + "; deploy with --force to overwrite and delete as this build says") }
            warnings.append(what + "; --force: sent again")
            // Each file in question is taken as ours and sent again.
            plan = DeployPlan(local: local, deployed: deployed, listing: ours, unfinished: marker.unfinished.union(plan.conflicts.map(\.path)),
                              languages: languages, now: now, keepRemoved: options.keepRemoved)
        }
        if plan.deleteNow.count > options.maxDeletes {
            throw Failure(message: "\(shown): this deploy would delete \(plan.deleteNow.count) files, more than --max-deletes \(options.maxDeletes); raise it if that is meant")
        }
        // Nothing to send or delete, and the record as it was: the remote is left untouched.
        let untouched = plan.uploadCount == 0 && plan.deleteNow.isEmpty && plan.next.files == deployed?.files && !marker.taken
        if options.dryRun || untouched {
            return Outcome(plan: plan, uploaded: 0, uploadedBytes: 0, deleted: 0, warnings: warnings)
        }
        return try send(plan, backend: backend, now: now, warnings: warnings)
    }

    private func readManifest(listed: [String: DeployPlan.RemoteFile]) throws(Failure) -> DeployedManifest? {
        guard listed[DeployedManifest.path] != nil else { return nil }
        do {
            return try DeployedManifest.decode(try rclone.cat(remotePath(DeployedManifest.path)))
        } catch {
            throw Failure(message: "\(remotePath(DeployedManifest.path)) cannot be read (\(error)); remove it and deploy with --force to start again")
        }
    }

    private struct Marker: Codable {
        var host: String
        var pid: Int32
        var started: Int64
        /// The files it sends: if it stops, the next deploy sends them again.
        var sending: [String]
    }

    /// Whether another deploy holds the remote, and what a stopped one was sending.
    private func readMarker(listed: [String: DeployPlan.RemoteFile], now: Int64) throws(Failure) -> (unfinished: Set<String>, taken: Bool) {
        guard listed[Self.markerPath] != nil else { return ([], false) }
        let marker: Marker
        do {
            marker = try JSONDecoder().decode(Marker.self, from: Data(try rclone.cat(remotePath(Self.markerPath))))
        } catch {
            // A marker cut short by a kill: a stopped deploy, whose files are all sent again.
            return ([], true)
        }
        let age = now - marker.started
        let leftByAKill = marker.host == options.host && !options.isRunning(marker.pid)
        guard age >= options.staleLockSeconds || options.force || leftByAKill else {
            throw Failure(message: "\(shown): another deploy (\(marker.host), process \(marker.pid)) has been under way for \(age) s; wait for it, or, if it was stopped, deploy with --force or after \(options.staleLockSeconds) s")
        }
        return (Set(marker.sending), true)
    }

    private func send(_ plan: DeployPlan, backend: String?, now: Int64, warnings: [String]) throws(Failure) -> Outcome {
        var outcome = Outcome(plan: plan, uploaded: 0, uploadedBytes: 0, deleted: 0, warnings: warnings)
        let sending = DeployPlan.Phase.allCases.flatMap { plan.uploads[$0] ?? [] }.map(\.path)
        do {
            try rclone.write(DeterministicJSON.bytes(Marker(host: options.host, pid: options.processID, started: now, sending: sending)),
                             to: remotePath(Self.markerPath))
            let halfReadable = backend.map { Self.halfReadableBackends.contains($0) } ?? true
            let totalFiles = plan.uploadCount, totalBytes = plan.uploadBytes
            var changedMutable: [String] = []
            for phase in DeployPlan.Phase.allCases {
                let files = plan.uploads[phase] ?? []
                guard !files.isEmpty else { continue }
                options.progress?(Progress(phase: phase.name, files: outcome.uploaded, totalFiles: totalFiles, bytes: outcome.uploadedBytes, totalBytes: totalBytes))
                // One rclone call per set of headers: a call gives its headers to every file it sends.
                let groups = Dictionary(grouping: files) { file in headers(for: file) }
                for (headers, group) in groups.sorted(by: { $0.key.joined() < $1.key.joined() }) {
                    let paths = group.map(\.path).sorted()
                    let moved = halfReadable && (phase == .streamIndexes || phase == .mainIndexes)
                    if moved {
                        try rclone.copy(paths, from: output.resolved, to: remotePath(Self.incomingFolder), headers: headers)
                        try moveIntoPlace(paths)
                    } else {
                        try rclone.copy(paths, from: output.resolved, to: remote, headers: headers)
                    }
                    outcome.uploaded += group.count
                    outcome.uploadedBytes += group.reduce(0) { $0 + $1.size }
                    options.progress?(Progress(phase: phase.name, files: outcome.uploaded, totalFiles: totalFiles, bytes: outcome.uploadedBytes, totalBytes: totalBytes))
                }
                if phase != .immutable { changedMutable += files.map(\.path) }
            }
            // Every index is up: a CDN may let go of the old pages and indexes now.
            try runHook(changedMutable)
            let md5 = try rclone.md5(of: sending, in: output.resolved)
            // The manifest before any deletion: a deploy stopped while deleting leaves them marked so.
            try rclone.write(plan.recording(md5: md5, deleted: []).encoded(), to: remotePath(DeployedManifest.path))
            if !plan.deleteNow.isEmpty {
                options.progress?(Progress(phase: "deleting", files: outcome.uploaded, totalFiles: totalFiles, bytes: outcome.uploadedBytes, totalBytes: totalBytes))
                try rclone.delete(plan.deleteNow, under: remote)
                outcome.deleted = plan.deleteNow.count
                try rclone.write(plan.recording(md5: md5, deleted: Set(plan.deleteNow)).encoded(), to: remotePath(DeployedManifest.path))
            }
            try rclone.deleteFile(remotePath(Self.markerPath))
        } catch let failure as Rclone.Failure {
            throw Failure(message: "\(shown): \(failure); what was sent is in place, and the next deploy finishes the work")
        } catch {
            throw Failure(message: "\(shown): \(error)")
        }
        return outcome
    }

    /// Each of `paths`, sent under `incomingFolder`, renamed into place: a reader gets the old index or
    /// the new one whole. A few at once (rclone moves one file a call within one remote's tree).
    private func moveIntoPlace(_ paths: [String]) throws(Rclone.Failure) {
        let failures = Mutex<[Rclone.Failure]>([])
        DispatchQueue.concurrentPerform(iterations: min(4, paths.count)) { lane in
            for path in stride(from: lane, to: paths.count, by: 4).map({ paths[$0] }) {
                do throws(Rclone.Failure) {
                    try rclone.moveFile(remotePath(Self.incomingFolder + "/" + path), to: remotePath(path))
                } catch {
                    failures.withLock { $0.append(error) }
                    return
                }
            }
        }
        if let failure = failures.withLock({ $0.first }) { throw failure }
    }

    /// `Content-Type` and `Cache-Control` for `file`.
    func headers(for file: DeployPlan.LocalFile) -> [String] {
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        var headers = ["Content-Type: " + options.contentType(name)]
        if let cache = options.cacheControl[file.kind] { headers.append("Cache-Control: " + cache) }
        return headers
    }

    /// Runs the hook (if any) with the URLs of `paths`, one a line.
    private func runHook(_ paths: [String]) throws(Failure) {
        guard let hook = options.hook, !paths.isEmpty else { return }
        let urls = paths.map { path in
            "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", hook]
        process.environment = rclone.environment
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
            input.fileHandleForWriting.write(Data((urls.joined(separator: "\n") + "\n").utf8))
            try input.fileHandleForWriting.close()
        } catch {
            throw Failure(message: "the hook could not be run: \(error)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "the hook exited \(process.terminationStatus); every file is up, but the remote's manifest was not written, so the next deploy sends them again")
        }
    }
}
