#if canImport(Glibc)
import Glibc
#endif

/// Jekyll's front-matter defaults (`defaults:` in `_config.yml`): sets of values, each for the
/// files its `scope` names (a folder by its path below the site's root, or a glob of paths; a
/// type: `posts`, `pages`, or a collection's label), put under each file's own front matter as
/// Jekyll puts them: of two sets that apply, the one with the longer path wins, then the one
/// naming a type; the file's own keys beat them all; maps are merged key by key; `categories`
/// are joined (the defaults' first), as Jekyll joins them.
public struct FrontMatterDefaults: Sendable, Hashable {
    public struct Scope: Sendable, Hashable {
        /// Below the site's root, without a leading `/`; empty for every file.
        public var path: String
        public var type: String?
    }

    public struct ValueSet: Sendable, Hashable {
        public var scope: Scope
        public var values: [String: FrontMatterValue]
        /// Where the set is written, which the fields it gives a file point to.
        public var location: SourceLocation
    }

    public var sets: [ValueSet] = []

    public init(sets: [ValueSet] = []) { self.sets = sets }

    /// The kind of file Jekyll's scopes name, and its path below the site's root.
    public struct Document {
        var path: String
        var type: String
    }

    /// A source as Jekyll's defaults see it: a post at its path from the root (`_posts/x.md`,
    /// `en/_posts/x.md`), a collection's document, or a page.
    static func document(_ file: SourceFile, isPage: Bool, collections: [JekyllCollection]) -> Document {
        if isPage || file.folderFacts.section != nil {
            if let collection = collections.first(where: { file.relativePath.hasPrefix($0.folder + "/") }) {
                return Document(path: file.relativePath, type: collection.name)
            }
            return Document(path: file.relativePath, type: "pages")
        }
        // Sources of the root's `_posts/` are named from inside it; those of other folders of posts from the root.
        let fromRoot = file.folderFacts != FolderFacts() || file.relativePath.hasPrefix("_drafts/")
        return Document(path: fromRoot ? file.relativePath : "_posts/" + file.relativePath, type: "posts")
    }

    /// The values that apply to a document, merged in Jekyll's order of precedence.
    func values(for document: Document) -> (values: [String: FrontMatterValue], location: SourceLocation)? {
        var merged: [String: FrontMatterValue] = [:]
        var winner: Scope?
        var location: SourceLocation?
        for set in sets where applies(set.scope, to: document) {
            if winner.map({ Self.precedes(set.scope, $0) }) ?? true {
                merged = Self.merged(set.values, over: merged)
                winner = set.scope
                location = set.location
            } else {
                merged = Self.merged(merged, over: set.values)
            }
        }
        return location.map { (merged, $0) }
    }

    /// The file's fields with the defaults that apply to it beneath them.
    func apply(to fields: [FrontMatterField], of document: Document) -> [FrontMatterField] {
        guard let (values, location) = values(for: document) else { return fields }
        var result = fields
        var indexByKey: [String: Int] = [:]
        for (index, field) in fields.enumerated() where indexByKey[field.key] == nil { indexByKey[field.key] = index }
        for key in values.keys.sorted() {
            let value = values[key]!
            guard let index = indexByKey[key] else {
                result.append(Self.field(key, value, at: location))
                continue
            }
            let own = fields[index]
            if key == Taxonomy.categories.key {
                // Jekyll joins the defaults' categories and the file's, each split at spaces where written as one text.
                let joined = Self.categoryList(value) + Self.categoryList(own.value).filter { !Self.categoryList(value).contains($0) }
                result[index].value = .list(joined)
                result[index].rawText = nil
                result[index].items = joined.map { (own.valueLocation, $0.scalarText) }
            } else if case .map = own.value, case .map = value {
                result[index].value = Self.merged(own.value, over: value)
            }
        }
        return result
    }

    private static func categoryList(_ value: FrontMatterValue) -> [FrontMatterValue] {
        switch value {
        case .string(let text): text.split(whereSeparator: \.isWhitespace).map { .string(String($0)) }
        case .list(let items): items
        case .null: []
        default: [value]
        }
    }

