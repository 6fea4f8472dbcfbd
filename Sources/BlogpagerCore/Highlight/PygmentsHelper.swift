import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One long-lived Python process running Pygments: it takes an entry's code blocks
/// at once and answers each block's token spans (Pygments' HTML classes: `k`, `s`,
/// `c`…), or none for a language Pygments does not know. Blocks and answers go as
/// length-prefixed UTF-8 (a count, then `language<TAB>bytes` and the code; `bytes`
/// or `-` and the spans), so neither side parses JSON or escapes the code.
/// Started once per worker and kept for the build, so Python starts a few times a
/// build, not once per block. Sendable only as `CodeHighlighter` uses it: lent to one caller at a time.
final class PygmentsHelper: @unchecked Sendable {
    /// What the helper said first: Pygments' version and the places Python imports from, or why it cannot run.
    enum Greeting { case ready(version: String, importPaths: [String]), unavailable(String) }

    private let process = Process()
    /// Our end of a socket pair that is the helper's standard input: written with
    /// `MSG_NOSIGNAL`, so a helper that died makes an error, not a SIGPIPE.
    private let requests: Int32
    private let answers: FileHandle
    private var buffered: [UInt8] = []
    private var bufferedStart = 0

    /// The helper's program. It reads until its input closes (the build ended or was killed).
    static let script = #"""
    import sys
    # The folder the build runs in (`-c` puts it first) is no place to import from: a file there
    # would shadow a module, and each file made there would make the next build start Python first.
    if sys.path and sys.path[0] == "":
        del sys.path[0]
    import json
    try:
        import pygments
        from pygments import lex
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import get_lexer_by_name
        from pygments.util import ClassNotFound
    except ImportError:
        print(json.dumps({"error": "Pygments is not installed for " + sys.executable}), flush=True)
        sys.exit(0)
    # Where Python imports from, and the site folders that would join that once made: while none
    # of them changes, the same Pygments answers (PythonFingerprint).
    import os, site
    paths = [os.path.abspath(path) for path in sys.path]
    try:
        paths += site.getsitepackages() + [site.getusersitepackages()]
    except Exception:
        pass
    paths += [os.path.join(sys.prefix, "pyvenv.cfg"), os.path.dirname(pygments.__file__), pygments.__file__]
    print(json.dumps({"version": pygments.__version__, "paths": paths}), flush=True)
    formatter = HtmlFormatter(nowrap=True)
    lexers = {}
    def lexer(name):
        if name not in lexers:
            try:
                lexers[name] = get_lexer_by_name(name, stripnl=False, ensurenl=False, tabsize=0)
            except ClassNotFound:
                lexers[name] = None
        return lexers[name]
    def spans(language, code):
        found = lexer(language.lower())
        if found is None:
            return None
        out = []
        formatter.format(lex(code, found), _Sink(out))
        return "".join(out).encode("utf-8")
    class _Sink:
        def __init__(self, out): self.write = out.append
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    while True:
        count = requests.readline()
        if not count:
            break
        out = []
        for _ in range(int(count)):
            language, size = requests.readline().decode("utf-8").rstrip("\n").split("\t")
            found = spans(language, requests.read(int(size)).decode("utf-8"))
            out.append(b"-\n" if found is None else b"%d\n%s" % (len(found), found))
        answers.write(b"".join(out))
        answers.flush()
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
        if let version = object["version"] as? String { return .ready(version: version, importPaths: object["paths"] as? [String] ?? []) }
        return .unavailable(object["error"] as? String ?? "Python did not start the highlighter")
    }

    /// Each block's token spans, nil where the language is unknown; nil for all when the helper failed.
    func spans(of blocks: [CodeBlock]) -> [String?]? {
        var request = Array("\(blocks.count)\n".utf8)
        for block in blocks {
            // A tab or line break in a fence's language would break the framing: no lexer has one.
            let language = (block.language ?? "").filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
            request += "\(language)\t\(block.code.utf8.count)\n".utf8
            request += block.code.utf8
        }
        guard send(request) else { return nil }
        var result: [String?] = []
        result.reserveCapacity(blocks.count)
        for _ in blocks {
            guard let header = readLine() else { return nil }
            if header == [UInt8(ascii: "-")] {
                result.append(nil)
                continue
            }
            guard let size = Int(String(decoding: header, as: UTF8.self)), size >= 0, let spans = read(size) else { return nil }
            result.append(String(decoding: spans, as: UTF8.self))
        }
        return result
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
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
            if let end = buffered[bufferedStart...].firstIndex(of: 0x0A) {
                let line = Array(buffered[bufferedStart..<end])
                bufferedStart = end + 1
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// The next `count` bytes the helper wrote.
    private func read(_ count: Int) -> [UInt8]? {
        while buffered.count - bufferedStart < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffered[bufferedStart..<(bufferedStart + count)])
        bufferedStart += count
        return bytes
    }

    /// Reads what the helper has written so far onto the buffer; false at its end.
    private func fill() -> Bool {
        if bufferedStart > 0 {
            buffered.removeSubrange(..<bufferedStart)
            bufferedStart = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(answers.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffered += chunk[..<count]
            return true
        }
    }
}
