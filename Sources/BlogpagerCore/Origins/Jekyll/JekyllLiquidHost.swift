import Foundation
import Liquid

/// What Jekyll lends a page's Liquid beside the engine's own: the site's includes (confined to
/// `_includes/`, and `include_relative` to the site), Jekyll's filters that need the site (its
/// URLs, dates in its time zone, Markdown) and its tags `post_url`, `link` and `highlight`.
struct JekyllLiquidHost: LiquidHost {
    let site: LiquidSite
    /// The file being rendered: links and `include_relative` start from it.
    let source: SourceFile
    let markdown: MarkdownRenderer

    var tagNames: Set<String> { LiquidSite.tagNames }
    var blockTagNames: Set<String> { LiquidSite.blockTagNames }
    var includeTagNames: Set<String> { LiquidSite.includeTagNames(site.config) }

    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    func includeSource(named name: String, relative: Bool) throws -> String? {
        if let problem = JekyllIncludeName.problem(with: name) { throw Refusal(description: "include '\(name)' is refused: \(problem)") }
        let below = JekyllIncludeName.pathBelowFolder(name)
        guard relative else {
            // Not in `_includes/` (a theme's?): the check stage warned of it; it gives nothing.
            return site.sources.includes[below] ?? ""
        }
        let root = site.sources.root
        guard let file = source.filePath, !root.isEmpty else { return nil }
        let folder = (file as NSString).deletingLastPathComponent
        let path = "\(folder)/\(below)"
        let files = site.sources.files
        let resolved = files.resolve(path), base = files.resolve(root)
        guard resolved.hasPrefix(base + "/") else { throw Refusal(description: "include_relative '\(name)' leads out of the site") }
        guard files.item(at: path) != nil else { return nil }
        do {
            return String(decoding: try files.read(path), as: UTF8.self)
        } catch {
            throw Refusal(description: "cannot read include_relative '\(name)': \(SystemErrorText.reason(error))")
        }
    }

    /// A site's include as the build parsed it once (`LiquidSite.includes`); one that did not parse is parsed again where it is
    /// included, for its error there.
    func parsedInclude(named name: String, relative: Bool) throws -> LiquidTemplate? {
        guard !relative else { return nil }
        if let problem = JekyllIncludeName.problem(with: name) { throw Refusal(description: "include '\(name)' is refused: \(problem)") }
        guard case .success(let template)? = site.include(named: name)?.template else { return nil }
        return template
    }

