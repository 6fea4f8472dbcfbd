import Synchronization

/// Where a build is, for a progress line (`blogpager build` on a terminal): its stage, and the
/// items of that stage done and to do, where they are counted. Given by the caller with the
/// clock it reads; the stages advance it as they go.
public final class BuildProgress: Sendable {
    private let clock: ContinuousClock
    private let state: Mutex<Snapshot>

    public struct Snapshot: Sendable {
        public var stage = "starting"
        public var done = 0
        /// 0 where the stage's items are not counted.
        public var total = 0
        public var stageStarted: ContinuousClock.Instant
    }

    public init(clock: ContinuousClock = ContinuousClock()) {
        self.clock = clock
        state = Mutex(Snapshot(stageStarted: clock.now))
    }

    public var snapshot: Snapshot { state.withLock { $0 } }

    func begin(_ stage: String, total: Int = 0) {
        let now = clock.now
        state.withLock { $0 = Snapshot(stage: stage, done: 0, total: total, stageStarted: now) }
    }

    func advance(by count: Int = 1) {
        state.withLock { $0.done += count }
    }

    /// `rendering entries 1,200/10,000, about 4 s left`: the stage, its counts, and the time its
    /// pace leaves (once it has been going long enough to tell).
    public func line(now: ContinuousClock.Instant) -> String {
        let snapshot = self.snapshot
        guard snapshot.total > 0 else { return snapshot.stage }
        let done = min(snapshot.done, snapshot.total)
        var line = "\(snapshot.stage) \(Self.counted(done))/\(Self.counted(snapshot.total))"
        let elapsed = now - snapshot.stageStarted
        if done > 0, snapshot.total > done, elapsed > .milliseconds(500) {
            let left = elapsed.inSeconds / Double(done) * Double(snapshot.total - done)
            line += left < 1 ? ", under a second left" : ", about \(Int(left.rounded())) s left"
        }
        return line
    }

    private static func counted(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
