import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// `parallelMap` for work that may wait on the disk: a `stat` of an output whose inode the
    /// kernel has let go reads it back, and one such read in flight per core leaves the disk
    /// and the cores idle. Whether it waits is timed first on elements spread over the list;
    /// only then does it go wide (`parallelMap(threads:)`): warm, many threads beside a build's
    /// others took the cores from them (figures: docs/benchmarks.md).
    func parallelMapWaitingOnDisk<T>(_ transform: (Element) throws -> T) rethrows -> [T] {
        guard count >= 8 * Self.diskSamples, waitsOnDisk(transform) else { return try parallelMap(transform) }
        return try parallelMap(threads: Swift.max(32, ProcessInfo.processInfo.activeProcessorCount * 2), transform)
    }

    private static var diskSamples: Int { 256 }

    /// Whether `transform` waits: more than a quarter of elements spread over the list take over
    /// 20 µs each (a warm `stat` takes 1–3 µs; one that reads the disk, 50 µs and more; a thread
    /// put aside for a while slows one element, not a quarter). Their results are made again by
    /// the map: cheap, as they are then cached.
    private func waitsOnDisk<T>(_ transform: (Element) throws -> T) -> Bool {
        let samples = Self.diskSamples
        let clock = ContinuousClock()
        var slow = 0
        for sample in 0..<samples {
            let start = clock.now
            // Only timed: the map runs every element again, and reports what this one throws.
            _ = try? transform(self[startIndex + sample * count / samples])
            if clock.now - start > .microseconds(20) { slow += 1 }
        }
        return slow > samples / 4
    }

    /// `map` on `threads` threads of their own, not the cores' pool, for work that waits: each
    /// takes runs of the elements in turn, so all walk the same stretch of the list together
    /// (neighbours in it were written together, and lie near on the disk). `transform` must
    /// not touch shared mutable state.
    func parallelMap<T>(threads wanted: Int, _ transform: (Element) throws -> T) rethrows -> [T] {
        let count = self.count
        let run = 64
        let runs = (count + run - 1) / run
        let threads = Swift.min(runs, wanted)
        guard threads > 1 else { return try map(transform) }
        return try withoutActuallyEscaping(transform) { transform in
            let results = UnsafeMutableBufferPointer<Result<T, any Error>>.allocate(capacity: count)
            defer { results.deallocate() }
            let shared = SharedWork(base: results.baseAddress!, elements: self, transform: transform)
            var started: [pthread_t] = []
            for first in 0..<threads {
                let thread = ThreadShare.start {
                    for place in stride(from: first, to: runs, by: threads) {
                        for offset in (place * run)..<Swift.min(count, (place + 1) * run) { shared.run(offset) }
                    }
                }
                if let thread { started.append(thread) }
            }
            // Every thread has let go of `transform` once joined, as `withoutActuallyEscaping` requires.
            for thread in started { pthread_join(thread, nil) }
            defer { _ = results.deinitialize() }
            return try results.map { try $0.get() }
        }
    }
}

/// One thread's share of a `parallelMap(threads:)`, handed to it through `pthread_create`:
/// not Foundation's `Thread` (used elsewhere for work that outlives its caller), which cannot
/// be joined, so nothing would say when it had let go of the map's non-escaping `transform`.
private final class ThreadShare {
    let work: () -> Void
    private init(_ work: @escaping () -> Void) { self.work = work }

    /// `work` on a thread of its own, to be joined; nil when no thread could be had (a
    /// process limit): `work` has then run here.
    static func start(_ work: @escaping () -> Void) -> pthread_t? {
        let handed = Unmanaged.passRetained(ThreadShare(work)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let made = pthread_create(&thread, nil, { Unmanaged<ThreadShare>.fromOpaque($0).takeRetainedValue().work(); return nil }, handed)
        if made == 0, let thread { return thread }
        #else
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { Unmanaged<ThreadShare>.fromOpaque($0!).takeRetainedValue().work(); return nil }, handed)
        if made == 0 { return thread }
        #endif
        Unmanaged<ThreadShare>.fromOpaque(handed).takeRetainedValue().work()
        return nil
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
/// - `base` is allocated by the call before `concurrentPerform` (or its threads
///   start) and read and freed only after it returns (or every thread is joined),
///   when every chunk has finished;
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