    func filter(named name: String, input: LiquidValue, arguments: [LiquidValue], keywordArguments: LiquidHash) throws -> LiquidValue? {
        func text(_ index: Int) -> String? { arguments.indices.contains(index) ? arguments[index].renderedText : nil }
        switch name {
        case "relative_url": return input == .nil ? .nil : .string(relativeURL(input.renderedText))
        case "absolute_url":
            guard input != .nil else { return .nil }
            let relative = relativeURL(input.renderedText)
            if relative.contains("://") { return .string(relative) }
            return .string((site.site["url"]?.renderedText ?? "") + relative)
        case "date":
            guard let format = text(0), !format.isEmpty, let date = date(from: input) else { return input }
            return .string(RubyStrftime.format(date, format))
        case "date_to_string", "date_to_long_string":
            guard let date = date(from: input).map(inSiteZone) else { return input }
            return .string(RubyStrftime.jekyllDate(date, monthFormat: name == "date_to_string" ? "%b" : "%B", type: text(0), style: text(1)))
        case "date_to_xmlschema":
            guard let date = date(from: input).map(inSiteZone) else { return input }
            return .string(RubyStrftime.format(date, "%Y-%m-%dT%H:%M:%S") + Self.colonOffset(date))
        case "date_to_rfc822":
            guard let date = date(from: input).map(inSiteZone) else { return input }
            return .string(RubyStrftime.format(date, "%a, %d %b %Y %H:%M:%S %z"))
        case "markdownify": return .string(markdown.render(input.renderedText).html)
        case "smartify": return .string(Self.smartified(input.renderedText))
        case "slugify": return input == .nil ? .nil : .string(Self.slugified(input.renderedText, mode: text(0) ?? "default", cased: arguments.count > 1 && arguments[1].isTruthy))
        case "normalize_whitespace":
            return .string(input.renderedText.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        default: return nil
        }
    }

    func renderTag(named name: String, markup: String, body: String?, variable: (String) -> LiquidValue) throws -> String {
        let words = TemplateText.words(markup)
        switch name {
        case "post_url", "link":
            let target = TemplateText.unquoted(words.first ?? "") ?? words.first ?? ""
            let reference = TemplateText.LinkReference(style: name == "post_url" ? .postName : .sitePath, target: target)
            // One that names no entry is an error of the check stage.
            return site.links?.url(for: reference, from: source) ?? "#"
        case "seo":
            return JekyllSeoTag(markup: markup, variable: variable) { value, filters in self.filtered(value, filters) }.render()
        case "feed_meta":
            // jekyll-feed's link to the site's feed (`feed.path`, else `feed.xml`), titled with the site's title.
            let settings = site.sources.settings
            let path = if case .hash(let feed)? = settings["feed"], let written = feed["path"], written != .nil { written.renderedText } else { "feed.xml" }
            var link = "<link type=\"application/atom+xml\" rel=\"alternate\" href=\"\(Self.xmlAttribute(filtered(.string(path), "absolute_url")))\""
            if let title = [settings["title"], settings["name"]].compactMap({ $0 }).first(where: { $0 != .nil }) {
                link += " title=\"\(Self.xmlAttribute(title.renderedText))\""
            }
            return link + " />"
        case "highlight":
            // On a line of its own: the block is Markdown's fenced code, highlighted as every other.
            // Marked as the tag's, whose block kramdown's shape writes as a figure (`KramdownCodeShape`).
            let options = (Array(words.dropFirst()) + (site.config.usesSiteLayouts ? [KramdownCodeShape.figureOption] : [])).joined(separator: " ")
            return "\n" + BodyRenderer.fencedCode(language: words.first, options: options, code: TemplateText.trimmingBlankEnds(body ?? ""))
        default:
            return ""
        }
    }

    // MARK: Jekyll's filters

    /// `value` through a chain of the site's filters (`markdownify | strip_html`), as a template would pass it.
    func filtered(_ value: LiquidValue, _ filters: String) -> String {
        do {
            let template = try site.filterChains[filters] ?? LiquidTemplate(source: "{{ value | \(filters) }}")
            return try template.render(["value": value], host: self)
        } catch {
            // The chains are the build's own, of filters every site has.
            return value.renderedText
        }
    }

    /// Ruby's `encode(xml: :attr)` without its quotes: `&`, `<`, `>` and `"` escaped.
    static func xmlAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Jekyll's `relative_url`: the site's base path before a path of the site; an address with a scheme as it is.
    private func relativeURL(_ path: String) -> String {
        if path.contains("://") || path.hasPrefix("//") { return path }
        let base = site.site["baseurl"]?.renderedText ?? ""
        let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        let joined = (trimmedBase.isEmpty || trimmedBase.hasPrefix("/") ? trimmedBase : "/" + trimmedBase) + (path.hasPrefix("/") ? path : "/" + path)
        return joined.replacingOccurrences(of: " ", with: "%20")
    }

    /// A date from what a template holds: a time's text, `now`/`today`, or seconds since 1970.
    private func date(from input: LiquidValue) -> EntryDate? {
        switch input {
        case .int(let seconds): return EntryDate(epochSeconds: Int64(seconds)).shown(in: site.config.timeZone)
        case .double(let seconds) where seconds.isFinite && abs(seconds) < 1e15: return EntryDate(epochSeconds: Int64(seconds)).shown(in: site.config.timeZone)
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if trimmed == "now" || trimmed == "today" { return EntryDate(epochSeconds: Int64(site.now.timeIntervalSince1970)).shown(in: site.config.timeZone) }
            if let seconds = Int64(trimmed) { return EntryDate(epochSeconds: seconds).shown(in: site.config.timeZone) }
            // A text no time can be read from is no date: ruby-liquid's `date` filter then gives its input back.
            switch EntryDateParser(siteTimeZone: site.config.timeZone, readingAsRubyAt: site.now).parse(trimmed) {
            case .success(let date): return date
            case .failure: return nil
            }
        default: return nil
        }
    }

    /// Jekyll's date filters show a time in the site's zone (Ruby's `localtime`).
    private func inSiteZone(_ date: EntryDate) -> EntryDate { date.shown(in: site.config.timeZone) }

    private static func colonOffset(_ date: EntryDate) -> String {
        let offset = Int(date.offsetSeconds) / 60
        let hours = abs(offset) / 60, minutes = abs(offset) % 60
        return (offset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// Jekyll's `slugify`: runs of other characters as one `-`, lowercased unless `cased`.
    static func slugified(_ text: String, mode: String, cased: Bool) -> String {
        let kept: (Character) -> Bool
        switch mode {
        case "none": return text
        case "raw": kept = { !$0.isWhitespace }
        case "pretty": kept = { $0.isLetter || $0.isNumber || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark } || "._~!$&'()+,;=@".contains($0) }
        case "ascii", "latin": kept = { $0.isASCII && ($0.isLetter || $0.isNumber) }
        default: kept = { $0.isLetter || $0.isNumber || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark } }
        }
        var source = text
        if mode == "latin" { source = source.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false) ?? source }
        var slug = ""
        var pendingDash = false
        for character in source {
            if kept(character) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return cased ? slug : slug.lowercased()
    }

    /// SmartyPants as kramdown does it for Jekyll's `smartify`: curly quotes, dashes, an ellipsis.
    static func smartified(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let before = index > 0 ? characters[index - 1] : " "
            let opens = before.isWhitespace || "([{-–—".contains(before)
            if character == "-", index + 2 < characters.count, characters[index + 1] == "-", characters[index + 2] == "-" {
                result += "—"; index += 3; continue
            }
            if character == "-", index + 1 < characters.count, characters[index + 1] == "-" {
                result += "–"; index += 2; continue
            }
            if character == ".", index + 2 < characters.count, characters[index + 1] == ".", characters[index + 2] == "." {
                result += "…"; index += 3; continue
            }
            switch character {
            case "\"": result += opens ? "“" : "”"
            case "'": result += opens ? "‘" : "’"
            default: result.append(character)
            }
            index += 1
        }
        return result
    }
}
