import Dispatch
import Foundation
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM stop a build at its next safe point: `stop`
/// runs (it cancels the build's task), and the build ends saying what the
/// output folder holds. A second signal ends the process at once; the
/// journal in `.blogpager/` keeps the folder good for the next build even then.
struct StopSignals {
    private final class Received: Sendable {
        let signal = Mutex<Int32?>(nil)
    }

    private let received = Received()
    /// Kept so the handlers stay installed while this value lives.
    private var sources: [any DispatchSourceSignal] = []

    init(stop: @escaping @Sendable () -> Void) {
        let received = received
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let first = received.signal.withLock { received in
                    guard received == nil else { return false }
                    received = number
                    return true
                }
                if first { stop() } else { exit(Self.exitStatus(number)) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The first signal received, if any.
    var firstSignal: Int32? { received.signal.withLock { $0 } }

    /// The exit status of a process stopped by `signal`: 130 for SIGINT, 143 for SIGTERM.
    static func exitStatus(_ signal: Int32) -> Int32 { 128 + signal }

    static func name(_ signal: Int32) -> String {
        signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
    }
}
