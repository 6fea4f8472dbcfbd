import Foundation

/// `out/.blogpager/last-build`: what the last successful build read (its
/// input fingerprint), until when that holds (the next future-dated entry
/// to come out), what it printed, and the identity of every file it wrote.
/// When the inputs and every output are as recorded, a build has nothing to
/// do: it prints the same summary and writes nothing.
struct BuildRecord: Equatable {
    static let fileName = "last-build"
    private static let header = "blogpager last-build 1"

    var inputs: String
    /// Epoch seconds at which a left-out future entry comes due; nil if none.
    var validUntil: Int64?
    var summary: BuildSummary
    /// Our files under `out/`, in the build's order.
    var paths: [String]
    /// Digest of the `stat` identity of every file in `paths`.
    var outputs: String

    /// Whether nothing changed since this record was written.
    func isCurrent(inputs: String, now: Date, output: String) -> Bool {
        guard inputs == self.inputs else { return false }
        if let validUntil, Int64(now.timeIntervalSince1970.rounded(.down)) >= validUntil { return false }
        return Self.outputsDigest(paths, in: output) == outputs
    }

    /// Nil when a file is missing: a missing output always means work.
    static func outputsDigest(_ paths: [String], in output: String) -> String? {
        // One `stat` per output, over both cores: the largest cost of a small rebuild's records.
        let identities = paths.parallelMap { InputFingerprint.identity(of: output + "/" + $0) }
        var lines: [UInt8] = []
        lines.reserveCapacity(paths.count * 64)
        for (path, identity) in zip(paths, identities) {
            guard let identity else { return nil }
            lines += path.utf8
            lines.append(0x20)
            lines += identity.utf8
            lines.append(0x0A)
        }
        return StableHash.digest(lines)
    }

    static func location(in output: String) -> String {
        output + "/" + OutputManifest.folder + "/" + fileName
    }

    static func read(in output: String) -> BuildRecord? {
        guard let data = FileManager.default.contents(atPath: location(in: output)) else { return nil }
        // Split as bytes: splitting the list of paths by Character was about a tenth of a no-change build.
        let lines = [UInt8](data).split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard lines.count >= 6, lines[0] == header,
              let inputs = value(lines[1], "inputs"), let until = value(lines[2], "valid-until"),
              let outputs = value(lines[3], "outputs"), let summaryJSON = value(lines[4], "summary"),
              lines[5] == "paths",
              let summary = try? JSONDecoder().decode(BuildSummary.self, from: Data(summaryJSON.utf8))
        else { return nil }
        let validUntil: Int64?
        if until == "never" { validUntil = nil } else if let seconds = Int64(until) { validUntil = seconds } else { return nil }
        let paths = lines[6...].filter { !$0.isEmpty }
        return BuildRecord(inputs: inputs, validUntil: validUntil, summary: summary, paths: paths, outputs: outputs)
    }

    func write(in output: String) throws {
        let summaryJSON = String(decoding: DeterministicJSON.compact(summary), as: UTF8.self)
        var text = [
            Self.header, "inputs \(inputs)", "valid-until \(validUntil.map(String.init) ?? "never")",
            "outputs \(outputs)", "summary \(summaryJSON)", "paths",
        ].joined(separator: "\n") + "\n"
        for path in paths { text += path + "\n" }
        try OutputWriter.replace(Self.location(in: output), with: Array(text.utf8))
    }

    /// Before a build writes: until the new record is in, no record may vouch for `out/`.
    static func remove(in output: String) {
        unlink(location(in: output))
    }

    private static func value(_ line: String, _ key: String) -> String? {
        line.hasPrefix(key + " ") ? String(line.dropFirst(key.count + 1)) : nil
    }
}
