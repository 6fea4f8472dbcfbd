/// The check stage for where entries go: two entries at one URL, an old address (an alias) that
/// two entries give or that is an entry's own URL, each an error or, where the old generator wrote
/// one page over the other, the one it kept, with a warning.
struct URLCheck {
    let config: SiteConfig

    /// The entries that go out, each with the old addresses it keeps.
    func run(_ entries: [Entry], log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> [Entry] {
        var published = entries
        if config.reading.keepsLastOfSharedURL { published = keepingLastOfSharedURLs(published, warnings: &warnings) }
        return checkUniqueURLs(published, keepsFirstOfSharedAlias: config.reading.keepsFirstOfSharedAlias, log: &log, warnings: &warnings)
    }

    /// Jekyll and Hugo build two entries at one URL, the one written last over the other (Hugo
    /// silently, Jekyll with a warning): of `entries`, in path order, the later is kept, and a
    /// warning names both files.
    /// The old addresses of an entry left out still lead to that URL, as the old generator wrote
    /// their redirects: the kept entry takes them on.
    private func keepingLastOfSharedURLs(_ entries: [Entry], warnings: inout [Diagnostic]) -> [Entry] {
        var last: [OutputPath: Int] = [:]
        for (index, entry) in entries.enumerated() { last[entry.outputPath] = index }
        guard last.count < entries.count else { return entries }
        var inherited: [Int: [OutputPath]] = [:]
        for (index, entry) in entries.enumerated() {
            guard let kept = last[entry.outputPath], kept != index else { continue }
            warnings.append(.warning(at: SourceLocation(path: entry.sourcePath),
                                     "not built: its URL \(entry.url) is also the URL of \(entries[kept].sourcePath), which is built there, as the old generator wrote it last; give one of them another slug or date to build both"))
            inherited[kept, default: []] += entry.redirectsFrom
        }
        return entries.enumerated().compactMap { index, entry in
            guard last[entry.outputPath] == index else { return nil }
            guard let more = inherited[index], !more.isEmpty else { return entry }
            return entry.redirecting(from: entry.redirectsFrom + more.filter { !entry.redirectsFrom.contains($0) })
        }
    }

    /// Two entries at one URL would overwrite each other: name both files. An old address (an
    /// alias) may lead to one entry only and never hide one: an error naming both, or where the old
    /// generator wrote one page over the other (`keepsFirstOfSharedAlias`: Hugo, Jekyll), the first
    /// entry in path order keeps the address and an entry's own URL stays its page, each alias left
    /// out a warning. The entries come back with the old addresses they keep.
    private func checkUniqueURLs(_ entries: [Entry], keepsFirstOfSharedAlias keepsFirst: Bool,
                                 log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> [Entry] {
        // Positions, in a table sized once: the check goes over every entry on every build.
        var owners: [OutputPath: Int] = [:]
        owners.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            if let first = owners[entry.outputPath].map({ entries[$0] }) {
                log.append(.error(
                    at: SourceLocation(path: entry.sourcePath),
                    "entry URL \(entry.url) is also the URL of \(first.sourcePath); give one of them another slug or date, or use a permalink with :year/:month/:day"))
                log.append(.note(at: SourceLocation(path: first.sourcePath), "the other entry with URL \(entry.url) is here"))
            } else {
                owners[entry.outputPath] = position
            }
        }
        guard entries.contains(where: { !$0.redirectsFrom.isEmpty }) else { return entries }
        var aliasOwners: [OutputPath: Int] = [:]
        return entries.enumerated().map { position, entry in
            guard !entry.redirectsFrom.isEmpty else { return entry }
            let kept = entry.redirectsFrom.filter { path in
                let at = SourceLocation(path: entry.sourcePath)
                let url = path.urlPath(basePath: "")
                if let page = owners[path] {
                    // An entry that names its own URL among its aliases has nothing to redirect: every
                    // generator builds it (Zola counts an address once per page in its collision check).
                    if page == position { return false }
                    if !keepsFirst {
                        log.append(.error(at: at, "old address \(url) (aliases) is the URL of \(entries[page].sourcePath); an address cannot lead to one entry and be another"))
                        return true
                    }
                    warnings.append(.warning(at: at, "no redirect at old address \(url) (aliases): it is the URL of \(entries[page].sourcePath), which is built there, as the old generator wrote it"))
                    return false
                }
                if let first = aliasOwners[path] {
                    if first != position, keepsFirst {
                        warnings.append(.warning(at: at, "old address \(url) (aliases) leads to \(entries[first].sourcePath), which gives it too; remove it from one of them"))
                    } else if first != position {
                        log.append(.error(at: at, "old address \(url) (aliases) is also an old address of \(entries[first].sourcePath); it can lead to one entry only"))
                    }
                    // Where aliases are kept, an address the same entry gives twice is kept once.
                    return !keepsFirst
                }
                aliasOwners[path] = position
                return true
            }
            return kept.count == entry.redirectsFrom.count ? entry : entry.redirecting(from: kept)
        }
    }
}
