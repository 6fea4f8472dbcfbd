import Synchronization

/// Where one build's time went (`blogpager build --timings`): the wall time of each stage, in
/// the order they ended, and the time threads spent waiting on something beside the stages (a
/// worker waiting for Pygments). Given by the caller, with the clock it reads; a build without
/// it measures nothing.
public final class BuildTimings: Sendable {
    private let clock: ContinuousClock
    private let state: Mutex<State>

    private struct State {
        var lastMark: ContinuousClock.Instant
        var stages: [(name: String, took: Duration)] = []
        var waits: [(name: String, took: Duration)] = []
    }

    public init(clock: ContinuousClock = ContinuousClock()) {
        self.clock = clock
        state = Mutex(State(lastMark: clock.now))
    }

    /// The stage `name` ended now: it took the time since the last one ended (or since the start).
    func ended(_ name: String) {
        let now = clock.now
        state.withLock { state in
            state.stages.append((name, now - state.lastMark))
            state.lastMark = now
        }
    }

    /// Runs `work`, adding its wall time to the waits called `name` (summed over threads).
    func waiting<Result>(_ name: String, _ work: () throws -> Result) rethrows -> Result {
        let started = clock.now
        defer {
            let took = clock.now - started
            state.withLock { state in
                if let index = state.waits.firstIndex(where: { $0.name == name }) {
                    state.waits[index].took += took
                } else {
                    state.waits.append((name, took))
                }
            }
        }
        return try work()
    }

    /// `timings: load 0.31 s, read 0.52 s, ...; waits: workers on Pygments 0.20 s`.
    public var line: String {
        state.withLock { state in
            func listed(_ items: [(name: String, took: Duration)]) -> String {
                items.map { "\($0.name) \(Self.seconds($0.took)) s" }.joined(separator: ", ")
            }
            let waits = state.waits.isEmpty ? "" : "; waits: " + listed(state.waits)
            return "timings: " + listed(state.stages) + waits
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let rounded = Int((duration.inSeconds * 100).rounded())
        return "\(rounded / 100).\((rounded % 100).zeroPadded(2))"
    }
}
