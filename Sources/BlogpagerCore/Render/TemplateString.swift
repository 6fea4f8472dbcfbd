import Mustache

/// A string as the templates see it: rendered, escaped and transformed as the
/// string itself would be, but found by swift-mustache's first question.
///
/// Why: a plain `String` in a template's values costs two more conformance checks
/// each time a tag prints it (is it an optional? how does it describe itself?)
/// after the renderable check it fails, and every conformance check goes through
/// one cache that all threads share, so on many cores those checks, not the work,
/// bound a build (`docs/benchmarks.md`). This answers the renderable check, so a
/// printed name costs four checks instead of six.
struct TemplateString: MustacheCustomRenderable, MustacheTransformable, MustacheParent, CustomStringConvertible,
    CustomDebugStringConvertible, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    var renderText: String { text }
    /// A string is never null: an empty one opens a section, as a `String` does.
    var isNull: Bool { false }

    /// `lowercased(title)` and the rest, as on the string.
    func transform(_ name: String) -> Any? {
        text.transform(name)
    }

    /// A string has no children: without this, a name looked up inside a section
    /// opened on one would reach this type's own fields through `Mirror`.
    func child(named: String) -> Any? {
        nil
    }

    /// A list or map printed whole (`{{params.keywords}}`) shows its strings as it did: `["a", "b"]`.
    var description: String { text }
    var debugDescription: String { text.debugDescription }

    /// Values wrapped once for many renders: the site's, named on every page, which
    /// `wrappingStrings` would otherwise walk and copy again for each one. Seen by the
    /// templates as the map itself.
    struct Prepared: MustacheParent, MustacheTransformable, CustomStringConvertible {
        let values: [String: Any]
        /// The values' shape (`ContextShape`), taken once for every page's.
        let shape: ContextShape?

        init(_ values: [String: Any]) {
            self.values = TemplateString.wrappingStrings(in: values)
            shape = ContextShape(self.values)
        }

        func child(named name: String) -> Any? { values[name] }
        func transform(_ name: String) -> Any? { values.transform(name) }
        var description: String { values.description }
    }

    /// `values` with every string in it, in its lists and in its maps, made a
    /// `TemplateString`; other values (flags, numbers, a list of strings alone) as they are.
    static func wrappingStrings(in values: [String: Any]) -> [String: Any] {
        values.mapValues(wrapping)
    }

    private static func wrapping(_ value: Any) -> Any {
        // The types our contexts hold, told by their type alone: a cast from `Any` asks the
        // runtime's conformance cache first, and every render wraps its whole context.
        let kind = type(of: value)
        if kind == String.self, let string = value as? String { return TemplateString(string) }
        if kind == [String: Any].self, let map = value as? [String: Any] { return map.mapValues(wrapping) }
        if kind == [[String: Any]].self, let maps = value as? [[String: Any]] { return maps.map { $0.mapValues(wrapping) } }
        // A list of strings stays one: `sorted(list)` sorts only elements Mustache can compare.
        if kind == [String].self || kind == Bool.self || kind == Int.self || kind == TemplateString.self || kind == Prepared.self {
            return value
        }
        return switch value {
        case let string as String: TemplateString(string)
        case let map as [String: Any]: map.mapValues(wrapping)
        case let maps as [[String: Any]]: maps.map { $0.mapValues(wrapping) }
        case let list as [Any]: list.map(wrapping)
        default: value
        }
    }
}
