import Foundation

/// How a build is carried out: every tactic that pays only for a very large archive, in one place
/// off the stages' path. Two implementations: `PlainExecution` (in memory, rendering still spread
/// over the cores), which tests and ordinary blogs use, and `LargeArchiveExecution`, chosen where a
/// build reads or writes more than an eighth of the machine's memory (`choose`) and forced either
/// way by `--execution` (docs/internals.md, "Large archives"). The stages ask it, never the disk.
public protocol BuildExecution: Sendable {
    var kind: BuildExecutionKind { get }
    /// A folder where what the build holds until later in the build goes to the disk instead of
    /// memory (`SpillFile`: the articles the streams embed, the highlighter's spans); nil: memory.
    var spillFolder: String? { get }
    /// Asks the disk for files the next batch reads (`ReadAhead`), while this one is worked on.
    func readAhead(_ paths: [String])
    /// `transform` over `elements` spread over the cores, a batch at a time, each batch's files
    /// (`file`) asked of the disk while the batch before runs.
    func map<Element, T>(_ elements: [Element], readingAhead file: (Element) -> String?, _ transform: (Element) -> T) -> [T]
    /// How the build hands the kernel back the memory of the sources it has read for the last time,
    /// and of the files it has written (`PageCacheRelease`); nil: it keeps them.
    func releasingReadSources() -> PageCacheRelease?
    func releasingWrittenFiles() -> PageCacheRelease?
    /// Whether a large file written for a later build (the user's highlight cache) leaves memory
    /// as it reaches the disk (`WriteBehind`).
    var writesBehind: Bool { get }
    /// `transform` (a `stat` of an output, mostly) over `elements`, spread over the cores, or over
    /// many threads where it waits on the disk (`parallelMapWaitingOnDisk`).
    func statEach<Elements: RandomAccessCollection, T>(_ elements: Elements, _ transform: (Elements.Element) -> T) -> [T] where Elements.Index == Int
    /// Whether the build's records are written each on a thread of its own, beside the rest.
    var writesRecordsBeside: Bool { get }
    /// Whether pages render through the shells their templates learnt (`TemplateShells`).
    var rendersThroughShells: Bool { get }
}

/// Which execution a build runs with: chosen by its size (`automatic`), or asked for.
public enum BuildExecutionKind: String, Sendable, CaseIterable {
    case plain
    case largeArchive = "large-archive"
}

/// How the execution is chosen (`--execution`).
public enum BuildExecutionChoice: String, Sendable, CaseIterable {
    case automatic = "auto"
    case plain
    case largeArchive = "large-archive"

    /// The execution for a build of `sourceBytes` of sources into `output`: large where it reads
    /// or writes more than an eighth of the machine's memory. A first build's writes are not known
    /// before it runs: they are taken as ten times its sources (a blog's pages, fragments and feeds
    /// weigh about 8.5 times its Markdown, docs/benchmarks.md). The tactics of a large archive need
    /// the disk's pages: a site in memory is always built plain.
    public func execution(sourceBytes: Int, output: OutputFolder, memory: UInt64 = ProcessInfo.processInfo.physicalMemory) -> any BuildExecution {
        let isLarge = switch self {
        case .automatic: UInt64(clamping: sourceBytes) &* 10 > memory / 8
        case .plain: false
        case .largeArchive: true
        }
        guard output.files.isDisk else { return PlainExecution() }
        guard isLarge else { return PlainExecution(spillFolder: sourceBytes > Self.heldSourceBytes ? output.state.path : nil) }
        return LargeArchiveExecution(spillFolder: output.state.path)
    }

    /// The most sources whose articles and highlighted spans a plain build holds in memory until
    /// the streams and the records take them: past it, they wait in a spill file.
    static let heldSourceBytes = 8 << 20
}
