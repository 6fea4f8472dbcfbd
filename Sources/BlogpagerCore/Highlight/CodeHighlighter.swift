import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Highlights fenced code at build time with Pygments, the highlighter Rouge and
/// Chroma follow, so the classes (`k`, `s`, `c`…) are those an existing Jekyll or
/// Hugo theme's CSS styles. Python runs as a few long-lived helpers (one per worker
/// that has code to highlight, up to `helperLimit`), each taking an entry's blocks at once; the spans
/// of blocks seen before come from `HighlightCache`. Where the last build's Python
/// is known unchanged (`PythonFingerprint`), none starts until a block misses the
/// cache. One per build: it lends its helpers to the workers and collects what the
/// build reports and keeps.
public final class CodeHighlighter: Sendable {
    /// What the build reports and keeps once the entries are rendered.
    public struct Outcome: Sendable {
        /// Why code stayed plain (Python or Pygments missing), for one warning.
        public var problem: String?
        /// How the output's cache changes; nil when it did not.
        public var cache: HighlightCacheChange?
        /// The user's shared cache to write, when this build highlighted blocks it lacked.
        public var sharedCache: HighlightCache?
        public var blocks = 0
        public var highlighted = 0
        public var fromCache = 0
        /// The fingerprint of the Python this build started, to keep; nil when none started or it cannot be kept.
        var python: PythonFingerprint?
        /// Whether the kept fingerprint is wrong (the Python it vouched for did not answer as it said): it goes.
        var forgetsPython = false
    }

    private struct State {
        var started = false
        var idle: [PygmentsHelper] = []
        /// Launched ahead, their greeting not yet read (`launchAhead`): taken by `startHelper`.
        var launched: [PygmentsHelper] = []
        /// Helpers whose input `finish` closed, until `waitForHelpersToExit`.
        var leaving: [PygmentsHelper] = []
        var helpers = 0
        var highlighter: String?
        var problem: String?
        var cache: HighlightCache?
        var previous: HighlightCache?
        /// Whether the caches were read: at the first block, not at the start (a rebuild whose
        /// changed entries have no code never reads the last build's, megabytes for a large blog).
        var cachesTaken = false
        /// The user's shared cache, read at the first block both others miss.
        var shared: HighlightCache?
        var sharedRead = false
        var blocks = 0, highlighted = 0, fromCache = 0
        /// Known from the last build's fingerprint: no helper has greeted yet to confirm it.
        var versionFromFingerprint = false
        /// Helpers starting ahead of need (`prepare`); the build waits for them before it ends.
        var preparing = 0
        var python: PythonFingerprint?
        var forgetsPython = false
        /// Blocks highlighted ahead (`highlightAhead`) that no worker has asked for yet: counted
        /// as highlighted when one does.
        var aheadKeys: Set<String> = []
        /// Whether many sources' code misses the caches (`prepare`): a first or a clean build.
        var missesExpected = false
    }

    /// The Python to run (`BLOGPAGER_PYTHON`); nil for `python3` on the PATH.
    let python: String?
    private let maximumHelpers: Int
    /// At most how many threads highlight ahead (`aheadLanes`).
    private let mostAheadLanes: Int
    private let previousCache: @Sendable () -> RecordBytes?
    private let sharedCache: SharedHighlightCache?
    private let launch: PythonFingerprint.Launch?
    private let previousPython: @Sendable () -> [UInt8]?
    /// Where the spans highlighted wait for the cache's record (`HighlightCache`); nil: in memory.
    private let spillFolder: String?
    private let timings: BuildTimings?
    private let state = Mutex(State())
    /// Held while the last build's cache is read (`startTakingCaches`), outside `state`: the workers
    /// that need it wait asleep, where on `state` they spun in the kernel the while, and it is
    /// read once, however many ask at once.
    private let reading = NSLock()

