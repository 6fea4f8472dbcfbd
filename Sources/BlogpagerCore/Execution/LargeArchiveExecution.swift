/// A build of an archive larger than the page cache holds: what it holds until later goes to spill files, the files of
/// the next batch are asked of the disk ahead, the memory of what it is done with goes back to the
/// kernel (so the next build finds its outputs' inodes and folders still cached), and its `stat`s
/// go on many threads where they wait on the disk. Each tactic: docs/internals.md; its figures:
/// docs/benchmarks.md.
public struct LargeArchiveExecution: BuildExecution {
    public let spillFolder: String?
    private let ahead = ReadAhead()

    public init(spillFolder: String?) {
        self.spillFolder = spillFolder
    }

    public var kind: BuildExecutionKind { .largeArchive }

    public func readAhead(_ paths: [String]) {
        ahead.request(paths)
    }

    public func map<Element, T>(_ elements: [Element], readingAhead file: (Element) -> String?, _ transform: (Element) -> T) -> [T] {
        elements.parallelMap(readingAhead: file, transform)
    }

    public func releasingReadSources() -> PageCacheRelease? { .read() }
    public func releasingWrittenFiles() -> PageCacheRelease? { .written() }
    public var writesBehind: Bool { true }

    public func statEach<Elements: RandomAccessCollection, T>(_ elements: Elements, _ transform: (Elements.Element) -> T) -> [T]
        where Elements.Index == Int {
        elements.parallelMapWaitingOnDisk(transform)
    }

    public var writesRecordsBeside: Bool { true }
    public var rendersThroughShells: Bool { true }
}
