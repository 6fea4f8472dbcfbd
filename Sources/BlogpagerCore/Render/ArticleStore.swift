/// The articles the streams' fragments embed, by main position, from the entries'
/// step to the streams'. In a large archive they would be the biggest part of a
/// build's memory (about 1.6 KB an entry, held until the last stream is out), so
/// given a folder (`BuildExecution.spillFolder`) they go into a `SpillFile` there, a
/// batch a write, and are read back one at a time. Without a folder, or where the
/// file cannot be written, they stay in memory.
struct ArticleStore: Sendable {
    private let file: SpillFile?
    private var spilled: [Range<Int>?]
    private var inMemory: [Int: String] = [:]
    private let readAhead = ReadAhead()

    init(count: Int, spillFolder: String?) {
        self.init(count: count, spill: spillFolder.flatMap(SpillFile.init(folder:)))
    }

    /// `spill`: the file the articles go to; nil keeps them in memory.
    init(count: Int, spill: SpillFile?) {
        file = spill
        spilled = [Range<Int>?](repeating: nil, count: count)
    }

    /// Why an article asked for is not there: its bytes could not be read back whole from the spill file.
    struct Unreadable: Error, Sendable {
        var position: Int
    }

    /// One batch's articles, in one write.
    mutating func store(_ articles: [(position: Int, html: String)]) {
        guard let file else {
            for (position, html) in articles { inMemory[position] = html }
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(articles.reduce(0) { $0 + $1.html.utf8.count })
        var ends: [Int] = []
        for (_, html) in articles {
            bytes += html.utf8
            ends.append(bytes.count)
        }
        guard let written = file.append(bytes) else {
            // A full disk costs memory, not the articles.
            for (position, html) in articles { inMemory[position] = html }
            return
        }
        var start = written.lowerBound
        for ((position, _), end) in zip(articles, ends) {
            spilled[position] = start..<(written.lowerBound + end)
            start = written.lowerBound + end
        }
    }

    /// Starts reading these articles from the spill file in the background: the streams
    /// ask for the next batch's while they render this one's, so a spill file the page
    /// cache let go of is read many ranges at a time rather than one per fragment's entry.
    func readAhead(_ positions: [Int]) {
        guard let file else { return }
        readAhead.request(positions.compactMap { spilled[$0] }, of: file)
    }

    /// The article of the entry at `position`, stored before (the plan asks only for those).
    func article(at position: Int) throws(Unreadable) -> String {
        if let html = inMemory[position] { return html }
        // A short read (the file cut under us) is an error: a fragment without its article would lose an entry.
        guard let range = spilled[position], let bytes = file?.read(range) else { throw Unreadable(position: position) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