    /// How many helpers a build on `cores` cores may run: half the cores, two at least. Each helper
    /// pays Python's start and compiles every lexer it meets, while Python's lexing is a small
    /// part of the build's work: more helpers than that bought no wall time and cost CPU
    /// (docs/benchmarks.md).
    public static func helperLimit(cores: Int) -> Int {
        max(1, min(cores, max(2, cores / 2)))
    }

    /// On how many threads a build on `cores` cores may highlight the next batch's code ahead of
    /// its workers: one helper fewer than it runs, where it runs a helper for every core (two
    /// cores or fewer), since a worker that waits for Python leaves its core idle; none where the
    /// workers outnumber the helpers, which then keep them busy themselves and would wait behind
    /// the next batch's requests (measured both ways: docs/benchmarks.md).
    public static func aheadLaneLimit(cores: Int) -> Int {
        let helpers = helperLimit(cores: cores)
        return helpers >= cores ? max(1, helpers - 1) : 0
    }

    /// `previousCache` gives the last build's cache when the first block needs it;
    /// `sharedCache`, the user's, is read when a block misses that one too.
    /// `environment` and `currentFolder` are those Python will run with; with
    /// `previousPython` (the last build's `PythonFingerprint`) they tell whether
    /// the same Pygments would answer, so that Python need not start to say so. `spillFolder`:
    /// where the spans highlighted wait for the record (the output's `.blogpager/`).
    public init(files: FileSystem, python: String?, maximumHelpers: Int, previousCache: @escaping @Sendable () -> RecordBytes? = { nil },
                sharedCache: SharedHighlightCache? = nil, environment: [String: String] = [:], currentFolder: String = "",
                previousPython: @escaping @Sendable () -> [UInt8]? = { nil }, spillFolder: String? = nil,
                mostAheadLanes: Int? = nil, timings: BuildTimings? = nil) {
        self.python = python
        self.maximumHelpers = max(1, maximumHelpers)
        self.mostAheadLanes = mostAheadLanes ?? max(1, maximumHelpers - 1)
        self.previousCache = previousCache
        self.sharedCache = sharedCache
        launch = PythonFingerprint.Launch(files: files, python: python, environment: environment, currentFolder: currentFolder)
        self.previousPython = previousPython
        self.spillFolder = spillFolder
        self.timings = timings
    }

    /// The HTML of each block: highlighted, or plain and escaped with a `language-NAME`
    /// class where the language is unknown or Pygments cannot run; nil for a block
    /// without a language (the Markdown renderer's own `<pre><code>`).
    public func html(for blocks: [CodeBlock]) -> [String?] {
        let spans = self.spans(for: blocks)
        return zip(blocks, spans).map { block, spans in
            guard let language = block.language else { return nil }
            return Self.html(block, language: language, spans: spans)
        }
    }

    /// Each block's token spans (nil: plain), from the cache or a helper.
    private func spans(for blocks: [CodeBlock]) -> [String?] {
        let wanted = blocks.indices.filter { blocks[$0].language != nil }
        guard !wanted.isEmpty else { return blocks.map { _ in nil } }
        var result = [String?](repeating: nil, count: blocks.count)
        // The cache first (this build's, then the last one's).
        startTakingCaches()
        let highlighter: String? = state.withLock { state in
            state.blocks += wanted.count
            return state.cache?.highlighter
        }
        // Hashed outside the lock, so the workers do not wait on each other's code.
        let keys: [Int: String] = highlighter.map { name in
            Dictionary(uniqueKeysWithValues: wanted.map { ($0, HighlightCache.key(of: blocks[$0], highlighter: name)) })
        } ?? [:]
        let found: [Int: String?] = state.withLock { state in
            // Stored in place (no copy of the cache held here, which would make each store copy it all).
            guard state.cache != nil else { return [:] }
            var found: [Int: String?] = [:]
            var highlightedAhead = 0
            for (index, key) in keys {
                if let spans = state.cache?.lookup(key) {
                    found[index] = spans
                    if !state.aheadKeys.isEmpty, state.aheadKeys.remove(key) != nil { highlightedAhead += 1 }
                } else if let previous = state.previous, let spans = previous.lookup(key) {
                    found[index] = spans
                    if state.cache?.take(key, from: previous) != true { state.cache?.store(spans, for: key) }
                } else if let spans = sharedLookup(key, &state) {
                    found[index] = spans
                    state.cache?.store(spans, for: key)
                }
            }
            state.fromCache += found.count - highlightedAhead
            state.highlighted += highlightedAhead
            return found
        }
        for (index, spans) in found { result[index] = spans }
        let missing = wanted.filter { keys[$0] != nil && found[$0] == nil }
        guard !missing.isEmpty else { return result }
        let answers = waiting {
            lend().flatMap { helper in
                ask(helper, for: missing.map { blocks[$0] }) { state, answers in
                    for (index, spans) in zip(missing, answers) {
                        if let key = keys[index] { state.cache?.store(spans, for: key) }
                    }
                    state.highlighted += missing.count
                }
            }
        }
        for (index, spans) in zip(missing, answers ?? []) { result[index] = spans }
        return result
    }

