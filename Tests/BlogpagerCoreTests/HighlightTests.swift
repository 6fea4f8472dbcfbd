@testable import BlogpagerCore
import Foundation
import Synchronization
import TestSupport
import Testing

/// Code highlighting at build time: every fence and tag spelling of Jekyll, Hugo and Zola,
/// Pygments' classes in Pygments' markup, plain escaped code where the language is
/// unknown or Pygments is missing, and a cache that spares Pygments a block it has seen.
/// Runs the real Pygments: `BLOGPAGER_PYTHON` (as `make test` sets it), else `python3`.
struct HighlightTests {
    static let python = ProcessInfo.processInfo.environment["BLOGPAGER_PYTHON"]

    static func build(_ folder: TemporaryFolder, site: String = "site", output: String = "out", python: String? = Self.python,
                      sharedCache: String? = nil) async throws -> BuildJob.Outcome {
        // A blogpager site's config is named, so the one where the tests run is not taken.
        let config = folder.path + "/" + site + "/blogpager.yml"
        var job = BuildJob(contentFolder: folder.path + "/" + site, outputFolder: folder.path + "/" + output,
                           configPath: FileManager.default.fileExists(atPath: config) ? config : nil, program: .tests, in: .disk)
        job.highlightsCode = true
        job.python = python
        job.sharedHighlightCache = sharedCache.map { SharedHighlightCache(folder: folder.path + "/" + $0, in: .disk) }
        return try await job.run(now: Date())
    }