    private static func field(_ key: String, _ value: FrontMatterValue, at location: SourceLocation) -> FrontMatterField {
        var items: [(location: SourceLocation, rawText: String?)] = []
        if case .list(let list) = value { items = list.map { (location, $0.scalarText) } }
        return FrontMatterField(key: key, keyLocation: location, valueLocation: location, value: value, rawText: value.scalarText, items: items)
    }

    /// Jekyll's deep merge: `top`'s keys win, maps under one key merged the same way.
    static func merged(_ top: [String: FrontMatterValue], over base: [String: FrontMatterValue]) -> [String: FrontMatterValue] {
        var result = base
        for (key, value) in top {
            if case .map(let inner) = value, case .map(let under)? = result[key] {
                result[key] = .map(merged(inner, over: under))
            } else {
                result[key] = value
            }
        }
        return result
    }

    private static func merged(_ top: FrontMatterValue, over base: FrontMatterValue) -> FrontMatterValue {
        guard case .map(let topMap) = top, case .map(let baseMap) = base else { return top }
        return .map(merged(topMap, over: baseMap))
    }

    /// Jekyll's `has_precedence?`: the longer path, then a named type.
    private static func precedes(_ new: Scope, _ old: Scope) -> Bool {
        if new.path.count != old.path.count { return new.path.count >= old.path.count }
        return new.type != nil || old.type == nil
    }

    private func applies(_ scope: Scope, to document: Document) -> Bool {
        if let type = scope.type, type != document.type { return false }
        guard !scope.path.isEmpty else { return true }
        guard scope.path.contains("*") else { return document.path.hasPrefix(scope.path) }
        // A glob names the paths it matches; a document below one of them is in scope.
        let segments = document.path.split(separator: "/").map(String.init)
        let pattern = scope.path.split(separator: "/").map(String.init)
        return (1...max(segments.count, 1)).contains { Self.glob(pattern[...], matches: segments.prefix($0)) }
    }

    /// Ruby's `Dir.glob` on one path: `**` any folders (none too), other segments as `fnmatch` reads them, hidden names only by a leading dot.
    static func glob(_ pattern: ArraySlice<String>, matches path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            if glob(pattern.dropFirst(), matches: path) { return true }
            guard let name = path.first, !name.hasPrefix(".") else { return false }
            return glob(pattern, matches: path.dropFirst())
        }
        guard let name = path.first, fnmatch(first, name, FNM_PERIOD) == 0 else { return false }
        return glob(pattern.dropFirst(), matches: path.dropFirst())
    }

    /// Reads `defaults:` as Jekyll does; a set it passes over (not a map with `values`) is a warning.
    static func read(_ field: FrontMatterField, warnings: inout [Diagnostic]) -> FrontMatterDefaults {
        guard case .list(let list) = field.value else {
            if field.value != .null { warnings.append(.warning(at: field.valueLocation, "'defaults' must be a list of sets with 'scope' and 'values'; none are used")) }
            return FrontMatterDefaults()
        }
        var defaults = FrontMatterDefaults()
        for (index, item) in list.enumerated() {
            let location = index < field.items.count ? field.items[index].location : field.valueLocation
            guard case .map(let set) = item, case .map(let values)? = set["values"] else {
                warnings.append(.warning(at: location, "a front-matter default set without 'values' is passed over, as Jekyll passes it over"))
                continue
            }
            var scope = Scope(path: "", type: nil)
            if case .map(let written)? = set["scope"] {
                var path = written["path"]?.scalarText ?? ""
                if path.hasPrefix("/") { path.removeFirst() }
                scope.path = path
                // Jekyll's old singular names of the types.
                scope.type = written["type"]?.scalarText.map { ["page": "pages", "post": "posts", "draft": "drafts"][$0] ?? $0 }
            }
            defaults.sets.append(ValueSet(scope: scope, values: values, location: location))
        }
        return defaults
    }
}
