import Foundation

/// The old generator's template text in a body (`TemplateText`): found when
/// the entry is read (its links and tags, to check); replaced when its body is
/// rendered (`BodyRenderer+TemplateText`).
extension EntryReader {

    func bodyReferences(_ parts: FrontMatterSplitter.Parts, params: [String: FrontMatterValue]) -> [BodyReference] {
        TemplateText(syntax: .of(config, params: params)).scan(parts.body, firstLine: parts.bodyLine).compactMap { piece in
            switch piece.kind {
            case .link(let reference, _): BodyReference(kind: .link(style: reference.style.rawValue, target: reference.target), line: piece.line, column: piece.column)
            case .shortcode(let name, _, _, _): BodyReference(kind: .shortcode(name: name), line: piece.line, column: piece.column)
            case .unknown(let name): BodyReference(kind: .unknown(name: name), line: piece.line, column: piece.column)
            case .image(let src): BodyReference(kind: .image(src: src), line: piece.line, column: piece.column)
            case .code, .verbatim, .sitePath, .pageValue, .dropped: nil
            }
        }
    }
}
