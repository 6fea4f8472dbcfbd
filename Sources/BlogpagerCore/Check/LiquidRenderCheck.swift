/// The check stage for what a Jekyll body's Liquid does only as it renders (an include that
/// includes itself, a loop past the bounds, an include refused by a computed name, a strict
/// variable): each body the render will read, and each page, is rendered here first, so its
/// error is reported before anything is written and `out/` stays as it was. What the entries'
/// Liquid made is kept for the render, up to `keptBytes`; the rest is made again there.
struct LiquidRenderCheck {
    let bodies: BodyRenderer
    var keptBytes = 64 << 20

    /// The entries' Liquid output, by source path, as far as `keptBytes` holds it.
    func run(_ entries: [Entry], pages: [StandalonePage], log: inout DiagnosticLog) -> [String: String] {
        guard bodies.config.reading.templateSyntax == .liquid else { return [:] }
        // Only the bodies with Liquid in them (the read stage marked them) are read again here.
        let rendered = entries.parallelMap { entry -> Result<String, BuildFailure>? in
            entry.references.contains { $0.kind == .liquid } ? bodies.liquidText(of: entry) : nil
        }
        var kept: [String: String] = [:]
        var bytes = 0
        for (entry, result) in zip(entries, rendered) {
            switch result {
            case .success(let text)?:
                bytes += text.utf8.count
                if bytes <= keptBytes { kept[entry.source.displayPath] = text }
            case .failure(let failure)?: log.append(contentsOf: failure.diagnostics)
            case nil: continue
            }
        }
        let pageProblems = pages.parallelMap { page -> [Diagnostic] in
            guard case .failure(let failure) = bodies.liquidText(of: page) else { return [] }
            return failure.diagnostics
        }
        for problems in pageProblems { log.append(contentsOf: problems) }
        return kept
    }
}