    /// The spans `helper` answers for `blocks`, kept by `keep` under the lock as the helper is
    /// given back; nil when it stopped answering (it is dropped: its input closes and it exits).
    private func ask(_ helper: PygmentsHelper, for blocks: [CodeBlock], keep: (inout State, [String?]) -> Void) -> [String?]? {
        let answers = helper.spans(of: blocks)
        state.withLock { state in
            guard let answers else {
                state.helpers -= 1
                state.problem = state.problem ?? "the highlighter stopped answering, so some code stays plain"
                return
            }
            state.idle.append(helper)
            keep(&state, answers)
        }
        return answers
    }

    /// `work`, a worker waiting on a helper: timed where the build is (`--timings`).
    private func waiting<Result>(_ work: () -> Result) -> Result {
        guard let timings else { return work() }
        return timings.waiting("workers on Pygments", work)
    }

    /// Highlights blocks a worker is about to ask for (`HighlightAhead`), so that it finds them
    /// in this build's cache rather than waiting for Python: only those no cache holds, and none
    /// counted until a worker asks for it (a block a worker never asks for is kept, not counted).
    func highlightAhead(_ blocks: [CodeBlock]) {
        startTakingCaches()
        let highlighter: String? = state.withLock { state in state.problem == nil ? state.cache?.highlighter : nil }
        guard let highlighter else { return }
        var keys: [String] = []
        var wanted: [CodeBlock] = []
        var seen: Set<String> = []
        for block in blocks where block.language != nil {
            let key = HighlightCache.key(of: block, highlighter: highlighter)
            if seen.insert(key).inserted {
                keys.append(key)
                wanted.append(block)
            }
        }
        let missing = state.withLock { state in keys.indices.filter { cachesLack(keys[$0], &state) } }
        guard !missing.isEmpty, let helper = lend() else { return }
        _ = ask(helper, for: missing.map { wanted[$0] }) { state, answers in
            // A worker may have asked for one meanwhile: it is highlighted and counted already.
            for (index, spans) in zip(missing, answers) where state.cache?.contains(keys[index]) == false {
                state.cache?.store(spans, for: keys[index])
                state.aheadKeys.insert(keys[index])
            }
        }
    }

    /// Whether none of the caches holds `key`: this build's, the last one's, and the user's
    /// where the output has none (a new folder).
    private func cachesLack(_ key: String, _ state: inout State) -> Bool {
        state.cache?.contains(key) != true && state.previous?.contains(key) != true && sharedLookup(key, &state) == nil
    }

    /// On how many threads to highlight ahead: none unless code misses the caches (many sources'
    /// code looked inside by `prepare`, or blocks highlighted so far); else `mostAheadLanes`, by
    /// default one helper fewer than the build may run, leaving one for the blocks a worker meets
    /// first (those not read ahead).
    var aheadLanes: Int {
        state.withLock { state in
            (state.missesExpected || state.highlighted > 0) && state.problem == nil ? mostAheadLanes : 0
        }
    }

