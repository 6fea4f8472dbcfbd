/// One piece of a template: text between tags, `{{ output }}` or `{% tag %}`.
enum LiquidToken: Sendable {
    case text(String)
    case output(markup: String, at: LiquidPosition)
    case tag(name: String, markup: String, at: LiquidPosition)
}
