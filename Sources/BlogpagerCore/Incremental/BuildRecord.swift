import Foundation

/// `out/.blogpager/last-build`: what the last successful build read (its
/// input fingerprint), until when that holds (the next future-dated entry
/// to come out), what it printed, and the identity of every file it wrote.
/// When the inputs and every output are as recorded, a build has nothing to
/// do: it prints the same summary and writes nothing.
struct BuildRecord: Equatable, Sendable {
    private static let format = RecordText(kind: "last-build", version: 2)

    var inputs: String
    /// Epoch seconds at which a left-out future entry comes due; nil if none.
    var validUntil: Int64?
    var summary: BuildSummary
    /// Our files under `out/`, in the build's order.
    var paths: [String]
    /// Digest of the `stat` identity of every file in `paths`.
    var outputs: String

    /// Whether nothing changed since this record was written.
    func isCurrent(inputs: String, now: Date, output: OutputFolder, execution: any BuildExecution) -> Bool {
        guard inputs == self.inputs else { return false }
        if let validUntil, Int64(now.timeIntervalSince1970.rounded(.down)) >= validUntil { return false }
        return Self.outputsDigest(paths, in: output, execution: execution) == outputs
    }

    /// Nil when a file is missing: a missing output always means work. `known` gives the
    /// identity of a file (by its place in `paths`) this build wrote, or looked at and did not write.
    static func outputsDigest(_ paths: [String], in output: OutputFolder, execution: any BuildExecution,
                              known: (Int, String) -> FileIdentity? = { _, _ in nil }) -> String? {
        // One `stat` per output not known, spread out: the largest cost of a small rebuild's records.
        let identities = output.withOpened { folder in
            execution.statEach(paths.indices) { place in known(place, paths[place]) ?? folder.flatMap { output.files.item(at: paths[place], in: $0) } }
        }
        var lines: [UInt8] = []
        lines.reserveCapacity(paths.count * 64)
        for (path, identity) in zip(paths, identities) {
            guard let identity else { return nil }
            lines += path.utf8
            lines.append(0x0A)
            // The numbers as they are, not as text (18,000 strings made for a digest were a visible part
            // of a rebuild), one by one (an array of them for each file was too).
            withUnsafeBytes(of: identity.size.littleEndian) { lines += $0 }
            withUnsafeBytes(of: identity.modifiedSeconds.littleEndian) { lines += $0 }
            withUnsafeBytes(of: identity.modifiedNanoseconds.littleEndian) { lines += $0 }
            withUnsafeBytes(of: Int(truncatingIfNeeded: identity.inode).littleEndian) { lines += $0 }
        }
        return StableHash.wideKey(bytes: lines)
    }

    /// The record in `state`; nil when there is none, or it is of another version or damaged, or
    /// (given `inputs`) it was made from other inputs: then its list of every output is never
    /// made into strings (18,000 of them, before anything else of a rebuild can start).
    /// With the warning for a damaged one (`StateFolder.damaged`).
    static func read(in state: StateFolder, ifMadeFrom expected: String? = nil) -> (record: BuildRecord?, damage: Diagnostic?) {
        guard let bytes = state.read(.lastBuild) else { return (nil, nil) }
        guard let (_, lines) = format.parse(bytes) else { return (nil, format.isDamaged(bytes) ? state.damaged(.lastBuild) : nil) }
        func damaged(line: Int? = nil) -> (record: BuildRecord?, damage: Diagnostic?) { (nil, state.damaged(.lastBuild, line: line)) }
        guard lines.count >= 4 else { return damaged() }
        var values: [String: String] = [:]
        for (number, line) in lines.prefix(4).enumerated() {
            let fields = RecordText.fields(line)
            let name = fields.first.map(RecordText.string)
            guard fields.count == 2, let name, ["inputs", "valid-until", "outputs", "summary"].contains(name) else { return damaged(line: number + 2) }
            values[name] = RecordText.string(fields[1])
        }
        guard let inputs = values["inputs"], let until = values["valid-until"], let outputs = values["outputs"],
              let summaryJSON = values["summary"] else { return damaged() }
        if let expected, inputs != expected { return (nil, nil) }
        // A summary that is not the JSON this program wrote is a damaged record too.
        guard let summary = try? JSONDecoder().decode(BuildSummary.self, from: Data(summaryJSON.utf8)) else { return damaged(line: 5) }
        let validUntil: Int64?
        if until == "never" { validUntil = nil } else if let seconds = Int64(until) { validUntil = seconds } else { return damaged(line: 3) }
        return (BuildRecord(inputs: inputs, validUntil: validUntil, summary: summary, paths: lines.dropFirst(4).map(RecordText.string), outputs: outputs), nil)
    }

    /// The record, in runs (`RecordText.hand`). Compact JSON escapes every control character, so
    /// the summary keeps to its line.
    func encode(_ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        var run = Self.format.header()
        run.reserveCapacity(RecordText.runSize + 4096)
        for (name, value) in [("inputs", inputs), ("valid-until", validUntil.map(String.init) ?? "never"), ("outputs", outputs)] {
            run += "\(name)\t\(value)\n".utf8
        }
        run += "summary\t".utf8 + DeterministicJSON.compact(summary) + [0x0A]
        for path in paths {
            run += path.utf8
            run.append(0x0A)
            try RecordText.hand(&run, to: write)
        }
        try RecordText.hand(&run, to: write, atEnd: true)
    }
}
