import Foundation

/// Our templates' own words in the language a page is in: `templates/i18n/en.yml`, under the
/// language's own (`fr.yml`, then `fr-ca.yml` for `fr-CA`), key by key; a site's templates folder
/// may lay its own files over ours or add languages. A language without a file speaks English.
/// Texts name what is filled in as `{term}`, `{site}`, `{month}`, `{count}`, `{kind}` (`{Kind}`
/// capitalized).
struct SiteStrings: Sendable {
    private(set) var values: [String: String]
    /// Whether any word differs from English's: a page in English carries none to its scripts.
    let isEnglish: Bool

    init(language: String, files: [String: [String: String]]) {
        let english = files["en"] ?? [:]
        var values = english
        for name in Self.fileNames(of: language) where name != "en" {
            values.merge(files[name] ?? [:]) { _, own in own }
        }
        self.values = values
        isEnglish = values == english
    }

    /// The files a language reads, the most general first: `fr`, `fr-ca`.
    static func fileNames(of language: String) -> [String] {
        let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
        let primary = String(tag.prefix { $0 != "-" })
        return primary == tag ? [tag] : [primary, tag]
    }

    subscript(key: String) -> String { values[key] ?? key }

    /// A text with its blanks filled in.
    func text(_ key: String, _ fills: [String: String] = [:]) -> String {
        var text = self[key]
        guard text.contains("{") else { return text }
        for (name, value) in fills {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
            if name == "kind" { text = text.replacingOccurrences(of: "{Kind}", with: value.prefix(1).uppercased() + value.dropFirst()) }
        }
        return text
    }

    /// A taxonomy's name in this language: the three every blog knows are translated, others keep their words.
    func title(of taxonomy: Taxonomy) -> String {
        Taxonomy.standard.contains(taxonomy) ? self[taxonomy.key] : taxonomy.title
    }

    func singular(of taxonomy: Taxonomy) -> String {
        Taxonomy.standard.contains(taxonomy) ? self[taxonomy.singular] : taxonomy.singular
    }

    /// The heading of a term's stream (`Tagged “swift”`).
    func heading(of term: String, in taxonomy: Taxonomy) -> String {
        switch taxonomy.key {
        case "tags": text("tagged", ["term": term])
        case "authors": text("by_author", ["term": term])
        default: text("in_term", ["term": term, "kind": singular(of: taxonomy)])
        }
    }

    /// The description of a term's stream, for search engines and link previews.
    func description(of term: String, in taxonomy: Taxonomy, site: String) -> String {
        switch taxonomy.key {
        case "tags": text("tagged_description", ["term": term, "site": site])
        case "authors": text("by_author_description", ["term": term, "site": site])
        default: text("in_term_description", ["term": term, "site": site, "kind": singular(of: taxonomy)])
        }
    }

    /// The words the scripts show, as JSON for the page (`<` escaped, so no text ends its script element).
    var scriptJSON: String {
        let keys = Self.scriptKeys.filter { values[$0] != nil }
        let words = Dictionary(uniqueKeysWithValues: keys.map { ($0, values[$0]!) })
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: words, options: [.sortedKeys])
        } catch {
            preconditionFailure("a mapping of texts is always JSON: \(error)")
        }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }

    static let scriptKeys = ["loading_newer", "loading_older", "error_newer", "error_older", "end_newer", "end_older", "retry", "load_newer",
                             "load_older", "continue_reading", "continue_where", "dismiss", "new_entry", "new_entries", "timeline", "search",
                             "search_the_blog", "search_unavailable", "no_entries_found", "one_entry_found", "entries_found",
                             "entries_found_first", "show_in_archive"]

    /// The i18n files of a template set (`i18n/fr.yml`), read: their words by language, or their errors.
    static func read(_ files: [String: String], origins: [String: String], log: inout DiagnosticLog) -> [String: [String: String]] {
        var read: [String: [String: String]] = [:]
        for (path, text) in files where path.hasPrefix("i18n/") && (path.hasSuffix(".yml") || path.hasSuffix(".yaml")) {
            let shown = origins[path] ?? "templates/\(path)"
            let name = String(path.dropFirst("i18n/".count).prefix { $0 != "." }).lowercased().replacingOccurrences(of: "_", with: "-")
            switch YAMLMappingReader(path: shown).read(text) {
            case .success(let fields):
                var words: [String: String] = [:]
                for field in fields {
                    guard let value = field.value.scalarText else {
                        log.append(.error(at: field.valueLocation, "'\(field.key)' must be a text, the words it stands for"))
                        continue
                    }
                    words[field.key] = value
                }
                read[name] = words
            case .failure(let diagnostic): log.append(diagnostic)
            }
        }
        return read
    }
}
