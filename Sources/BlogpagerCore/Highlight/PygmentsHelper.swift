import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One long-lived Python process running Pygments (`pygments_helper.py`): it takes an
/// entry's code blocks at once and answers each block's token spans (Pygments' HTML
/// classes: `k`, `s`, `c`…), or none for a language Pygments does not know. Blocks and
/// answers go as length-prefixed UTF-8 (a count, then `language<TAB>bytes` and the code;
/// `bytes` or `-` and the spans), so neither side parses JSON or escapes the code.
/// Started once per worker and kept for the build, so Python starts a few times a
/// build, not once per block. `CodeHighlighter` lends it to one caller at a time; its state
/// is behind a lock all the same (never contended), so it is Sendable as the compiler checks it.
final class PygmentsHelper: Sendable {
    /// What the helper said first: Pygments' version and the places Python imports from, or why it cannot run.
    enum Greeting { case ready(version: String, importPaths: [String]), unavailable(String) }

    /// Our end of a socket pair that is the helper's standard input: written with
    /// `MSG_NOSIGNAL`, so a helper that died makes an error, not a SIGPIPE.
    private let requests: Int32
    /// The helper's standard output.
    private let answers: Int32
    private let answersHandle: FileHandle
    let processIdentifier: Int32
    private let conversation: Mutex<Conversation>

    /// What changes as the helper is talked to.
    private struct Conversation {
        let process: Process
        var inputClosed = false
        var buffered: [UInt8] = []
        var bufferedStart = 0
    }

    // The helper's program, `pygments_helper.py` beside this file, is embedded at build time as
    // `PygmentsHelper.script` (the EmbedTemplates plugin). It reads until its input closes (the
    // build ended or was killed).

    init(python: String?) throws {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { throw POSIXError.current }
        requests = pair[0]
        _ = fcntl(requests, F_SETFD, FD_CLOEXEC)
        let output = Pipe()
        answersHandle = output.fileHandleForReading
        answers = answersHandle.fileDescriptor
        let process = Process()
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
        // Our copy of the helper's end: it has its own now. Failing to close it changes nothing but a descriptor held.
        try? input.close()
        processIdentifier = process.processIdentifier
        conversation = Mutex(Conversation(process: process))
    }

    deinit {
        closeInput()
        // The build is done with the helper: a descriptor that will not close changes nothing.
        try? answersHandle.close()
    }

    /// Closes the helper's input: it reads to its end and exits. Once is enough; deinit does it too.
    func closeInput() {
        conversation.withLock { conversation in
            guard !conversation.inputClosed else { return }
            conversation.inputClosed = true
            close(requests)
        }
    }

    /// Whether the process has ended and been waited for (its CPU time counts as this process's children's).
    var hasExited: Bool { conversation.withLock { !$0.process.isRunning } }

    /// The first line the helper writes.
    func greeting() -> Greeting {
        // A first line that is no JSON object is a helper that did not start: said so, not dropped.
        guard let line = conversation.withLock({ readLine(&$0) }),
              let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
            return .unavailable("Python did not start the highlighter")
        }
        if let version = object["version"] as? String { return .ready(version: version, importPaths: object["paths"] as? [String] ?? []) }
        return .unavailable(object["error"] as? String ?? "Python did not start the highlighter")
    }

    /// Each block's token spans, nil where the language is unknown; nil for all when the helper failed.
    func spans(of blocks: [CodeBlock]) -> [String?]? {
        conversation.withLock { spans(of: blocks, in: &$0) }
    }

    private func spans(of blocks: [CodeBlock], in conversation: inout Conversation) -> [String?]? {
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
            guard let header = readLine(&conversation) else { return nil }
            if header == [UInt8(ascii: "-")] {
                result.append(nil)
                continue
            }
            guard let size = Int(String(decoding: header, as: UTF8.self)), size >= 0, let spans = read(size, &conversation) else { return nil }
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

    private func readLine(_ conversation: inout Conversation) -> [UInt8]? {
        while true {
            if let end = conversation.buffered[conversation.bufferedStart...].firstIndex(of: 0x0A) {
                let line = Array(conversation.buffered[conversation.bufferedStart..<end])
                conversation.bufferedStart = end + 1
                return line
            }
            guard fill(&conversation) else { return nil }
        }
    }

    /// The next `count` bytes the helper wrote.
    private func read(_ count: Int, _ conversation: inout Conversation) -> [UInt8]? {
        while conversation.buffered.count - conversation.bufferedStart < count {
            guard fill(&conversation) else { return nil }
        }
        let bytes = Array(conversation.buffered[conversation.bufferedStart..<(conversation.bufferedStart + count)])
        conversation.bufferedStart += count
        return bytes
    }

    /// Reads what the helper has written so far onto the buffer; false at its end.
    private func fill(_ conversation: inout Conversation) -> Bool {
        if conversation.bufferedStart > 0 {
            conversation.buffered.removeSubrange(..<conversation.bufferedStart)
            conversation.bufferedStart = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(answers, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            conversation.buffered += chunk[..<count]
            return true
        }
    }
}