    /// A block's spans from the user's shared cache, read now if it was not (once a build).
    /// Only for an output without a cache of its own (new, emptied, or another Pygments'):
    /// a rebuild's new blocks are new, and reading and writing the user's whole cache for
    /// them would cost a rebuild more than they do.
    private func sharedLookup(_ key: String, _ state: inout State) -> String?? {
        guard let sharedCache, let highlighter = state.cache?.highlighter, state.previous?.highlighter != highlighter else { return nil }
        if !state.sharedRead {
            state.sharedRead = true
            state.shared = sharedCache.read().flatMap { HighlightCache(decoding: $0) }.flatMap { $0.highlighter == highlighter ? $0 : nil }
                ?? HighlightCache(highlighter: highlighter)
        }
        return state.shared?.lookup(key)
    }

    /// A helper for one caller: an idle one, a new one while fewer than the limit run,
    /// else the next one given back. Nil once highlighting has failed.
    private func lend() -> PygmentsHelper? {
        while true {
            enum Step { case lent(PygmentsHelper), startOne, wait, none }
            let step: Step = state.withLock { state in
                guard state.problem == nil, state.cache != nil else { return .none }
                if let helper = state.idle.popLast() { return .lent(helper) }
                // Those started ahead (`prepare`) are nearly there.
                guard state.helpers < maximumHelpers, !preparing(state) else { return .wait }
                state.helpers += 1  // its place is taken while it starts, outside the lock
                return .startOne
            }
            switch step {
            case .lent(let helper): return helper
            case .none: return nil
            case .wait: usleep(500)
            case .startOne: return startHelper()
            }
        }
    }

    /// A helper started now, its place already taken: checked to be the Pygments whose
    /// version the build's keys hold; nil (its place given back) when it is not.
    private func startHelper() -> PygmentsHelper? {
        // A helper that cannot start has no greeting: the problem is recorded below, and becomes the build's warning.
        let helper = state.withLock { $0.launched.popLast() } ?? (try? PygmentsHelper(python: python))
        let greeting = helper?.greeting()
        return state.withLock { state in
            if case .ready(let version, _) = greeting, "pygments \(version)" == state.highlighter {
                state.versionFromFingerprint = false
                return helper
            }
            state.helpers -= 1
            if state.versionFromFingerprint {
                // The fingerprint vouched for a Python that is not there as it was: the next build starts Python first.
                state.forgetsPython = true
                state.problem = state.problem ?? "Python or Pygments changed since the last build, so the code of new blocks stays plain until the next build"
            } else {
                state.problem = state.problem ?? "a second highlighter process did not start, so some code stays plain"
            }
            return nil
        }
    }

    /// Sources about to be read, whose code may miss the cache: helpers start now, each on a
    /// thread of its own, beside the reading and the plan, rather than in the middle of
    /// rendering (Python takes a tenth to a quarter of a second to start, and the workers that
    /// wait for it leave their cores idle). A build that reads many sources whose code the
    /// caches lack starts every helper it may run; one that reads few, or whose code is mostly
    /// cached, starts one, and only where Python was left unstarted (its version known from
    /// the fingerprint). An edit that leaves an entry's code as it was starts none.
    public func prepare(for sources: [SourceFile]) {
        guard !sources.isEmpty else { return }
        // On a thread of its own from the start: the first helper may still be greeting, under
        // the lock, and the build reads its entries meanwhile rather than wait for Python.
        // Counted at once, so that `finish` and a worker's `lend` wait for what this starts.
        unreserved.add(1, ordering: .sequentiallyConsistent)
        Thread { [self] in
            launchAhead(for: sources)
            let places = state.withLock { state -> Int in
                defer { unreserved.subtract(1, ordering: .sequentiallyConsistent) }
                start(&state)
                guard state.highlighter != nil, state.preparing == 0, state.problem == nil else { return 0 }
                let wanted = sources.count > Self.sourcesLookedInside ? maximumHelpers : 1
                let places = max(0, wanted - state.helpers)
                // Taken now, so that the workers wait for these rather than start more.
                state.preparing = places
                state.helpers += places
                return places
            }
            guard places > 0 else { return }
            let starting = helpersNeeded(for: sources, atMost: places)
            state.withLock { state in
                // The places not needed go back unused.
                state.helpers -= places - starting
                state.preparing -= places - starting
            }
            for _ in 0..<starting {
                Thread { [self] in
                    let helper = startHelper()
                    state.withLock { state in
                        if let helper { state.idle.append(helper) }
                        state.preparing -= 1
                    }
                }.start()
            }
        }.start()
    }