    static func page(_ folder: TemporaryFolder, _ path: String) throws -> String {
        let files = try folder.snapshot("out")
        // The site's files, not the records, so that a missing page shows what was made beside it.
        let made = files.keys.filter { !$0.hasPrefix(".blogpager/") }.sorted()
        return String(decoding: try #require(files[path], "\(path) is missing from \(made.prefix(40))"), as: UTF8.self)
    }

    /// The `<pre>` blocks of a page, in order.
    static func blocks(_ html: String) -> [String] {
        html.components(separatedBy: "<pre").dropFirst().map { "<pre" + $0.components(separatedBy: "</pre>")[0] + "</pre>" }
    }

    // MARK: Reading the options

    @Test func fenceOptionsAreReadAsEachToolWritesThem() {
        let hugo = CodeBlock(info: #"go {linenos=table,hl_lines=[2,"4-5"],linenostart=10}"#, code: "")
        #expect(hugo.language == "go" && hugo.lineNumbers && hugo.firstLine == 10 && hugo.markedLines == [2, 4, 5])
        let zola = CodeBlock(info: "rust,linenos,hl_lines=1 3-5 9", code: "")
        #expect(zola.language == "rust" && zola.lineNumbers && zola.markedLines == [1, 3, 4, 5, 9])
        let shortcode = CodeBlock(info: "go {linenos=table,hl_lines=8 15-17,linenostart=199}", code: "")
        #expect(shortcode.lineNumbers && shortcode.firstLine == 199 && shortcode.markedLines == [8, 15, 16, 17])
        let jekyll = CodeBlock(info: #"ruby {linenos,mark_lines="1 2"}"#, code: "")
        #expect(jekyll.language == "ruby" && jekyll.lineNumbers && jekyll.markedLines == [1, 2])
        let off = CodeBlock(info: "python {linenos=false}", code: "")
        #expect(off.language == "python" && !off.lineNumbers && off.markedLines.isEmpty)
        #expect(CodeBlock(info: "objective-c", code: "").language == "objective-c")
        #expect(CodeBlock(info: "  ", code: "").language == nil)
    }

    @Test func lineNumbersAndMarkedLinesWrapEachLine() {
        let block = CodeBlock(language: "txt", code: "a\nb\nc\n", lineNumbers: true, firstLine: 9, markedLines: [2])
        let html = CodeHighlighter.html(block, language: "txt", spans: "a\n<span class=\"k\">b</span>\nc\n")
        #expect(html == "<div class=\"highlight\"><pre tabindex=\"0\"><code class=\"language-txt\" data-lang=\"txt\">"
            + "<span class=\"linenos\"> 9</span>a\n<span class=\"hll\"><span class=\"linenos\">10</span><span class=\"k\">b</span>\n</span>"
            + "<span class=\"linenos\">11</span>c\n</code></pre></div>\n")
        let plain = CodeHighlighter.html(CodeBlock(language: "x\"y", code: "</pre><script>\n"), language: "x\"y", spans: nil)
        #expect(plain == "<pre tabindex=\"0\"><code class=\"language-x&quot;y\">&lt;/pre&gt;&lt;script&gt;\n</code></pre>\n")
    }

    /// The helper's framing carries bytes, not lines: code with line breaks, tabs, digits
    /// alone on a line, `-` and non-ASCII text, beside a language Pygments does not know.
    @Test func theHelperAnswersEveryBlockOfAnEntryInOrder() throws {
        let helper = try PygmentsHelper(python: Self.python)
        guard case .ready(_, let importPaths) = helper.greeting() else {
            Issue.record("Pygments did not start for \(Self.python ?? "python3")")
            return
        }
        // The folder the build runs in is not a place Python imports from (nor one the fingerprint watches).
        #expect(!importPaths.contains(FileManager.default.currentDirectoryPath), "\(importPaths)")
        let blocks = [
            CodeBlock(language: "python", code: "x = \"日本語\"\n-\n12\n\tpass\n"),
            CodeBlock(language: "no-such-language", code: "3\n-\n"),
            CodeBlock(language: "Swift", code: ""),
            CodeBlock(language: "json", code: "{\"a\": [1, 2]}"),
        ]
        for _ in 0..<2 {  // the helper stays in step for the next entry
            let answers = try #require(helper.spans(of: blocks))
            #expect(answers.count == 4)
            #expect(answers[0]?.contains("<span class=\"s2\">&quot;日本語&quot;</span>") == true)
            #expect(answers[0]?.contains("\n12\n") == false && answers[0]?.contains("<span class=\"mi\">12</span>") == true)
            #expect(answers[1] == nil)
            #expect(answers[2] == "")
            #expect(answers[3]?.contains("<span class=\"nt\">&quot;a&quot;</span>") == true)
        }
    }

    @Test func theHighlightCacheReadsBackWhatItWrote() throws {
        var cache = HighlightCache(highlighter: "pygments 9.9")
        let block = CodeBlock(language: "C", code: "int x;\n")
        cache.store("<span class=\"kt\">int</span> x;\n\\ and \t tab", for: cache.key(of: block))
        cache.store(nil, for: cache.key(of: CodeBlock(language: "nope", code: "?")))
        let read = try #require(HighlightCache(decoding: try cache.encoded()))
        #expect(read.highlighter == "pygments 9.9" && read.count == 2)
        #expect(read.lookup(read.key(of: block)) == .some("<span class=\"kt\">int</span> x;\n\\ and \t tab"))
        #expect(read.lookup(read.key(of: CodeBlock(language: "nope", code: "?"))) == .some(nil))
        #expect(read.key(of: CodeBlock(language: "c", code: "int x;\n")) == cache.key(of: block), "a language's case does not matter")
        #expect(HighlightCache(decoding: Array("blogpager highlight-cache 0 x\n".utf8)) == nil)
        var three = HighlightCache(highlighter: "pygments 9.9")
        for (index, spans) in ["a\nb", "", "ccc"].enumerated() { three.store(spans, for: "key\(index)") }
        let whole = try three.encoded()
        #expect(String(decoding: whole, as: UTF8.self) == """
            blogpager highlight-cache 3 pygments 9.9
            segment\t3\t4\t9
            key0\t1\t000000000000\t0000000003
            key1\t1\t000000000004\t0000000000
            key2\t1\t000000000005\t0000000003
            a
            b

            ccc

            """, "a table of keys, then the spans")
        // Cut short (a full disk, a kill before the rename of another writer's copy): a segment cut is not read.
        for cut in [1, 2, whole.count - 60] {
            let read = try #require(HighlightCache(decoding: Array(whole.dropLast(cut))))
            #expect(read.count == 0 && read.lookup("key0") == nil && read.recordEnd == 41, "cut by \(cut)")
        }
        #expect(HighlightCache(decoding: whole)?.lookup("key2") == .some("ccc"))
        // Read back and written again (blocks copied as they are, beside new ones): the same record.
        var grown = try #require(HighlightCache(decoding: whole))
        #expect(try grown.encoded() == whole)
        grown.store("dd", for: "key3")
        var four = three
        four.store("dd", for: "key3")
        #expect(try grown.encoded() == four.encoded() && grown.count == 4)
        // Appended: only what the record lacks, and of a key written twice the later block is read.
        var newer = HighlightCache(highlighter: "pygments 9.9")
        newer.store("a\nb", for: "key0")
        newer.store("eee", for: "key4")
        let wholeRead = try #require(HighlightCache(decoding: whole))
        #expect(wholeRead.blocks(missingFrom: three).count == 0, "a cache read back has nothing of its own to append")
        let added = newer.blocks(missingFrom: wholeRead)
        #expect(added.count == 1)
        let appended = try #require(HighlightCache(decoding: whole + added.bytes))
        #expect(appended.count == 4 && appended.lookup("key4") == .some("eee") && appended.recordEnd == whole.count + added.bytes.count)
        #expect(appended.lookup("key0") == .some("a\nb") && appended.lookup("key3") == nil && appended.takesAppends)
        // An appended segment cut short is not read: the record ends where it starts, and the blocks before it stay.
        for cut in [1, added.bytes.count - 1] {
            let read = try #require(HighlightCache(decoding: whole + added.bytes.dropLast(cut)))
            #expect(read.count == 3 && read.lookup("key4") == nil && read.lookup("key2") == .some("ccc") && read.recordEnd == whole.count)
        }
        var again = HighlightCache(highlighter: "pygments 9.9")
        again.store("changed", for: "key2")
        let twice = try #require(HighlightCache(decoding: whole + again.blocks(missingFrom: HighlightCache(highlighter: "pygments 9.9")).bytes))
        #expect(twice.lookup("key2") == .some("changed") && twice.lookup("key1") == .some(""))
        // Written anew: one segment, each key once, the later block kept.
        let compacted = try #require(HighlightCache(decoding: try twice.encoded()))
        #expect(compacted.count == 3 && compacted.lookup("key2") == .some("changed") && compacted.lookup("key0") == .some("a\nb"))
        // Past the most segments a record takes, it is written anew rather than appended to.
        var many = whole
        for index in 0..<40 {
            var one = HighlightCache(highlighter: "pygments 9.9")
            one.store("s\(index)", for: "more\(index)")
            many += one.blocks(missingFrom: HighlightCache(highlighter: "pygments 9.9")).bytes
        }
        let manyRead = try #require(HighlightCache(decoding: many))
        #expect(manyRead.count == 43 && manyRead.lookup("more39") == .some("s39") && manyRead.lookup("more0") == .some("s0"))
        #expect(!manyRead.takesAppends)
        // A cache sharing a record takes its blocks without a copy, and writes them as they were.
        var sharing = wholeRead.sharingRecord()
        #expect(sharing.count == 0 && sharing.take("key1", from: wholeRead) && sharing.take("key2", from: wholeRead))
        #expect(!sharing.take("key9", from: wholeRead) && !sharing.take("key0", from: appended), "a block it lacks, or of another record")
        #expect(sharing.count == 2 && sharing.lookup("key1") == .some("") && sharing.lookup("key2") == .some("ccc") && sharing.lookup("key0") == nil)
        var two = HighlightCache(highlighter: "pygments 9.9")
        two.store("", for: "key1")
        two.store("ccc", for: "key2")
        #expect(try sharing.encoded() == two.encoded())
    }

    /// A rebuild keeps the blocks of entries it did not render, up to a bound, from the last
    /// record's tables a key at a time: the latest segment's first, a key in two segments once
    /// (its later block), and none past the bound, whether the blocks are taken from a record
    /// both share or copied from another.
    @Test func keptBlocksComeFromTheLatestSegmentFirstUpToTheBound() throws {
        var first = HighlightCache(highlighter: "pygments 9.9")
        for (index, spans) in ["a\nb", "", "ccc"].enumerated() { first.store(spans, for: "key\(index)") }
        let whole = try first.encoded()
        var newer = HighlightCache(highlighter: "pygments 9.9")
        newer.store("changed", for: "key2")
        newer.store("eee", for: "key4")
        let record = try #require(HighlightCache(decoding: whole + newer.blocks(missingFrom: HighlightCache(highlighter: "pygments 9.9")).bytes))
        #expect(record.count == 5, "two segments: three blocks, then two")
        for sharing in [true, false] {
            var three = sharing ? record.sharingRecord() : HighlightCache(highlighter: "pygments 9.9")
            three.keep(record, upTo: 3)
            #expect(three.count == 3 && three.lookup("key4") == .some("eee") && three.lookup("key2") == .some("changed"))
            #expect(three.lookup("key0") == .some("a\nb") && three.lookup("key1") == nil, "sharing: \(sharing)")
            var all = sharing ? record.sharingRecord() : HighlightCache(highlighter: "pygments 9.9")
            all.keep(record, upTo: 100)
            var expected = HighlightCache(highlighter: "pygments 9.9")
            for (key, spans) in [("key0", "a\nb"), ("key1", ""), ("key2", "changed"), ("key4", "eee")] { expected.store(spans, for: key) }
            #expect(try all.count == 4 && all.encoded() == expected.encoded(), "sharing: \(sharing)")
        }
        // What this build holds counts toward the bound, and is not taken again.
        var own = record.sharingRecord()
        own.store("mine", for: "key4")
        own.keep(record, upTo: 2)
        #expect(own.count == 2 && own.lookup("key4") == .some("mine") && own.lookup("key2") == .some("changed"))
        // Spans written in the order a build spilled them (not the keys'): the blocks kept are
        // the first whose spans lie in the record, a run of it, whatever their keys.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var spilled = HighlightCache(highlighter: "pygments 9.9", spillFolder: folder.path)
        for key in ["keyC", "keyA", "keyD", "keyB"] { spilled.store("spans of \(key)", for: key) }
        let inSpillOrder = try #require(HighlightCache(decoding: try spilled.encoded()))
        for sharing in [true, false] {
            var two = sharing ? inSpillOrder.sharingRecord() : HighlightCache(highlighter: "pygments 9.9")
            two.keep(inSpillOrder, upTo: 2)
            #expect(two.count == 2 && two.lookup("keyC") == .some("spans of keyC") && two.lookup("keyA") == .some("spans of keyA"),
                    "sharing: \(sharing)")
            #expect(two.lookup("keyB") == nil && two.lookup("keyD") == nil)
        }
    }

    /// A segment is read only when its line is well formed and all of it is there; one that is not
    /// ends the record there, and the segments before it stay. A table line that is not well formed
    /// is a block the record lacks (it is highlighted again), not a wrong one.
    @Test func aSegmentThatIsNotWellFormedEndsTheRecordThere() throws {
        var one = HighlightCache(highlighter: "pygments 9.9")
        one.store("aa", for: "key0")
        let whole = try one.encoded()
        let line = { (key: String, kind: String, offset: String, length: String) in "\(key)\t\(kind)\t\(offset)\t\(length)\n" }
        let good = line("key1", "1", "000000000000", "0000000002")
        for damaged in ["segmen\t1\t4\t3\n" + good + "bb\n", "segment\t1\t4\n" + good + "bb\n", "segment\tx\t4\t3\n" + good + "bb\n",
                        "segment\t1\t0\t3\n" + good + "bb\n", "segment\t1\t4\t-3\n" + good + "bb\n", "segment\t2\t4\t3\n" + good + "bb\n",
                        "segment\t1\t4\t4\n" + good + "bb\n", "segment\t1\t4\t3\n" + good + "bbb", "segment\t1\t5\t3\n" + good + "bb\n",
                        "segment\t1\t4\t3\n" + line("key1", "2", "000000000000", "0000000002") + "bb\n",
                        "segment\t1\t4\t3\n" + line("key1", "1", "000000000000", "0000000003") + "bb\n",
                        "segment\t1\t4\t3\n" + line("key1", "1", "00000000000x", "0000000002") + "bb\n",
                        "segment\t1\t4\t3\n" + line("key1", "1", "000000000000", "000000002") + "bb\n"] {
            let read = try #require(HighlightCache(decoding: whole + Array(damaged.utf8)))
            #expect(read.count == 1 && read.lookup("key0") == .some("aa") && read.lookup("key1") == nil && read.recordEnd == whole.count, "\(damaged)")
        }
        let appended = "segment\t3\t4\t6\n" + good + line("key2", "0", "000000000000", "0000000000") + line("key3", "1", "000000000003", "0000000002") + "bb\ncc\n"
        let read = try #require(HighlightCache(decoding: whole + Array(appended.utf8)))
        #expect(read.count == 4 && read.lookup("key1") == .some("bb") && read.lookup("key2") == .some(nil) && read.lookup("key3") == .some("cc"))
        #expect(read.recordEnd == whole.count + appended.utf8.count)
        // A line in the middle of a table that is not well formed, or whose spans lie past the segment's end:
        // that block alone is missing (highlighted again).
        for damagedLine in [line("key2", "1", "00000000000?", "0000000000"), line("key2", "1", "000000000009", "0000000000")] {
            let middle = "segment\t3\t4\t6\n" + good + damagedLine + line("key3", "1", "000000000003", "0000000002") + "bb\ncc\n"
            let withMiddle = try #require(HighlightCache(decoding: whole + Array(middle.utf8)))
            #expect(withMiddle.lookup("key1") == .some("bb") && withMiddle.lookup("key2") == nil && withMiddle.lookup("key3") == .some("cc"))
            #expect(try #require(HighlightCache(decoding: try withMiddle.encoded())).count == 3, "written anew without it")
        }
    }

    /// A record written by an earlier version (one block after another, each key beside its spans)
    /// is read, so its code is not highlighted again; it takes no appended segment, and is written anew.
    @Test func aRecordOfTheFormerFormatIsReadAndWrittenAnew() throws {
        let former = Array("blogpager highlight-cache 2 pygments 9.9\nkey0\t1\t3\na\nb\nkey1\t0\nkey2\t1\t3\ncccCUT".utf8)
        let read = try #require(HighlightCache(decoding: former))
        #expect(read.highlighter == "pygments 9.9" && read.count == 2 && read.lookup("key0") == .some("a\nb") && read.lookup("key1") == .some(nil))
        #expect(read.lookup("key2") == nil && !read.takesAppends)
        var expected = HighlightCache(highlighter: "pygments 9.9")
        expected.store("a\nb", for: "key0")
        expected.store(nil, for: "key1")
        #expect(try read.encoded() == expected.encoded())
        var sharing = read.sharingRecord()
        #expect(sharing.take("key0", from: read) && sharing.take("key1", from: read))
        #expect(try sharing.encoded() == expected.encoded())
    }

    /// The last build's record is mapped from its file: the same blocks as read into memory, and
    /// still read right once the build has extended the file past them (`StateFolder.extend`).
    @Test func aMappedRecordReadsAsOneReadIntoMemory() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var cache = HighlightCache(highlighter: "pygments 9.9")
        for index in 0..<50 { cache.store(index % 7 == 0 ? nil : String(repeating: "<span>\(index)</span>\n", count: index * 40), for: "key\(index)") }
        let whole = try cache.encoded()
        let state = StateFolder(output: OutputFolder(folder.path, in: .disk))
        try state.replace(.highlightCache, with: whole)
        let mapped = try #require(state.map(.highlightCache).flatMap { HighlightCache(decoding: $0) })
        let read = try #require(HighlightCache(decoding: whole))
        #expect(mapped.count == 50 && mapped.recordEnd == whole.count)
        for index in 0..<50 { #expect(mapped.lookup("key\(index)") == read.lookup("key\(index)")) }
        #expect(try mapped.encoded() == whole)
        var sharing = mapped.sharingRecord()
        #expect(sharing.take("key3", from: mapped) && !sharing.take("key3", from: read), "the one record it shares")
        var grown = HighlightCache(highlighter: "pygments 9.9")
        grown.store("new", for: "key99")
        try state.extend(.highlightCache, at: mapped.recordEnd, with: grown.blocks(missingFrom: mapped).bytes)
        #expect(mapped.lookup("key49") == read.lookup("key49") && sharing.lookup("key3") == read.lookup("key3"))
        #expect(state.map(.highlightCache).flatMap { HighlightCache(decoding: $0) }?.lookup("key99") == .some("new"))
        // Nothing there, or nothing in it: nothing mapped.
        state.remove(.highlightCache)
        #expect(state.map(.highlightCache) == nil)
        try state.replace(.highlightCache, with: [])
        #expect(state.map(.highlightCache) == nil)
    }

    /// A build's new spans wait in a spill file for the record: the same lookups and the same
    /// record as in memory, blocks taken between caches of one spill without a copy, and the
    /// record written in runs is the record written whole.
    @Test func spansInASpillFileGiveTheSameRecordAsInMemory() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spans = ["a\nb", "", "日本語 <span class=\"s\">✓</span>", String(repeating: "<span class=\"k\">let</span> x\n", count: 60_000),
                     String(repeating: "<span class=\"n\">y</span>\n", count: 50_000)]
        var inMemory = HighlightCache(highlighter: "pygments 9.9")
        var spilled = HighlightCache(highlighter: "pygments 9.9", spillFolder: folder.path)
        for cache in [0, 1] {
            for (index, text) in spans.enumerated() {
                if cache == 0 { inMemory.store(text, for: "key\(index)") } else { spilled.store(text, for: "key\(index)") }
            }
        }
        inMemory.store(nil, for: "unknown")
        spilled.store(nil, for: "unknown")
        #expect(try folder.snapshot("").isEmpty, "the spill file is unlinked at once")
        #expect(spilled.count == 6 && spilled.lookup("key2") == .some(spans[2]) && spilled.lookup("unknown") == .some(nil))
        #expect(spilled.lookup("key9") == nil)
        let whole = try inMemory.encoded()
        #expect(try spilled.encoded() == whole)
        var runs: [Int] = []
        var written: [UInt8] = []
        try spilled.encode { run in
            runs.append(run.count)
            written += run
        }
        #expect(written == whole && runs.count == 2, "about a megabyte a run: \(runs)")
        // Stored over: the later spans are read, and the record has the key once. Its spans follow
        // in the order they lie in the spill (the later key1 last), so the record is read front to back.
        spilled.store("changed", for: "key1")
        inMemory.store("changed", for: "key1")
        #expect(spilled.lookup("key1") == .some("changed"))
        let keys = (0..<9).map { "key\($0)" } + ["unknown"]
        let changed = try spilled.encoded()
        #expect(try changed.count == inMemory.encoded().count && changed != inMemory.encoded())
        #expect(try Self.blocks(of: changed, keys: keys) == Self.blocks(of: inMemory.encoded(), keys: keys))
        #expect(changed.suffix(Array("\nchanged\n".utf8).count).elementsEqual("\nchanged\n".utf8))
        // Kept by a copy holding the same spill (the user's cache beside the output's): no copy of the spans.
        var shared = HighlightCache(highlighter: "pygments 9.9")
        shared.store("other", for: "key7")
        var both = spilled
        both.keep(shared, upTo: 100)
        var bothInMemory = inMemory
        bothInMemory.keep(shared, upTo: 100)
        #expect(try both.count == 7 && Self.blocks(of: both.encoded(), keys: keys) == Self.blocks(of: bothInMemory.encoded(), keys: keys))
        var fromSpill = HighlightCache(highlighter: "pygments 9.9", spillFolder: folder.path)
        fromSpill.keep(spilled, upTo: 3)
        #expect(try fromSpill.count == 3 && fromSpill.encoded().count > 0)
        // What a rebuild appends comes from the spill as from memory.
        let read = try #require(HighlightCache(decoding: Array(whole)))
        var rebuilt = read.sharingRecord(spillFolder: folder.path)
        rebuilt.store("new", for: "key8")
        #expect(rebuilt.blocks(missingFrom: read).bytes == Array("segment\t1\t4\t4\nkey8\t1\t000000000000\t0000000003\nnew\n".utf8))
    }

    /// What a record gives for each of `keys` (nil: it lacks the key; `.some(nil)`: the language is unknown).
    static func blocks(of record: [UInt8], keys: [String]) throws -> [String: String??] {
        let read = try #require(HighlightCache(decoding: record))
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, read.lookup($0)) })
    }

    // MARK: With Pygments

    @Test func everySpellingIsHighlightedWithPygmentsClasses() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: Code\n")
        try folder.write("site/_posts/2024-01-02-code.md", """
            ---
            title: Code
            ---
            Fences:

            ```swift
            let answer = 42 // the answer
            ```

            ```rust,linenos,hl_lines=2
            fn main() {
                println!("hi");
            }
            ```

            ```python {linenos=true,linenostart=7}
            def f():
                return "</pre><script>alert(1)</script>"
            ```

            ```nosuchlanguage
            </pre><script>alert(2)</script>
            ```

            ```
            no language <b>
            ```

            {% highlight ruby linenos %}
            puts "hello"
            {% endhighlight %}
            """)
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.warnings.allSatisfy { !$0.message.contains("highlight") }, "\(outcome.summary.warnings)")
        let blocks = Self.blocks(try Self.page(folder, "2024/01/02/code.html"))
        try #require(blocks.count == 6)
        #expect(blocks[0].hasPrefix("<pre tabindex=\"0\"><code class=\"language-swift\" data-lang=\"swift\">"))
        #expect(blocks[0].contains("<span class=\"kd\">let</span>") && blocks[0].contains("<span class=\"mi\">42</span>")
            && blocks[0].contains("<span class=\"c1\">// the answer</span>"))
        #expect(blocks[1].contains("<span class=\"linenos\">1</span><span class=\"k\">fn</span>"))
        #expect(blocks[1].contains("<span class=\"hll\"><span class=\"linenos\">2</span>"))
        #expect(blocks[2].contains("<span class=\"linenos\">7</span><span class=\"k\">def</span>") && blocks[2].contains("<span class=\"linenos\">8</span>"))
        #expect(blocks[2].contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;") && !blocks[2].contains("<script"))
        #expect(blocks[3] == "<pre tabindex=\"0\"><code class=\"language-nosuchlanguage\">&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;\n</code></pre>")
        #expect(blocks[4] == "<pre><code>no language &lt;b&gt;\n</code></pre>")
        #expect(blocks[5].contains("<span class=\"nb\">puts</span>") && blocks[5].contains("<span class=\"linenos\">1</span>"))
        let code = try #require(outcome.summary.codeBlocks)
        #expect(code.blocks == 5 && code.highlighted == 5 && code.fromCache == 0)
    }

    @Test func hugosHighlightShortcodeAndFenceAttributes() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "title = 'Code'\nbaseURL = 'https://code.example.org/'\n")
        try folder.write("site/content/posts/go.md", """
            +++
            title = 'Go'
            date = 2024-03-01T10:00:00Z
            +++
            {{< highlight go "linenos=table,hl_lines=2,linenostart=199" >}}
            package main
            func main() {}
            {{< /highlight >}}

            ```go {hl_lines=[1]}
            var x = 1
            ```
            """)
        _ = try await Self.build(folder)
        let blocks = Self.blocks(try Self.page(folder, "posts/go/index.html"))
        try #require(blocks.count == 2)
        #expect(blocks[0].contains("<span class=\"linenos\">199</span><span class=\"kn\">package</span>"))
        #expect(blocks[0].contains("<span class=\"hll\"><span class=\"linenos\">200</span><span class=\"kd\">func</span>"))
        #expect(blocks[1].contains("<span class=\"hll\"><span class=\"kd\">var</span>") && !blocks[1].contains("linenos"))
    }

    @Test func aBlockSeenBeforeComesFromTheCache() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let body = "```python\nprint('kept')\n```\n\n```c\nint main(void) { return 0; }\n```\n"
        try folder.write("site/blogpager.yml", "title: Cache\npage_size: 2\n")
        // Entries a rebuild of the oldest one does not render: its cache is added to, not written anew.
        for day in 1...10 { try folder.write("site/posts/plain-\(day).md", "---\ntitle: Plain \(day)\ndate: 2024-02-\(day < 10 ? "0" : "")\(day)\n---\nText.\n") }
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2024-01-01\n---\nFirst.\n\n" + body)
        let first = try await Self.build(folder)
        let keys = try folder.snapshot("out").keys.sorted()
        #expect(first.summary.codeBlocks?.highlighted == 2, "\(keys)")
        let record = folder.path + "/out/.blogpager/highlight-cache"
        let firstRecord = try #require(FileManager.default.contents(atPath: record))
        // The text around the code changes: the entry is rendered again, its code is not highlighted again.
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2024-01-01\n---\nFirst, edited.\n\n" + body + "\n```python\nprint('new')\n```\n")
        let second = try await Self.build(folder)
        let code = try #require(second.summary.codeBlocks)
        #expect(code.blocks == 3 && code.fromCache == 2 && code.highlighted == 1)
        #expect(try Self.page(folder, "posts/a/index.html").contains("<span class=\"s1\">&#39;new&#39;</span>")
            || (try Self.page(folder, "posts/a/index.html")).contains("<span class=\"s1\">'new'</span>"))
        // The new block is added at the end of the record, not the record written again.
        let secondRecord = try #require(FileManager.default.contents(atPath: record))
        #expect(secondRecord.count > firstRecord.count && secondRecord.starts(with: firstRecord))
        // A write cut short (a kill during the append): the cut block is highlighted again and written in its place.
        try secondRecord.dropLast(3).write(to: URL(fileURLWithPath: record))
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2024-01-01\n---\nFirst, edited twice.\n\n" + body
            + "\n```python\nprint('new')\n```\n\n```python\nprint('third')\n```\n")
        let thirdBuild = try await Self.build(folder)
        let third = try #require(thirdBuild.summary.codeBlocks)
        #expect(third.blocks == 4 && third.fromCache == 2 && third.highlighted == 2)
        let thirdBytes = try #require(FileManager.default.contents(atPath: record))
        let thirdRecord = try #require(HighlightCache(decoding: Array(thirdBytes)))
        #expect(thirdRecord.count == 4)
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2024-01-01\n---\nFirst, edited thrice.\n\n" + body
            + "\n```python\nprint('new')\n```\n\n```python\nprint('third')\n```\n")
        #expect(try await Self.build(folder).summary.codeBlocks?.fromCache == 4)
    }

    /// The next batch's code is highlighted ahead only where the build runs a helper for every
    /// core (two cores or fewer), and only once code has missed the caches.
    @Test func codeIsHighlightedAheadOnlyWhereEveryCoreHasAHelper() {
        #expect([1, 2, 3, 4, 16, 64].map { CodeHighlighter.aheadLaneLimit(cores: $0) } == [1, 1, 0, 0, 0, 0])
        for (most, lanes) in [(nil, 2), (0, 0)] as [(Int?, Int)] {
            let highlighter = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 3, mostAheadLanes: most)
            #expect(highlighter.aheadLanes == 0)
            #expect(highlighter.html(for: [CodeBlock(language: "python", code: "print(1)\n")])[0]?.contains("highlight") == true)
            #expect(highlighter.aheadLanes == lanes)
            _ = highlighter.finish(keepingOthers: true)
            highlighter.waitForHelpersToExit()
        }
    }

    /// A build runs half as many helpers as cores (two at least, never more than the cores):
    /// workers beyond that wait for one to be given back, and every block is still highlighted.
    @Test func moreWorkersThanHelpersEachGetOneInTurn() async throws {
        #expect([1, 2, 3, 4, 16, 64].map { CodeHighlighter.helperLimit(cores: $0) } == [1, 2, 2, 2, 8, 32])
        let highlighter = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 2)
        #expect(highlighter.identity().hasPrefix("pygments "))
        let pages = await withTaskGroup(of: [String?].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    (0..<5).flatMap { entry in
                        highlighter.html(for: [CodeBlock(language: "python", code: "print(\(worker * 10 + entry))\n")])
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(pages.count == 40)
        #expect(pages.allSatisfy { $0?.contains("<span class=\"nb\">print</span>") == true })
        let outcome = highlighter.finish(keepingOthers: true)
        #expect(outcome.highlighted == 40 && outcome.problem == nil)
    }

    /// Code highlighted ahead (`HighlightAhead`) is in the cache when a worker asks for it: the
    /// worker needs no helper (they are killed here first), gets what Python would have given,
    /// and the block counts as highlighted then, once, not as found in the cache.
    @Test func codeHighlightedAheadNeedsNoHelperWhenAWorkerAsks() throws {
        let blocks = (0..<24).map { CodeBlock(language: "python", code: "print(\($0))\n") }
        let highlighter = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 2)
        try #require(highlighter.identity().hasPrefix("pygments "))
        let ahead = HighlightAhead(count: blocks.count, lanes: 2, highlighter: highlighter) { [blocks[$0], CodeBlock(language: nil, code: "x\n")] }
        ahead.wait()
        for process in highlighter.helperProcessIdentifiers { kill(process, SIGKILL) }
        let pages = highlighter.html(for: blocks)
        let outcome = highlighter.finish(keepingOthers: true)
        highlighter.waitForHelpersToExit()
        #expect(outcome.problem == nil)
        #expect(outcome.blocks == 24 && outcome.highlighted == 24 && outcome.fromCache == 0)
        let withoutAhead = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 2)
        #expect(withoutAhead.html(for: blocks) == pages)
        #expect(pages.allSatisfy { $0?.contains("<span class=\"nb\">print</span>") == true })
        _ = withoutAhead.finish(keepingOthers: true)
        withoutAhead.waitForHelpersToExit()
    }

    /// A clean build of more entries than one batch highlights the next batch's code ahead: each
    /// block is counted as highlighted once, as a build without it counts them, and highlighted.
    @Test func aLargeCleanBuildHighlightsTheNextBatchAhead() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let count = SiteRenderer.entriesPerBatch + 88
        for index in 0..<count {
            try folder.write("site/posts/p\(index).md", """
                ---
                title: Post \(index)
                date: 2024-01-01T00:00:00Z
                slug: p\(index)
                ---
                Intro.

                ```python
                print(\(index))
                ```

                <!--more-->

                ```swift
                let x = \(index)
                ```
                """)
        }
        let outcome = try await Self.build(folder)
        let code = try #require(outcome.summary.codeBlocks)
        // The teaser (before `<!--more-->`) is rendered too: its block comes from the cache.
        #expect(code.blocks == 3 * count && code.highlighted == 2 * count && code.fromCache == count)
        let page = try Self.page(folder, "2024/01/01/p3/index.html")
        #expect(page.contains("<span class=\"nb\">print</span><span class=\"p\">(</span><span class=\"mi\">3</span>"))
        #expect(page.contains("<span class=\"kd\">let</span>"))
    }

    /// The helpers end with the build: each has exited and been waited for when it returns
    /// (no Python outlives it, and their CPU time is in the build's account).
    @Test func theHelpersHaveExitedWhenTheBuildEnds() throws {
        let highlighter = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 2)
        #expect(highlighter.html(for: [CodeBlock(language: "python", code: "print(1)\n")])[0]?.contains("highlight") == true)
        let processes = highlighter.helperProcessIdentifiers
        try #require(!processes.isEmpty)
        #expect(processes.allSatisfy { kill($0, 0) == 0 })
        _ = highlighter.finish(keepingOthers: true)
        let started = ContinuousClock.now
        highlighter.waitForHelpersToExit()
        #expect(ContinuousClock.now - started < .seconds(3))
        // Reaped, not only ended: a zombie still answers kill(pid, 0).
        for process in processes { #expect(kill(process, 0) == -1 && errno == ESRCH) }
        #expect(highlighter.helperProcessIdentifiers.isEmpty)
    }

    /// A build that reads many entries with new code starts every helper it may run before it
    /// renders, beside the reading; one whose entries have no code starts none beyond the first.
    @Test func manyEntriesWithNewCodeStartEveryHelperAhead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func sources(_ prefix: String, code: Bool) throws -> [SourceFile] {
            try (0..<40).map { index in
                let name = "\(prefix)\(index).md"
                try folder.write(name, "---\ntitle: T\n---\n" + (code ? "```python\nprint(\(index))\n```\n" : "Words.\n"))
                return SourceFile(displayPath: name, relativePath: name, filePath: folder.path + "/" + name, identity: "", in: .disk)
            }
        }
        func helpersAfterPreparing(_ sources: [SourceFile]) throws -> Int {
            let highlighter = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 3)
            try #require(highlighter.identity().hasPrefix("pygments "))
            highlighter.prepare(for: sources)
            // `finish` waits for those starting ahead; the processes it lets go are counted.
            _ = highlighter.finish(keepingOthers: true)
            defer { highlighter.waitForHelpersToExit() }
            return highlighter.helperProcessIdentifiers.count
        }
        #expect(try helpersAfterPreparing(sources("code", code: true)) == 3)
        #expect(try helpersAfterPreparing(sources("words", code: false)) == 1)
        // A new output whose code the user's cache holds: no more than the one a fence past
        // those looked inside may call for.
        let code = try sources("cached", code: true)
        let shared = SharedHighlightCache(folder: folder.path + "/user-cache", in: .disk)
        let first = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 3)
        try #require(first.identity().hasPrefix("pygments "))
        _ = first.html(for: (0..<40).map { CodeBlock(language: "python", code: "print(\($0))\n") })
        _ = shared.write(try #require(first.finish(keepingOthers: false).cache.flatMap { change -> HighlightCache? in
            if case .replace(let cache) = change { return cache } else { return nil }
        }))
        first.waitForHelpersToExit()
        let fromUsersCache = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 3, sharedCache: shared)
        try #require(fromUsersCache.identity().hasPrefix("pygments "))
        fromUsersCache.prepare(for: code)
        _ = fromUsersCache.finish(keepingOthers: true)
        #expect(fromUsersCache.helperProcessIdentifiers.count == 2)
        fromUsersCache.waitForHelpersToExit()
    }

    /// A Python (its path) that runs `first`, a shell line, then waits until a file `go` is in
    /// `folder` (ten seconds at most, noted as `waited-out`) before it runs the real one.
    static func pythonWaitingToBeLetGo(in folder: TemporaryFolder, first: String) throws -> String {
        try folder.write("slow-python", """
            #!/bin/sh
            \(first)
            tries=0
            while [ ! -e '\(folder.path)/go' ]; do
                tries=$((tries + 1))
                if [ $tries -gt 1000 ]; then touch '\(folder.path)/waited-out'; break; fi
                sleep 0.01
            done
            exec '\(python ?? "python3")' "$@"
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path + "/slow-python")
        return folder.path + "/slow-python"
    }

    /// 40 sources, more than `prepare` looks inside, each with a block of Python.
    static func sourcesWithCode(in folder: TemporaryFolder) throws -> [SourceFile] {
        try (0..<40).map { index in
            let name = "code\(index).md"
            try folder.write(name, "---\ntitle: T\n---\n```python\nprint(\(index))\n```\n")
            return SourceFile(displayPath: name, relativePath: name, filePath: folder.path + "/" + name, identity: "", in: .disk)
        }
    }

    /// A build reads its entries while Python starts: `prepare` returns while the first helper is
    /// still greeting (under the lock), and the helpers it starts are counted as before.
    @Test func preparingDoesNotWaitForPythonToGreet() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A Python that says it has started, then waits to be let go.
        let python = try Self.pythonWaitingToBeLetGo(in: folder, first: "touch '\(folder.path)/started'")
        let sources = try Self.sourcesWithCode(in: folder)
        let highlighter = CodeHighlighter(files: .disk, python: python, maximumHelpers: 3)
        let identity = Mutex<String?>(nil)
        let greeted = DispatchGroup()
        greeted.enter()
        DispatchQueue.global().async {
            identity.withLock { $0 = highlighter.identity() }
            greeted.leave()
        }
        // The first helper has started, and holds the lock until it greets.
        var waited = 0
        while !FileManager.default.fileExists(atPath: folder.path + "/started"), waited < 1000 {
            usleep(10_000)
            waited += 1
        }
        highlighter.prepare(for: sources)
        try folder.write("go", "")
        greeted.wait()
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/waited-out"))
        try #require(identity.withLock { $0 }?.hasPrefix("pygments ") == true)
        _ = highlighter.finish(keepingOthers: true)
        defer { highlighter.waitForHelpersToExit() }
        #expect(highlighter.helperProcessIdentifiers.count == 3)
    }

