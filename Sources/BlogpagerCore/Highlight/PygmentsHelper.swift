import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One long-lived Python process running Pygments: it takes an entry's code blocks
/// as one line of JSON and answers one line, each block's token spans (Pygments'
/// HTML classes: `k`, `s`, `c`…) or null for a language Pygments does not know.
/// Started once per worker and kept for the build, so Python starts a few times a
/// build, not once per block. Sendable only as `CodeHighlighter` uses it: lent to one caller at a time.
final class PygmentsHelper: @unchecked Sendable {
    /// What the helper said first: Pygments' version, or why it cannot run.
    enum Greeting { case ready(version: String), unavailable(String) }

    private let process = Process()
    /// Our end of a socket pair that is the helper's standard input: written with
    /// `MSG_NOSIGNAL`, so a helper that died makes an error, not a SIGPIPE.
    private let requests: Int32
    private let answers: FileHandle
    private var buffered: [UInt8] = []

    /// The helper's program. It reads until its input closes (the build ended or was killed).
    static let script = #"""
    import json, sys
    try:
        import pygments
        from pygments import lex
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import get_lexer_by_name
        from pygments.util import ClassNotFound
    except ImportError:
        print(json.dumps({"error": "Pygments is not installed for " + sys.executable}), flush=True)
        sys.exit(0)
    print(json.dumps({"version": pygments.__version__}), flush=True)
    formatter = HtmlFormatter(nowrap=True)
    lexers = {}
    def lexer(name):
        if name not in lexers:
            try:
                lexers[name] = get_lexer_by_name(name, stripnl=False, ensurenl=False, tabsize=0)
            except ClassNotFound:
                lexers[name] = None
        return lexers[name]
    def spans(block):
        found = lexer(block["language"].lower())
        if found is None:
            return None
        out = []
        formatter.format(lex(block["code"], found), _Sink(out))
        return "".join(out)
    class _Sink:
        def __init__(self, out): self.write = out.append
    for line in sys.stdin:
        print(json.dumps([spans(block) for block in json.loads(line)]), flush=True)
    """#

    init(python: String?) throws {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { throw POSIXError.current }
        requests = pair[0]
        _ = fcntl(requests, F_SETFD, FD_CLOEXEC)
        let output = Pipe()
        answers = output.fileHandleForReading
        // A path is run as it is (made absolute: Python finds its virtualenv from it); a name is looked up on the PATH.
        if let python, python.contains("/") {
            process.executableURL = URL(fileURLWithPath: python).standardizedFileURL
            process.arguments = ["-c", Self.script]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [python ?? "python3", "-c", Self.script]
        }
        let input = FileHandle(fileDescriptor: pair[1], closeOnDealloc: true)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            close(requests)
            throw error
        }
        try? input.close()
    }

    deinit {
        close(requests)  // the helper reads to its end and exits
        try? answers.close()
    }

    /// The first line the helper writes.
    func greeting() -> Greeting {
        guard let line = readLine(),
              let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
            return .unavailable("Python did not start the highlighter")
        }
        if let version = object["version"] as? String { return .ready(version: version) }
        return .unavailable(object["error"] as? String ?? "Python did not start the highlighter")
    }

    /// Each block's token spans, nil where the language is unknown; nil for all when the helper failed.
    func spans(of blocks: [CodeBlock]) -> [String?]? {
        let request = blocks.map { ["language": $0.language ?? "", "code": $0.code] }
        guard var line = try? JSONSerialization.data(withJSONObject: request) else { return nil }
        line.append(0x0A)
        guard send(line), let answer = readLine(),
              let list = (try? JSONSerialization.jsonObject(with: Data(answer))) as? [Any], list.count == blocks.count else { return nil }
        return list.map { $0 as? String }
    }

    private func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let count = Glibc.send(requests, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }

    private func readLine() -> [UInt8]? {
        while true {
            if let end = buffered.firstIndex(of: 0x0A) {
                let line = Array(buffered[..<end])
                buffered.removeSubrange(...end)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(answers.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }
}