    /// Where Python must start to say its version (no fingerprint holds), no cache could hold
    /// the code, and many sources have code, the other helpers are launched at once, beside the
    /// first, not after its greeting and the look inside the sources: each spends as long
    /// importing Pygments as the first, and on many cores the workers waited for them
    /// (docs/benchmarks.md). Their greeting is read when they are taken
    /// (`startHelper`); any never taken are let go by `finish`.
    private func launchAhead(for sources: [SourceFile]) {
        guard maximumHelpers > 1, sources.count > Self.sourcesLookedInside, knownPython() == nil,
              previousCache() == nil, sharedCache?.read() == nil else { return }
        let lookedInside = sources.prefix(Self.sourcesLookedInside)
        guard lookedInside.filter({ mayMissTheCache($0, lookingInside: false) }).count * 4 >= lookedInside.count else { return }
        // One that cannot start now is started again when it is needed (`startHelper`), which says why it failed.
        let launched = (1..<maximumHelpers).compactMap { _ in try? PygmentsHelper(python: python) }
        state.withLock { $0.launched += launched }
    }

    /// The last build's fingerprint, where it holds for this build's Python.
    private func knownPython() -> PythonFingerprint? {
        guard let launch, let known = previousPython().flatMap(PythonFingerprint.init(decoding:)), known.holds(for: launch) else { return nil }
        return known
    }

    /// Calls of `prepare` whose thread has not yet taken its helpers' places.
    private let unreserved = Atomic<Int>(0)

    /// Whether helpers are starting ahead (`prepare`), or about to: a worker waits for them.
    private func preparing(_ state: State) -> Bool {
        state.preparing > 0 || unreserved.load(ordering: .sequentiallyConsistent) > 0
    }

    /// How many helpers `sources` call for ahead of rendering, up to `most`: all of them where
    /// a quarter or more of the sources looked inside have code the caches lack (a first or a
    /// clean build, which is then highlighted ahead too: `aheadLanes`), one where some code may
    /// miss them, none where none does.
    private func helpersNeeded(for sources: [SourceFile], atMost most: Int) -> Int {
        let lookedInside = min(sources.count, Self.sourcesLookedInside)
        let missing = sources[..<lookedInside].filter { mayMissTheCache($0, lookingInside: true) }.count
        if missing > 0, missing * 4 >= lookedInside {
            state.withLock { $0.missesExpected = true }
            return most
        }
        if missing > 0 || sources[lookedInside...].contains(where: { mayMissTheCache($0, lookingInside: false) }) { return min(1, most) }
        return 0
    }

    /// Whether a source may have code the caches lack (this build's, the last one's and, for a new
    /// output, the user's): any with a Liquid or Hugo highlight tag (a fence only once the entry
    /// is read); else, `lookingInside`, one with a fenced block the caches lack (the Markdown
    /// parsed, not rendered), or without, one with a fence at all.
    /// A guess that only starts Python early: a block it misses starts Python when it is rendered.
    private func mayMissTheCache(_ source: SourceFile, lookingInside: Bool) -> Bool {
        guard case .success(let bytes) = source.load() else { return false }
        let has = { (marker: String) in bytes.firstRange(of: Array(marker.utf8)) != nil }
        guard has("```") || has("~~~") || has("highlight") else { return false }
        guard lookingInside, !has("highlight") else { return true }
        let blocks = MarkdownRenderer.fencedCode(in: String(decoding: bytes, as: UTF8.self)).filter { $0.language != nil }
        guard !blocks.isEmpty else { return false }
        // Read outside the lock (the record grows with the archive): the build's own thread asks it for the version meanwhile.
        startTakingCaches()
        return state.withLock { state in
            // Started above: a highlighter known has its caches taken.
            guard let name = state.highlighter else { return true }
            return blocks.contains { block in
                let key = HighlightCache.key(of: block, highlighter: name)
                // The user's cache too, where the output has none (a new folder): its blocks start no helper.
                return cachesLack(key, &state)
            }
        }
    }

