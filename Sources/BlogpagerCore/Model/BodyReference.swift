/// What an entry's body refers to that the build checks before anything is
/// written: a link to another entry (by the old generator's way of naming
/// it), a shortcode the site may make with a template of its own, or a tag
/// blogpager does not make. Found when the entry is read, kept with it.
public struct BodyReference: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `style` is `TemplateText.LinkReference.Style`'s raw value.
        case link(style: String, target: String)
        case shortcode(name: String)
        case unknown(name: String)
        /// A local image: its size is part of the entry's page.
        case image(src: String)
        /// An include its Liquid names (`{% include toc.html %}`); `name` is empty where it is computed.
        case include(name: String, relative: Bool)
        /// A value of the site its Liquid reads (`site.data.releases`, `site.posts`): its key follows it.
        case reads(path: String)
        /// The body has Liquid to render (one such reference, at its first tag or output).
        case liquid
    }

    public var kind: Kind
    public var line: Int
    public var column: Int

    public init(kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }
}