    /// A build whose Python has to start to say its version, with many sources of code, launches
    /// every helper at once rather than the others after the first has greeted: all of them are
    /// launched while the first still waits, and each is then taken and highlights.
    @Test func aColdBuildLaunchesEveryHelperBeforeTheFirstGreets() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A Python that notes its launch, then waits to be let go.
        let python = try Self.pythonWaitingToBeLetGo(in: folder, first: "echo launched >> '\(folder.path)/launches'")
        let sources = try Self.sourcesWithCode(in: folder)
        let highlighter = CodeHighlighter(files: .disk, python: python, maximumHelpers: 3)
        highlighter.prepare(for: sources)
        let launches = { (try? String(contentsOfFile: folder.path + "/launches", encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        var waited = 0
        while launches() < 3, waited < 500 {
            usleep(10_000)
            waited += 1
        }
        #expect(launches() == 3)
        try folder.write("go", "")
        let html = highlighter.html(for: [CodeBlock(language: "python", code: "print(1)\n")])
        #expect(html[0]?.contains("class=\"highlight\"") == true)
        _ = highlighter.finish(keepingOthers: true)
        let helpers = highlighter.helperProcessIdentifiers
        #expect(helpers.count == 3)
        highlighter.waitForHelpersToExit()
        #expect(helpers.allSatisfy { kill($0, 0) != 0 })
        #expect(launches() == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/waited-out"))
    }

    /// The last build's cache (megabytes at 10,000 entries) is read at the first block that needs it:
    /// a rebuild whose changed entries have no code leaves it unread, and the record as it was.
    @Test func theLastBuildsCacheIsReadOnlyWhenABlockNeedsIt() throws {
        let reads = Mutex(0)
        let highlighter = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 1, previousCache: {
            reads.withLock { $0 += 1 }
            return nil
        })
        #expect(highlighter.identity().hasPrefix("pygments "))
        #expect(highlighter.html(for: [CodeBlock(language: nil, code: "no language\n")]) == [nil])
        #expect(reads.withLock { $0 } == 0)
        #expect(highlighter.html(for: [CodeBlock(language: "python", code: "print(1)\n")])[0]?.contains("class=\"highlight\"") == true)
        #expect(reads.withLock { $0 } == 1)
        _ = highlighter.html(for: [CodeBlock(language: "python", code: "print(2)\n")])
        #expect(reads.withLock { $0 } == 1)
        #expect(highlighter.finish(keepingOthers: true).highlighted == 2)

        // A rebuild that met no code changes nothing; one that rendered every body still writes what it used: nothing.
        let untouched = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 1, previousCache: { reads.withLock { $0 += 1 }; return nil })
        _ = untouched.identity()
        #expect(untouched.finish(keepingOthers: true).cache == nil)
        #expect(reads.withLock { $0 } == 1)
        let full = CodeHighlighter(files: .disk, python: Self.python, maximumHelpers: 1, previousCache: { reads.withLock { $0 += 1 }; return nil })
        _ = full.identity()
        #expect(full.finish(keepingOthers: false).cache != nil)
        #expect(reads.withLock { $0 } == 2)
    }

