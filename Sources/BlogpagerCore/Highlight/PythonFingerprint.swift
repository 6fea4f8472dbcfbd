#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What decides which Pygments a build's Python would import, as `stat` sees it:
/// the command and the file it runs, the environment Python reads, the folder it
/// runs in, and every place it imports from (each entry of `sys.path`, the site
/// folders that would join it once made, the Pygments package). Kept in
/// `.blogpager/python` by a build that started Python; while all of it is as it
/// was, the next build knows the highlighter's version without starting Python
/// (a tenth of a rebuild), and starts it only for a block that misses the cache.
struct PythonFingerprint: Sendable, Equatable {
    private static let format = RecordText(kind: "python", version: 1)

    /// The highlighter that answered (`pygments 2.20.0`).
    var highlighter: String
    /// What is known before Python runs (`Launch.lines`).
    var launch: [String]
    /// Each place Python imports from, with its identity then (`-` for nothing there).
    var places: [(path: String, identity: String)]

    /// The part known before Python runs. Nil when the command is not found, or is a
    /// script (a version manager's shim picks its Python from files of its own).
    struct Launch: Sendable, Equatable {
        var lines: [String]
        /// Where Python's files are: the machine's, as the build is given them.
        var files: FileSystem

        init?(files: FileSystem, python: String?, environment: [String: String], currentFolder: String) {
            let command = python ?? "python3"
            guard let path = Self.resolve(command, searchPath: environment["PATH"] ?? "", files: files),
                  let identity = files.file(at: path), !Self.isScript(path) else { return nil }
            // Python reads every PYTHON* variable; PATH, HOME and the folder decide what `python3`, the user's site and `sys.path[0]` are.
            let variables = environment.filter { $0.key.hasPrefix("PYTHON") || $0.key == "PATH" || $0.key == "HOME" }
                .sorted { $0.key < $1.key }.map { "env \($0.key)=\($0.value)" }
            lines = ["command \(command)", "runs \(path) \(identity.recordText)", "folder \(currentFolder)"] + variables
            lines = lines.map { $0.filter { $0 != "\n" && $0 != "\t" } }
            self.files = files
        }

        init(lines: [String], files: FileSystem) {
            self.lines = lines
            self.files = files
        }

        /// The file a command names: a path as it is, a name by the PATH as a shell finds it.
        private static func resolve(_ command: String, searchPath: String, files: FileSystem) -> String? {
            if command.contains("/") { return command }
            for folder in searchPath.split(separator: ":") where !folder.isEmpty {
                let path = "\(folder)/\(command)"
                if access(path, X_OK) == 0, files.file(at: path) != nil { return path }
            }
            return nil
        }

        private static func isScript(_ path: String) -> Bool {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return true }
            defer { close(descriptor) }
            var start: [UInt8] = [0, 0]
            return read(descriptor, &start, 2) != 2 || start == [UInt8(ascii: "#"), UInt8(ascii: "!")]
        }
    }

    /// Right after Python greeted: the places it named, as they are now.
    init(highlighter: String, launch: Launch, importPaths: [String]) {
        self.highlighter = highlighter
        self.launch = launch.lines
        var seen: Set<String> = []
        places = importPaths.filter { !$0.isEmpty && !$0.contains("\n") && !$0.contains("\t") && seen.insert($0).inserted }
            .map { ($0, Self.identity(at: $0, in: launch.files)) }
    }

    /// Whether Python would find what it found then: the same launch, and every place unchanged.
    func holds(for launch: Launch) -> Bool {
        launch.lines == self.launch && places.allSatisfy { Self.identity(at: $0.path, in: launch.files) == $0.identity }
    }

    private static func identity(at path: String, in files: FileSystem) -> String {
        files.item(at: path)?.recordText ?? "-"
    }

    func encoded() -> [UInt8] {
        var bytes = Self.format.header(key: highlighter)
        for line in launch { bytes += "launch\t\(line)\n".utf8 }
        for place in places { bytes += "place\t\(place.path)\t\(place.identity)\n".utf8 }
        return bytes
    }

    init?(decoding bytes: [UInt8]) {
        guard let (key, lines) = Self.format.parse(bytes), let key else { return nil }
        highlighter = key
        launch = []
        places = []
        for line in lines {
            let fields = RecordText.fields(line).map(RecordText.string)
            switch (fields.first, fields.count) {
            case ("launch", 2): launch.append(fields[1])
            case ("place", 3): places.append((fields[1], fields[2]))
            default: return nil
            }
        }
    }

    static func == (left: PythonFingerprint, right: PythonFingerprint) -> Bool {
        left.highlighter == right.highlighter && left.launch == right.launch
            && left.places.map(\.path) == right.places.map(\.path) && left.places.map(\.identity) == right.places.map(\.identity)
    }
}
