/// Reads the terms an entry is filed under, for each of the site's
/// taxonomies (`FrontMatterAliases` has put `category`, `author` and Zola's
/// `[taxonomies]` under their taxonomy's key): a list, or one term written
/// alone, which Jekyll splits at spaces (`tags: ruby jekyll` is two tags).
/// An author written as a map (`{name: ..., url: ...}`) is filed by its name.
struct EntryTermsReader {
    var taxonomies: [Taxonomy]
    var splitsOnSpaces: Bool
    /// Whether an item that names no term (`tags: ["", "x"]`, a `- ` with nothing after it, a map
    /// without `name`, a list) is passed over, as Hugo and Jekyll do, instead of an error: Hugo
    /// drops a term that is not text, and Jekyll files only tags and categories.
    var passesOverNonTextTerms = false

    /// Terms by taxonomy key, each list without repeats, in the order written.
    func read(_ byKey: [String: FrontMatterField], log: inout DiagnosticLog) -> [String: [String]] {
        var terms: [String: [String]] = [:]
        for taxonomy in taxonomies {
            guard let field = byKey[taxonomy.key] else { continue }
            var found: [String]
            // Jekyll reads a term written under the singular key (`category: Elixir in Production`)
            // whole, never split; `category` adds to `categories`, `tag` stands instead of `tags`.
            if splitsOnSpaces, let singularKey = Self.jekyllSingulars[taxonomy.key], let singular = byKey[singularKey] {
                let whole = self.terms(of: singular, taxonomy, splitting: false, log: &log)
                let pluralIsWritten = singular.keyLocation != field.keyLocation
                let plural = pluralIsWritten && taxonomy.key == Taxonomy.categories.key ? self.terms(of: field, taxonomy, splitting: true, log: &log) : []
                found = plural + whole.filter { !plural.contains($0) }
            } else {
                // Jekyll splits only its own two (`author: Ada Lovelace` is one author).
                found = self.terms(of: field, taxonomy, splitting: splitsOnSpaces && Self.jekyllSingulars[taxonomy.key] != nil, log: &log)
            }
            if !found.isEmpty { terms[taxonomy.key] = found }
        }
        return terms
    }

    /// The singular keys Jekyll reads beside its two plural ones.
    private static let jekyllSingulars = ["categories": "category", "tags": "tag"]

    /// One field's terms: a list's items whole, one text split at spaces where `splitting`.
    private func terms(of field: FrontMatterField, _ taxonomy: Taxonomy, splitting: Bool, log: inout DiagnosticLog) -> [String] {
        var found: [String] = []
        func add(_ text: String) {
            let words = splitting ? text.split(whereSeparator: \.isWhitespace).map(String.init) : [text.trimmingSpaces]
            for word in words where !word.isEmpty && !found.contains(word) { found.append(word) }
        }
        switch field.value {
        case .null: break
        case .list(let values):
            for (index, value) in values.enumerated() {
                let item = index < field.items.count ? field.items[index] : (location: field.valueLocation, rawText: value.scalarText)
                if let text = Self.name(value) ?? item.rawText, !text.trimmingSpaces.isEmpty {
                    // A list's items are whole terms, spaces and all.
                    let term = text.trimmingSpaces
                    if !found.contains(term) { found.append(term) }
                } else if passesOverNonTextTerms {
                    continue
                } else {
                    log.append(.error(at: item.location, "each \(taxonomy.singular) must be non-empty text"))
                }
            }
        case .map:
            if let name = Self.name(field.value) { add(name) } else if !passesOverNonTextTerms {
                log.append(.error(at: field.valueLocation, "\(taxonomy.key) must be a list such as \(Self.example(taxonomy)) or one \(taxonomy.singular)"))
            }
        default:
            if let text = field.rawText { add(text) }
        }
        return found
    }

    /// A person written as a map is named by its `name`.
    private static func name(_ value: FrontMatterValue) -> String? {
        if case .map(let map) = value { return map["name"]?.scalarText }
        return nil
    }

    private static func example(_ taxonomy: Taxonomy) -> String {
        switch taxonomy.key {
        case "tags": "[swift, ios]"
        case "authors": "[Ada, Grace]"
        default: "[first, second]"
        }
    }
}