    /// How many of a build's changed sources are parsed to tell whether their code is cached:
    /// a rebuild's few; past them (a build that reads many) Python starts on any fence.
    private static let sourcesLookedInside = 32

    /// Which highlighter runs (`pygments 2.21.0`), or why none does: started now if it was not.
    public func identity() -> String {
        state.withLock { state in
            start(&state)
            return state.highlighter ?? "plain: " + (state.problem ?? "")
        }
    }

    /// The first helper: it says which Pygments runs (the cache's key) or why none does.
    private func start(_ state: inout State) {
        guard !state.started else { return }
        state.started = true
        if let known = knownPython() {
            state.highlighter = known.highlighter
            state.versionFromFingerprint = true
            return
        }
        let helper: PygmentsHelper
        do {
            helper = try PygmentsHelper(python: python)
        } catch {
            state.problem = "\(python ?? "python3") could not be started (\(error)); install Python 3 with Pygments (apt-get install python3-pygments)"
            return
        }
        switch helper.greeting() {
        case .ready(let version, let importPaths):
            let name = "pygments \(version)"
            state.highlighter = name
            state.idle.append(helper)
            state.helpers = 1
            state.python = launch.map { PythonFingerprint(highlighter: name, launch: $0, importPaths: importPaths) }
        case .unavailable(let reason):
            state.problem = reason + " (apt-get install python3-pygments, or pip install Pygments)"
        }
    }

    /// The processes of the helpers started and not yet waited for (for tests).
    var helperProcessIdentifiers: [Int32] {
        state.withLock { ($0.idle + $0.launched + $0.leaving).map(\.processIdentifier) }
    }

    /// Waits (at most `limit`) until the helpers `finish` let go have exited and been waited for,
    /// so that no Python outlives the build and their CPU time is the build's in its account.
    public func waitForHelpersToExit(limit: Duration = .seconds(5)) {
        let leaving = state.withLock { state in
            defer { state.leaving.removeAll() }
            return state.leaving
        }
        let deadline = ContinuousClock.now + limit
        while leaving.contains(where: { !$0.hasExited }), ContinuousClock.now < deadline { usleep(1000) }
    }

    /// Starts the first helper if need be (`start`), then takes the caches if no thread has: the
    /// last build's read outside `state`'s lock, by one thread at a time (`reading`); a thread
    /// that finds them taken once it holds `reading` leaves them as they are.
    private func startTakingCaches() {
        guard let name = state.withLock({ state in start(&state); return state.cachesTaken ? nil : state.highlighter }) else { return }
        reading.lock()
        defer { reading.unlock() }
        guard !state.withLock({ $0.cachesTaken }) else { return }
        let read = previousCache().flatMap { HighlightCache(decoding: $0) }
        state.withLock { state in
            if !state.cachesTaken { takeCaches(&state, highlighter: name, read: .some(read)) }
        }
    }

    /// The last build's cache (`read`, where it was read already), and this build's, which takes
    /// the blocks it finds there without a copy.
    private func takeCaches(_ state: inout State, highlighter name: String, read: HighlightCache?? = nil) {
        state.cachesTaken = true
        state.previous = read ?? previousCache().flatMap { HighlightCache(decoding: $0) }
        state.cache = state.previous.flatMap { $0.highlighter == name ? $0.sharingRecord(spillFolder: spillFolder) : nil }
            ?? HighlightCache(highlighter: name, spillFolder: spillFolder)
    }

