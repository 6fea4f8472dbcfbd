/// The check stage for what a Jekyll body's Liquid does only as it renders (an include that
/// includes itself, a loop past the bounds, an include refused by a computed name, a strict
/// variable): each body the render will read, and each page, is rendered here first, its
/// output let go, so its error is reported before anything is written and `out/` stays as it was.
struct LiquidRenderCheck {
    let bodies: BodyRenderer

    func run(_ entries: [Entry], pages: [StandalonePage], log: inout DiagnosticLog) {
        guard bodies.config.templateSyntax == .liquid else { return }
        let entryProblems = entries.parallelMap { entry -> [Diagnostic] in
            guard case .failure(let failure) = bodies.liquidText(of: entry) else { return [] }
            return failure.diagnostics
        }
        let pageProblems = pages.parallelMap { page -> [Diagnostic] in
            guard case .failure(let failure) = bodies.liquidText(of: page) else { return [] }
            return failure.diagnostics
        }
        for problems in entryProblems + pageProblems { log.append(contentsOf: problems) }
    }
}
