import Foundation
import Hummingbird
import Synchronization

/// Tells every open page what the watcher did, over Server-Sent Events: reload
/// after a good rebuild, or the errors of a failed one (shown as an overlay;
/// the last good site stays served). A page that connects while the site is
/// broken gets the errors at once.
public final class LiveReloadHub: Sendable {
    private let state = Mutex(State())
    /// Comment lines keep proxies and browsers from timing out an idle stream.
    private let keepAliveInterval: Duration

    private struct State {
        var subscribers: [Int: AsyncStream<ByteBuffer>.Continuation] = [:]
        var nextID = 0
        var failure: [String]?
        var isClosed = false
    }

    public init(keepAliveInterval: Duration = .seconds(15)) {
        self.keepAliveInterval = keepAliveInterval
    }

    /// A new page's event stream. It starts with the current failure, if any.
    public func subscribe() -> AsyncStream<ByteBuffer> {
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(16))
        let id: Int? = state.withLock { state in
            guard !state.isClosed else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            continuation.yield(Self.message("retry: 1000\n"))
            if let failure = state.failure { continuation.yield(Self.event("failure", lines: failure)) }
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        let interval = keepAliveInterval
        let keepAlive = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                continuation.yield(Self.message(": keep-alive\n\n"))
            }
        }
        continuation.onTermination = { [weak self] _ in
            keepAlive.cancel()
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// A rebuild succeeded: every page reloads.
    public func publishReload() {
        broadcast(Self.event("reload", lines: [])) { $0.failure = nil }
    }

    /// A rebuild failed: every page shows these lines.
    public func publishFailure(_ lines: [String]) {
        broadcast(Self.event("failure", lines: lines)) { $0.failure = lines }
    }

    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Ends every stream, so a graceful shutdown is not held open by them.
    public func close() {
        let open = state.withLock { state in
            state.isClosed = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in open { continuation.finish() }
    }

    private func broadcast(_ message: ByteBuffer, update: (inout State) -> Void) {
        let open = state.withLock { state in
            update(&state)
            return Array(state.subscribers.values)
        }
        for continuation in open { continuation.yield(message) }
    }

    /// `event: name` and the lines as one JSON array in `data:`.
    static func event(_ name: String, lines: [String]) -> ByteBuffer {
        let json = (try? Self.encoder.encode(lines)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return message("event: \(name)\ndata: \(json)\n\n")
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    private static func message(_ text: String) -> ByteBuffer {
        ByteBuffer(string: text)
    }
}
