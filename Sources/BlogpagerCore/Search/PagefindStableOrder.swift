/// Pagefind writes each filter file's values, and its meta file's list of filters, in the
/// order of hash tables seeded anew in every run (its source says as much: "Change filter
/// indexes to BTree to give them a stable hash"), so the same pages gave another bundle at
/// each build, under other names. This puts both in the order of their bytes and names the
/// files it rewrote by their content, as Pagefind names its files, so the same pages give the
/// same bundle. Every other file (word index, fragments, scripts) is Pagefind's as written:
/// those it already writes in order. A bundle of a shape this does not know is left whole.
enum PagefindStableOrder {
    typealias File = (path: String, bytes: [UInt8])

    /// What each of Pagefind's index files holds, after gzip, before its CBOR.
    static let signature = Array("pagefind_dcd".utf8)
    /// Where the meta file (`[version, pages, word chunks, filters, ...]`) lists the filter files.
    static let metaFiltersPosition = 3

    /// The bundle in a stable order, or nil when it is not in the shape this knows (the caller
    /// keeps Pagefind's own then: a search index that works, in Pagefind's order).
    static func ordered(_ files: [File]) -> [File]? {
        var result: [File] = []
        var names: [String: String] = [:]  // Pagefind's name of a file (no folder, no extension) -> its stable name
        var taken: Set<String> = []
        let isFilter = { (path: String) in path.hasPrefix("filter/") && path.hasSuffix(".pf_filter") }
        let isMeta = { (path: String) in !path.contains("/") && path.hasPrefix("pagefind.") && path.hasSuffix(".pf_meta") }

        for file in files where isFilter(file.path) {
            let name = String(file.path.dropFirst("filter/".count).dropLast(".pf_filter".count))
            guard case .array(let parts)? = read(file.bytes), parts.count == 2, parts[0].textValue != nil,
                  case .array(let values) = parts[1] else { return nil }
            let keyed = values.compactMap { value in value.arrayValue?.first?.textValue.map { ($0, value) } }
            guard keyed.count == values.count else { return nil }
            let sorted = keyed.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
            let body = CBORValue.array([parts[0], .array(sorted)]).encoded
            guard let stable = stableName(of: body, for: name, digits: 7, taken: &taken) else { return nil }
            names[name] = stable
            result.append(("filter/\(stable).pf_filter", written(body)))
        }

        var metaNames: [String: String] = [:]
        var named: Set<String> = []
        for file in files where isMeta(file.path) {
            let name = String(file.path.dropFirst("pagefind.".count).dropLast(".pf_meta".count))
            guard case .array(var fields)? = read(file.bytes), fields.count > metaFiltersPosition,
                  case .array(let filters) = fields[metaFiltersPosition] else { return nil }
            var listed: [(name: [UInt8], entry: CBORValue)] = []
            for filter in filters {
                guard let pair = filter.arrayValue, pair.count == 2, let filterName = pair[0].textValue,
                      let file = pair[1].textValue.map({ String(decoding: $0, as: UTF8.self) }), let stable = names[file] else { return nil }
                named.insert(file)
                listed.append((filterName, .array([pair[0], .text(Array(stable.utf8))])))
            }
            fields[metaFiltersPosition] = .array(listed.sorted { $0.name.lexicographicallyPrecedes($1.name) }.map(\.entry))
            let body = CBORValue.array(fields).encoded
            guard let stable = stableName(of: body, for: name, digits: 10, taken: &taken) else { return nil }
            metaNames[name] = stable
            result.append(("pagefind.\(stable).pf_meta", written(body)))
        }
        // A filter file no meta file names is one this does not understand.
        guard named == Set(names.keys) else { return nil }

        for file in files where !isFilter(file.path) && !isMeta(file.path) {
            guard file.path == "pagefind-entry.json" else {
                result.append(file)
                continue
            }
            // The entry file names each language's meta file: `"hash":"ja_9882d97246"`.
            var bytes = file.bytes
            for (old, new) in metaNames {
                guard let replaced = replacingOnce(Array("\"\(old)\"".utf8), with: Array("\"\(new)\"".utf8), in: bytes) else { return nil }
                bytes = replaced
            }
            result.append((file.path, bytes))
        }
        return result.sorted { $0.path.precedesInBytes($1.path) }
    }

    /// A file's CBOR value: gzip, then the signature, then the value.
    private static func read(_ bytes: [UInt8]) -> CBORValue? {
        guard let inner = Gzip.decompress(bytes), inner.starts(with: signature) else { return nil }
        return CBORValue(decoding: inner[signature.count...])
    }

    private static func written(_ body: [UInt8]) -> [UInt8] {
        Gzip.compress(signature + body)
    }

    /// `ja_` and the first digits of the content's digest, one more where two files would meet.
    private static func stableName(of body: [UInt8], for name: String, digits: Int, taken: inout Set<String>) -> String? {
        guard let underscore = name.lastIndex(of: "_") else { return nil }
        let digest = StableHash.digest(body)
        for length in digits...digest.count {
            let stable = String(name[...underscore]) + digest.prefix(length)
            if taken.insert(stable).inserted { return stable }
        }
        return nil
    }

    /// `bytes` with the one place `old` is put as `new`; nil unless it is there exactly once.
    private static func replacingOnce(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
        guard !old.isEmpty, bytes.count >= old.count else { return nil }
        let starts = (0...(bytes.count - old.count)).filter { bytes[$0..<($0 + old.count)].elementsEqual(old) }
        guard starts.count == 1, let start = starts.first else { return nil }
        return Array(bytes[..<start]) + new + Array(bytes[(start + old.count)...])
    }
}
