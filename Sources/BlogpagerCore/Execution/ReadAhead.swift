import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Files asked of the disk a batch before the workers read them. A worker that
/// reads a file the page cache no longer holds (a large archive read cold, or
/// read again after the build's own writes pushed it out) waits for the disk,
/// and with one read at a time a core the disk is nearly idle while the cores
/// wait. Told which files come next, the kernel reads many at once, beside the
/// work on the batch before. Where the files are cached it costs an `open` and
/// a `close` a file (a call a range of a spill file), on a thread of its own.
final class ReadAhead: Sendable {
    private let queue = DispatchQueue(label: "blogpager.read-ahead", qos: .utility)

    /// Starts reading `paths` in the background, in order, after those asked before; returns at once.
    func request(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        queue.async {
            for path in paths { DiskFile.advise(path, .willNeed) }
        }
    }

    /// Starts reading these byte ranges of `file` in the background (adjacent ones as one).
    func request(_ ranges: [Range<Int>], of file: SpillFile) {
        guard !ranges.isEmpty else { return }
        queue.async {
            for range in Self.merged(ranges) { file.adviseWillNeed(range) }
        }
    }

    /// Waits until what was asked for so far has been passed on to the kernel.
    func wait() {
        queue.sync {}
    }

    /// `ranges` in order, those that touch or overlap as one.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}

extension Array {
    /// `parallelMap` a batch at a time, the files of each batch asked of the disk
    /// (`ReadAhead`) while the batch before it runs.
    func parallelMap<T>(readingAhead file: (Element) -> String?, batch size: Int = 1024, _ transform: (Element) throws -> T) rethrows -> [T] {
        guard count > size else { return try parallelMap(transform) }
        let readAhead = ReadAhead()
        var results: [T] = []
        results.reserveCapacity(count)
        for start in stride(from: 0, to: count, by: size) {
            let end = Swift.min(count, start + size)
            readAhead.request(self[end..<Swift.min(count, end + size)].compactMap(file))
            results += try self[start..<end].parallelMap(transform)
        }
        return results
    }
}