    /// What the build reports and keeps. `keepingOthers`: the blocks of entries not
    /// rendered this time stay in the cache (up to a bound); a build that rendered
    /// every entry keeps only what it used.
    public func finish(keepingOthers: Bool) -> Outcome {
        // A helper started ahead is in place before the build ends: no process outlives it.
        while state.withLock({ preparing($0) }) { usleep(500) }
        return state.withLock { state in
            // A build that rendered every body and met no code still leaves a cache of what it used: none.
            if !state.cachesTaken, !keepingOthers, let name = state.highlighter { takeCaches(&state, highlighter: name) }
            var outcome = Outcome(problem: state.problem, cache: nil, blocks: state.blocks,
                                  highlighted: state.highlighted, fromCache: state.fromCache,
                                  python: state.python, forgetsPython: state.forgetsPython)
            // Their input closes: the helpers exit while the build writes its records.
            for helper in state.idle + state.launched { helper.closeInput() }
            state.leaving += state.idle + state.launched
            state.idle.removeAll()
            state.launched.removeAll()
            guard var cache = state.cache else { return outcome }
            let previousCount = state.previous?.count ?? 0
            if keepingOthers, let previous = state.previous, previous.highlighter == cache.highlighter {
                // A rebuild adds its new blocks at the end of the record: rewriting it all would cost
                // more than the rebuild itself. Past the bound, or where the record takes
                // no more segments (or is of the former format), it is written anew.
                let added = cache.blocks(missingFrom: previous)
                if previous.count + added.count <= Self.cacheLimit, added.count == 0 || previous.takesAppends {
                    if added.count > 0 { outcome.cache = .append(added.bytes, after: previous.recordEnd) }
                } else {
                    cache.keep(previous, upTo: Self.cacheLimit)
                    outcome.cache = .replace(cache)
                }
            } else if state.highlighted > 0 || cache.count != previousCount || state.previous?.highlighter != cache.highlighter {
                outcome.cache = .replace(cache)
            }
            // What this build highlighted joins the user's cache, beside what other builds left there.
            if state.highlighted > 0, let others = state.shared {
                var shared = cache
                shared.keep(others, upTo: Self.cacheLimit)
                outcome.sharedCache = shared
            }
            return outcome
        }
    }

    /// Blocks the cache keeps at most, beside those used by the build that writes it.
    static let cacheLimit = 200_000

    // MARK: HTML

    /// Pygments' (and Rouge's) markup: `<div class="highlight"><pre><code>` with the spans;
    /// line numbers as `<span class="linenos">`, marked lines as `<span class="hll">`.
    /// The `<pre>` takes focus, so a block wider than the page scrolls from the keyboard.
    static func html(_ block: CodeBlock, language: String, spans: String?) -> String {
        let name = HTMLEscaping.escape(language)
        let body = spans ?? HTMLEscaping.escape(block.code)
        let lines = block.lineNumbers || !block.markedLines.isEmpty ? numbered(body, block) : body
        guard spans != nil else {
            return "<pre tabindex=\"0\"><code class=\"language-\(name)\">\(lines)</code></pre>\n"
        }
        return "<div class=\"highlight\"><pre tabindex=\"0\"><code class=\"language-\(name)\" data-lang=\"\(name)\">\(lines)</code></pre></div>\n"
    }

    /// Each line (Pygments closes its spans at every line's end) with its number and mark.
    private static func numbered(_ body: String, _ block: CodeBlock) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let marked = Set(block.markedLines)
        let width = String(block.firstLine + max(0, lines.count - 1)).count
        var result = ""
        for (offset, line) in lines.enumerated() {
            var text = ""
            if block.lineNumbers {
                let number = String(block.firstLine + offset)
                text += "<span class=\"linenos\">" + String(repeating: " ", count: width - number.count) + number + "</span>"
            }
            text += line + "\n"
            result += marked.contains(offset + 1) ? "<span class=\"hll\">\(text)</span>" : text
        }
        return result
    }
}
