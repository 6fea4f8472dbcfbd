/// A build as an ordinary blog needs it: its rendering and its `stat`s spread over the cores'
/// pool, nothing asked of the kernel about pages. What it holds until later stays in memory,
/// unless given a `spillFolder`: a blog of thousands of entries keeps its memory growing with
/// the number of entries, not with their text (`BuildExecutionChoice.execution`).
public struct PlainExecution: BuildExecution {
    public let spillFolder: String?

    public init(spillFolder: String? = nil) {
        self.spillFolder = spillFolder
    }

    public var kind: BuildExecutionKind { .plain }

    public func readAhead(_ paths: [String]) {}

    public func map<Element, T>(_ elements: [Element], readingAhead file: (Element) -> String?, _ transform: (Element) -> T) -> [T] {
        elements.parallelMap(transform)
    }

    public func releasingReadSources() -> PageCacheRelease? { nil }
    public func releasingWrittenFiles() -> PageCacheRelease? { nil }
    public var writesBehind: Bool { false }

    public func statEach<Elements: RandomAccessCollection, T>(_ elements: Elements, _ transform: (Elements.Element) -> T) -> [T]
        where Elements.Index == Int {
        elements.parallelMap(transform)
    }

    public var writesRecordsBeside: Bool { true }
    public var rendersThroughShells: Bool { true }
}
