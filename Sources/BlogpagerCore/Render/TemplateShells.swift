import Foundation
import Synchronization

/// Each template's shells (`TemplateShell`), one a shape of values (`ContextShape`), made
/// as renders ask for them. Why: every name a template looks up costs swift-mustache a
/// split of the name and half a dozen dynamic casts (`docs/benchmarks.md`), dozens of
/// them for an entry's page; most pages of a site share
/// a few shapes, and filling a shell in costs a copy of its text.
///
/// A shell is kept only when it is known to give what Mustache gives: the template asked
/// the marked context for nothing beyond its shape (`ShellProbe`), every marker came out
/// whole, and for the first context of the shape the filled shell and Mustache's own
/// render are the same text. Otherwise that shape is rendered by Mustache every time.
final class TemplateShells: Sendable {
    private enum Known: Sendable {
        case shell(TemplateShell)
        case mustacheOnly
    }

    private let known = Mutex<[ShapeKey: Known]>([:])
    /// At most this many shapes are kept (a shell is about the size of its template's text).
    private let capacity: Int

    private struct ShapeKey: Hashable, Sendable {
        var template: String
        var shape: [UInt8]

        /// The shape's bytes hashed and compared as one run: an array's own conformance takes
        /// them one at a time, and a page's shape holds the site's (hundreds of bytes).
        func hash(into hasher: inout Hasher) {
            hasher.combine(template)
            shape.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        static func == (left: ShapeKey, right: ShapeKey) -> Bool {
            left.template == right.template && left.shape.count == right.shape.count
                && (left.shape.isEmpty || left.shape.withUnsafeBytes { a in right.shape.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } })
        }
    }

    init(capacity: Int = 2048) {
        self.capacity = capacity
    }

    /// How many shapes have a shell, and how many are left to Mustache.
    var learnt: (shells: Int, mustacheOnly: Int) {
        known.withLock { known in
            known.values.reduce(into: (0, 0)) { counts, known in
                if case .shell = known { counts.0 += 1 } else { counts.1 += 1 }
            }
        }
    }

    /// What `template` renders for `context`: from its shape's shell, or by `mustache`
    /// (given the context as the templates see it) when there is none.
    func render(_ template: String, _ context: [String: Any], mustache: ([String: Any]) -> String) -> String {
        func render(_ context: [String: Any]) -> String { mustache(TemplateString.wrappingStrings(in: context)) }
        guard let shape = ContextShape(context) else { return render(context) }
        let key = ShapeKey(template: template, shape: shape.key)
        switch known.withLock({ $0[key] }) {
        case .shell(let shell): return shell.fill(shape.texts)
        case .mustacheOnly: return render(context)
        case nil: break
        }
        let rendered = render(context)
        let probe = ShellProbe()
        let marked = mustache(shape.sentinelContext(context, probe: probe))
        var learnt = Known.mustacheOnly
        if !probe.askedMore, let shell = TemplateShell(rendered: marked, endsLines: shape.endsLines), shell.fill(shape.texts) == rendered {
            learnt = .shell(shell)
        }
        known.withLock { known in
            if known.count < capacity { known[key] = learnt }
        }
        return rendered
    }
}
