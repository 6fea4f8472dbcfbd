import Foundation

/// What the user asked of one build, and the clock it runs against.
public struct BuildOptions: Sendable {
    public var includeDrafts = false
    public var includeFuture = false
    /// Entries dated after this are "future"; passed in so builds are reproducible.
    public var now: Date

    public init(includeDrafts: Bool = false, includeFuture: Bool = false, now: Date) {
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.now = now
    }
}
