import Foundation
import Liquid

/// The old generator's template text in a body (`TemplateText`, and Jekyll's Liquid): found when
/// the entry is read (its links, tags and includes, to check; what its Liquid reads, to key it);
/// replaced when its body is rendered (`BodyRenderer+TemplateText`).
extension EntryReader {

    func bodyReferences(_ parts: FrontMatterSplitter.Parts, params: [String: FrontMatterValue], log: inout DiagnosticLog, file: SourceFile) -> [BodyReference] {
        let syntax = TemplateText.Syntax.of(config, params: params)
        var references = Self.templateReferences(parts.body, firstLine: parts.bodyLine, syntax: syntax)
        if syntax == .liquid {
            references += Self.liquidReferences(parts.body, firstLine: parts.bodyLine, path: file.displayPath, includeTags: LiquidSite.includeTagNames(config), log: &log)
        }
        return references
    }

    /// What a body's template text names; a body shortcode's inner text is read too, as its
    /// generator expands shortcodes nested there.
    static func templateReferences(_ body: String, firstLine: Int, syntax: TemplateText.Syntax) -> [BodyReference] {
        TemplateText(syntax: syntax).scan(body, firstLine: firstLine).flatMap { piece -> [BodyReference] in
            switch piece.kind {
            case .link(let reference, _): return [BodyReference(kind: .link(style: reference.style.rawValue, target: reference.target), line: piece.line, column: piece.column)]
            case .shortcode(let name, _, _, let inner):
                let own = BodyReference(kind: .shortcode(name: name), line: piece.line, column: piece.column)
                guard let inner, let start = body[piece.range].range(of: inner)?.lowerBound else { return [own] }
                let line = piece.line + body[piece.range.lowerBound..<start].utf8.count { $0 == UInt8(ascii: "\n") }
                return [own] + templateReferences(inner, firstLine: line, syntax: syntax)
            case .image(let src): return [BodyReference(kind: .image(src: src), line: piece.line, column: piece.column)]
            case .code, .verbatim, .dropped: return []
            }
        }
    }

    /// What a body's Liquid names and reads, found by parsing it; a syntax error is reported where it is.
    static func liquidReferences(_ body: String, firstLine: Int, path: String, includeTags: Set<String>, log: inout DiagnosticLog) -> [BodyReference] {
        guard LiquidSite.hasLiquid(body) else { return [] }
        let uses: LiquidUses
        do {
            uses = try LiquidTemplate(source: body, hostTags: LiquidSite.tagNames, hostBlockTags: LiquidSite.blockTagNames, includeTags: includeTags).uses
        } catch let error as LiquidError {
            log.append(.error(at: SourceLocation(path: path, line: firstLine + error.line - 1, column: error.column), "Liquid: \(error.message)"))
            return []
        } catch {
            log.append(.error(at: SourceLocation(path: path, line: firstLine, column: 1), "Liquid: \(error)"))
            return []
        }
        func at(_ position: LiquidPosition, _ kind: BodyReference.Kind) -> BodyReference {
            BodyReference(kind: kind, line: firstLine + position.line - 1, column: position.column)
        }
        var references = [BodyReference(kind: .liquid, line: firstLine, column: 1)]
        for tag in uses.hostTags where tag.name == "post_url" || tag.name == "link" {
            // A target made by Liquid (`{% link {{ page.other }} %}`) is found only as it renders.
            guard let first = TemplateText.words(tag.markup).first, !first.contains("{{") else { continue }
            let style: TemplateText.LinkReference.Style = tag.name == "post_url" ? .postName : .sitePath
            references.append(at(tag.position, .link(style: style.rawValue, target: TemplateText.unquoted(first) ?? first)))
        }
        for tag in uses.unknownTags { references.append(at(tag.position, .unknown(name: tag.name))) }
        for include in uses.includes { references.append(at(include.position, .include(name: include.name ?? "", relative: include.isRelative))) }
        for read in LiquidReads.of(uses).sorted() { references.append(BodyReference(kind: .reads(path: read), line: firstLine, column: 1)) }
        return references
    }
}