    /// A build into a new output folder takes what any earlier build highlighted from the
    /// user's cache, with the same pages; a cache of another highlighter, or not a cache, is passed by.
    @Test func aNewOutputFolderTakesItsCodeFromTheUsersCache() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/blogpager.yml", "title: Shared\n")
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2024-01-01\n---\n```python\nprint('shared')\n```\n\n```nosuchlanguage\nx\n```\n")
        let first = try await Self.build(folder, output: "first", sharedCache: "cache")
        #expect(first.summary.codeBlocks?.highlighted == 2)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/cache/highlight-cache"))
        let second = try await Self.build(folder, output: "second", sharedCache: "cache")
        let code = try #require(second.summary.codeBlocks)
        #expect(code.blocks == 2 && code.fromCache == 2 && code.highlighted == 0)
        let firstFiles = try folder.snapshot("first").filter { !$0.key.hasPrefix(".blogpager/") }
        let secondFiles = try folder.snapshot("second").filter { !$0.key.hasPrefix(".blogpager/") }
        #expect(firstFiles == secondFiles)
        // Another build adds its blocks beside those there.
        try folder.write("other/blogpager.yml", "title: Other\n")
        try folder.write("other/posts/b.md", "---\ntitle: B\ndate: 2024-01-02\n---\n```c\nint b;\n```\n")
        #expect(try await Self.build(folder, site: "other", output: "third", sharedCache: "cache").summary.codeBlocks?.highlighted == 1)
        #expect(try await Self.build(folder, output: "fourth", sharedCache: "cache").summary.codeBlocks?.fromCache == 2)
        // Not a cache (a cut file, another tool's): highlighted again, and a whole one written.
        try folder.write("cache/highlight-cache", "garbage\n")
        #expect(try await Self.build(folder, output: "fifth", sharedCache: "cache").summary.codeBlocks?.highlighted == 2)
        #expect(try await Self.build(folder, output: "sixth", sharedCache: "cache").summary.codeBlocks?.fromCache == 2)
        // The spans, and the fingerprint of the Python that made them: nothing half-written beside them.
        #expect(Set(try folder.snapshot("cache").keys).isSubset(of: ["highlight-cache", "python"]))
        #expect(try folder.snapshot("cache").keys.contains("highlight-cache"))
        // A rebuild of an output with its own cache leaves the user's alone: its new blocks are new.
        let before = try #require(FileManager.default.contents(atPath: folder.path + "/cache/highlight-cache"))
        try folder.write("site/posts/c.md", "---\ntitle: C\ndate: 2024-01-03\n---\n```c\nint c;\n```\n")
        #expect(try await Self.build(folder, output: "sixth", sharedCache: "cache").summary.codeBlocks?.highlighted == 1)
        #expect(FileManager.default.contents(atPath: folder.path + "/cache/highlight-cache") == before)
    }

    /// A build killed while it wrote the user's cache left its temporary file: the next write
    /// clears those of processes that are gone, once they are a minute old, and no other file.
    @Test func aKilledWritersTemporaryFilesInTheUsersCacheAreCleared() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/sh")
        finished.arguments = ["-c", "exit 0"]
        try finished.run()
        finished.waitUntilExit()
        let gone = finished.processIdentifier
        let old = ["highlight-cache.\(gone).7.tmp", "python.\(gone).8.tmp", "highlight-cache.\(getpid()).10.tmp", "notes.\(gone).1.tmp"]
        for name in old + ["highlight-cache.\(gone).9.tmp"] { try folder.write("cache/" + name, "cut short") }
        for name in old {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: folder.path + "/cache/" + name)
        }
        let cache = SharedHighlightCache(folder: folder.path + "/cache", in: .disk)
        #expect(cache.write(HighlightCache(highlighter: "pygments 9.9")))
        // Gone: the old one of a finished process. Kept: a fresh one (a write may be under way on another
        // machine sharing the folder), this process's own, another file's, and the fingerprint's until it is written.
        #expect(Set(try folder.snapshot("cache").keys) == ["highlight-cache", "highlight-cache.\(gone).9.tmp",
                                                           "highlight-cache.\(getpid()).10.tmp", "notes.\(gone).1.tmp", "python.\(gone).8.tmp"])
        cache.writePython(PythonFingerprint(highlighter: "pygments 9.9", launch: .init(lines: [], files: .disk), importPaths: []))
        #expect(Set(try folder.snapshot("cache").keys) == ["highlight-cache", "highlight-cache.\(gone).9.tmp",
                                                           "highlight-cache.\(getpid()).10.tmp", "notes.\(gone).1.tmp", "python"])
    }

    @Test func withoutPygmentsTheBuildWarnsOnceAndTheCodeStaysPlain() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/blogpager.yml", "title: Plain\n")
        for name in ["a", "b"] {
            try folder.write("site/posts/\(name).md", "---\ntitle: \(name)\ndate: 2024-01-0\(name == "a" ? 1 : 2)\n---\n```swift\nlet \(name) = 1\n```\n")
        }
        let outcome = try await Self.build(folder, python: folder.path + "/no-such-python")
        let warnings = outcome.summary.warnings.filter { $0.message.contains("code is not highlighted") }
        #expect(warnings.count == 1, "\(outcome.summary.warnings)")
        #expect(try Self.page(folder, "posts/a/index.html").contains("<pre tabindex=\"0\"><code class=\"language-swift\">let a = 1\n</code></pre>"))
        // Turned off in the config: plain, and nothing to warn about.
        try folder.write("site/blogpager.yml", "title: Plain\nhighlight: false\n")
        let off = try await Self.build(folder, python: folder.path + "/no-such-python")
        #expect(!off.summary.warnings.contains { $0.message.contains("highlight") })
        #expect(try Self.page(folder, "posts/b/index.html").contains("<pre><code class=\"language-swift\">let b = 1\n</code></pre>"))
    }
}
