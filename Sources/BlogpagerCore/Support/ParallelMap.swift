import Dispatch
import Foundation

extension RandomAccessCollection where Index == Int {
    /// `map` spread over every core, in a few chunks per core so an uneven
    /// chunk does not leave a core idle. The order of the results is the
    /// order of the elements. `transform` must not touch shared mutable state.
    func parallelMap<T>(_ transform: (Element) throws -> T) rethrows -> [T] {
        let count = self.count
        let chunks = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunks > 1 else { return try map(transform) }
        return try withoutActuallyEscaping(transform) { transform in
            let results = UnsafeMutableBufferPointer<Result<T, any Error>>.allocate(capacity: count)
            defer { results.deallocate() }
            let shared = SharedWork(base: results.baseAddress!, elements: self, transform: transform)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let lower = chunk * count / chunks
                let upper = (chunk + 1) * count / chunks
                for offset in lower..<upper { shared.run(offset) }
            }
            defer { _ = results.deinitialize() }
            return try results.map { try $0.get() }
        }
    }
}

extension RandomAccessCollection where Index == Int {
    /// `filter` spread over every core, in order, for a test that only reads.
    func parallelFilter(_ isIncluded: (Element) -> Bool) -> [Element] {
        let count = self.count
        let chunks = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunks > 1 else { return filter(isIncluded) }
        return (0..<chunks).parallelMap { chunk in
            self[(startIndex + chunk * count / chunks)..<(startIndex + (chunk + 1) * count / chunks)].filter(isIncluded)
        }.flatMap { $0 }
    }
}

/// What the chunks of one `parallelMap` call share. `@unchecked` is safe here,
/// and this is the only place in the core that says so, because:
/// - `base` is allocated by the call before `concurrentPerform` and read and
///   freed only after it returns, when every chunk has finished;
/// - each chunk initializes only the slots of its own index range, and the
///   ranges do not overlap, so no slot is touched by two threads;
/// - `elements` is only read, and `transform` is required (see `parallelMap`)
///   to touch no shared mutable state;
/// - nothing of it escapes the call.
private struct SharedWork<Elements: RandomAccessCollection, T>: @unchecked Sendable where Elements.Index == Int {
    let base: UnsafeMutablePointer<Result<T, any Error>>
    let elements: Elements
    let transform: (Elements.Element) throws -> T

    func run(_ offset: Int) {
        let element = elements[elements.startIndex + offset]
        (base + offset).initialize(to: Result { try transform(element) })
    }
}
