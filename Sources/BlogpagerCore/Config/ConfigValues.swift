import Foundation

/// Reading one config's fields into a `SiteConfig`, the same way whichever
/// generator wrote it: typed values with their place, every bad value an
/// error (a warning where the old generator builds the site without it), every
/// key understood but not honoured yet a warning naming it.
struct ConfigValues {
    var log = DiagnosticLog()
    var warnings: [Diagnostic] = []

    /// The kinds of bad value the old generator builds a site with, ignoring the value (Jekyll reads
    /// its config as plain data; Hugo casts a title and reads a bad `paginate` as none).
    enum Kind: Sendable, Hashable { case text, pageSize, address }
    var passedOver: Set<Kind> = []
    /// The old generator's name, for the warning that says it builds the site all the same.
    var generator = "the old generator"

    /// `passedOver`: the bad values the old generator builds a site with (none for blogpager's own config).
    init(passedOver: Set<Kind> = [], generator: String = "the old generator") {
        self.passedOver = passedOver
        self.generator = generator
    }

    /// A bad value: an error, or where the old generator builds the site without it, a warning.
    mutating func bad(_ kind: Kind, at field: FrontMatterField, _ message: String) {
        if passedOver.contains(kind) {
            warnings.append(.warning(at: field.valueLocation, message + "; it is ignored, as \(generator) builds the site without it"))
        } else {
            log.append(.error(at: field.valueLocation, message))
        }
    }

    mutating func text(_ field: FrontMatterField) -> String? {
        guard let text = field.rawText, field.value != .null else {
            bad(.text, at: field, "'\(field.key)' must be a text value")
            return nil
        }
        return text
    }

    /// A name, or a map with a `name` (Jekyll's and Hugo's `author`).
    mutating func name(_ field: FrontMatterField) -> String? {
        if case .map(let map) = field.value { return map["name"]?.scalarText }
        return text(field)
    }

    /// A site's address as an old config wrote it: a host without its scheme (`www.example.org`, which
    /// Jekyll, Hugo and Zola paste into links as written) is that host over HTTPS, with a warning.
    mutating func addressWithScheme(_ text: String, at field: FrontMatterField) -> String {
        guard !text.contains("://"), !text.isEmpty, !text.hasPrefix("/"), !text.contains(" "), text.contains(".") else { return text }
        let address = "https://" + text
        warnings.append(.warning(at: field.valueLocation, "\(field.key) '\(text)' has no scheme; it is taken as \(address)"))
        return address
    }

    /// `named` is the key the message names (blogpager's own config calls its three spellings `base_url`).
    mutating func baseURL(_ value: String, at field: FrontMatterField, named name: String? = nil) -> String? {
        guard let url = URL(string: value), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            bad(.address, at: field, "\(name ?? field.key) must be an absolute http(s) URL such as https://example.org/")
            return nil
        }
        return value.hasSuffix("/") ? value : value + "/"
    }

    mutating func timeZone(_ field: FrontMatterField) -> TimeZone? {
        guard let name = text(field) else { return nil }
        guard let zone = TimeZone(identifier: name) else {
            log.append(.error(at: field.valueLocation, "unknown time zone '\(name)'; expected an IANA name such as Asia/Tokyo or UTC"))
            return nil
        }
        return zone
    }

    /// Jekyll's `timezone`: Jekyll hands it to the C library as `TZ`, which reads a value that
    /// names no zone (`+0100`) as UTC; so does this, with a warning, where `timeZone` would fail.
    mutating func jekyllTimeZone(_ field: FrontMatterField) -> TimeZone? {
        // `timezone:` left empty (a commented template's line) sets none, as in Jekyll.
        if field.value == .null { return nil }
        guard let name = text(field) else { return nil }
        guard let zone = TimeZone(identifier: name) else {
            warnings.append(.warning(at: field.valueLocation,
                                     "'\(name)' names no time zone (an IANA name such as Europe/Paris does); Jekyll, through the C library, read it as UTC, and so does blogpager"))
            return TimeZone(identifier: "UTC")
        }
        return zone
    }

    /// `passedOver`: whether this key's old generator builds the site without a bad one (Hugo's old `paginate`).
    mutating func pageSize(_ value: FrontMatterValue, at field: FrontMatterField, named name: String? = nil, passedOver: Bool = false) -> Int? {
        guard case .int(let size) = value, (1...1000).contains(size) else {
            let message = "\(name ?? field.key) must be a whole number from 1 to 1000"
            if passedOver { warnings.append(.warning(at: field.valueLocation, message + "; it is ignored, as \(generator) builds the site without it")) } else {
                bad(.pageSize, at: field, message)
            }
            return nil
        }
        return size
    }

    mutating func notHonoured(_ field: FrontMatterField, _ consequence: String) {
        warnings.append(.warning(at: field.keyLocation, "'\(field.key)' is not honoured yet: \(consequence)"))
    }

    /// Adds the taxonomies a config names (beside tags, categories and authors), warning of one that cannot be a folder.
    mutating func taxonomies(_ keys: [String], at field: FrontMatterField, into config: inout SiteConfig) {
        for key in keys {
            if let problem = config.addTaxonomy(key) { warnings.append(.warning(at: field.keyLocation, problem)) }
        }
    }
}
