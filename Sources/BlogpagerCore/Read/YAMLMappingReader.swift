import Foundation
import Yams

/// Reads a YAML mapping (front matter or the site config) into located fields.
/// Yams stays inside this file, `PlainScalarTags` and `LiquidDataReader`: everything it returns is turned into our own
/// `Sendable` values, with positions shifted to the enclosing file.
public struct YAMLMappingReader: Sendable {
    public var path: String
    /// Line of the file on which the YAML text starts (1-based).
    public var firstLine: Int

    /// A key written twice takes its last value (as Jekyll's parser reads it) instead of being an error.
    public var keysMayRepeat: Bool

    public init(path: String, firstLine: Int = 1, keysMayRepeat: Bool = false) {
        self.path = path
        self.firstLine = firstLine
        self.keysMayRepeat = keysMayRepeat
    }

    public func read(_ yaml: String) -> Result<[FrontMatterField], Diagnostic> {
        let root: Node?
        do {
            root = try composeKeepingLastOfRepeatedKeys(yaml)
        } catch let error as YamlError {
            return .failure(diagnostic(for: error))
        } catch {
            return .failure(.error(at: location(line: 1, column: 1), "invalid YAML: \(error)"))
        }
        guard let root else { return .success([]) }
        guard let mapping = root.mapping else {
            return .failure(.error(
                at: location(root.mark), "expected a YAML mapping of `key: value` lines"))
        }
        var fields: [FrontMatterField] = []
        var seen: Set<String> = []
        var budget = Self.maximumValues
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.scalar?.string else {
                return .failure(.error(at: location(keyNode.mark), "expected a plain key"))
            }
            if !seen.insert(key).inserted {
                guard keysMayRepeat else { return .failure(.error(at: location(keyNode.mark), "duplicate key '\(key)'")) }
                fields.removeAll { $0.key == key }
            }
            let items = valueNode.sequence.map { sequence in
                sequence.map { (location(for: $0), $0.scalar?.string) }
            } ?? []
            guard let value = Self.value(of: valueNode, budget: &budget) else {
                return .failure(.error(at: location(for: valueNode),
                                       "YAML whose aliases (*name) expand to more than \(Self.maximumValues) values: blogpager reads no more"))
            }
            fields.append(FrontMatterField(
                key: key,
                keyLocation: location(keyNode.mark),
                valueLocation: location(for: valueNode),
                value: value,
                rawText: valueNode.scalar?.string,
                items: items))
        }
        return .success(fields)
    }

    /// The YAML's node tree. The encoding is named, not `.default`: Yams works that out from the
    /// process environment on every call, a few percent of a full build. The resolver has no
    /// rules: Yams would otherwise try its regular expressions on every key as it looks for
    /// repeated ones, and keys are read as text here; a value's tag comes from `PlainScalarTags`,
    /// which asks Yams's default rules.
    private static func compose(_ yaml: String) throws -> Node? {
        try Yams.compose(yaml: yaml, .basic, .default, .utf8)
    }

    /// The text with each earlier block of a repeated top-level key blanked out
    /// (lines kept, so every position stays where it was).
    static func keepingLastOfRepeatedKeys(_ yaml: String) -> String {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [(key: String, start: Int)] = []
        for (index, line) in lines.enumerated() {
            guard let first = line.first, first != " ", first != "\t", first != "#", first != "-", let colon = line.firstIndex(of: ":") else { continue }
            var key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            // `"title":` and `title:` are the same key, as this reader reads keys.
            if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote {
                key = String(key.dropFirst().dropLast())
            }
            blocks.append((key, index))
        }
        // The last block of each key, found once: the earlier ones are blanked.
        var last: [String: Int] = [:]
        for (position, block) in blocks.enumerated() { last[block.key] = position }
        for (position, block) in blocks.enumerated() where last[block.key] != position {
            let end = position + 1 < blocks.count ? blocks[position + 1].start : lines.count
            for index in block.start..<end { lines[index] = "" }
        }
        return lines.joined(separator: "\n")
    }

    /// The most repeated nested keys one text may have blanked, each costing a reading of the whole text.
    static let maximumRepeatedKeys = 100

    /// The node tree; where keys may repeat (Jekyll's parser keeps a key's last value, at any depth),
    /// Yams's refusal of one is met by blanking the key's earlier block and reading again.
    private func composeKeepingLastOfRepeatedKeys(_ yaml: String, blanked: Int = 0) throws -> Node? {
        do {
            return try Self.compose(yaml)
        } catch let error as YamlError {
            guard keysMayRepeat, blanked < Self.maximumRepeatedKeys, case .duplicatedKeysInMapping(_, let context) = error else { throw error }
            // Top-level keys first, all in one pass over the lines; then a nested one at a time.
            let topLevel = blanked == 0 ? Self.keepingLastOfRepeatedKeys(yaml) : yaml
            if topLevel != yaml { return try composeKeepingLastOfRepeatedKeys(topLevel, blanked: blanked + 1) }
            guard let kept = Self.blankingKey(atLine: context.mark.line, column: context.mark.column, in: yaml) else { throw error }
            return try composeKeepingLastOfRepeatedKeys(kept, blanked: blanked + 1)
        }
    }

    /// The text with the block key that starts at this place (1-based, in Unicode scalars, as libyaml
    /// counts) blanked: its line from the key on, and the lines under it indented deeper, so every
    /// other position stays where it was. Nil where the key is not the first thing on its line
    /// after any `- ` (a flow mapping's key), which this cannot cut out.
    static func blankingKey(atLine line: Int, column: Int, in yaml: String) -> String? {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line >= 1, line <= lines.count, column >= 1 else { return nil }
        let scalars = Array(lines[line - 1].unicodeScalars)
        guard column - 1 < scalars.count,
              scalars[..<(column - 1)].allSatisfy({ $0 == " " || $0 == "-" || $0 == "\t" }) else { return nil }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[..<(column - 1)])
        lines[line - 1] = String(kept)
        var next = line
        while next < lines.count {
            let text = lines[next]
            let indent = text.prefix { $0 == " " }.count
            let isBlank = text.allSatisfy { $0 == " " || $0 == "\t" }
            // A block sequence may stand at its key's own indentation (`tags:` then `- a`).
            let isOwnSequence = indent == column - 1 && text.dropFirst(indent).hasPrefix("-")
            if !isBlank && indent < column && !isOwnSequence { break }
            lines[next] = ""
            next += 1
        }
        return lines.joined(separator: "\n")
    }

    /// Values one text may give, aliases expanded: an alias shares its anchor's node, so a few lines
    /// of aliases of aliases name billions of values, each of which becomes one of ours.
    static let maximumValues = 1_000_000

    /// The node as our value; nil once it has given more than `budget` values.
    private static func value(of node: Node, budget: inout Int) -> FrontMatterValue? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .scalar:
            switch scalar(of: node) {
            case .null: return .null
            case .bool(let flag): return .bool(flag)
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            case .string(let text): return .string(text)
            }
        case .sequence(let sequence):
            var values: [FrontMatterValue] = []
            for item in sequence {
                guard let value = value(of: item, budget: &budget) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .mapping(let mapping):
            var values: [String: FrontMatterValue] = [:]
            for (key, item) in mapping {
                guard let value = value(of: item, budget: &budget) else { return nil }
                values[key.scalar?.string ?? "\(key)"] = value
            }
            return .map(values)
        case .alias:
            return .null
        }
    }

    /// A scalar as YAML types it: null, a boolean, a number or text.
    enum Scalar {
        case null, bool(Bool), int(Int), double(Double), string(String)
    }

    /// A scalar node's value; an untagged plain scalar's tag is worked out here, asking only the rules that can match.
    static func scalar(of node: Node) -> Scalar {
        guard case .scalar(let scalar) = node else { return .null }
        let tag = scalar.tag.rawValue == Tag.Name.implicit.rawValue ? PlainScalarTags.name(ofPlain: scalar.string).rawValue : node.tag.rawValue
        switch tag {
        case Tag.Name.null.rawValue: return .null
        case Tag.Name.bool.rawValue: return node.bool.map(Scalar.bool) ?? .string(scalar.string)
        case Tag.Name.int.rawValue: return node.int.map(Scalar.int) ?? .string(scalar.string)
        case Tag.Name.float.rawValue: return node.float.map(Scalar.double) ?? .string(scalar.string)
        default: return .string(scalar.string)
        }
    }

    private func location(for node: Node) -> SourceLocation {
        location(node.mark)
    }

    private func location(_ mark: Mark?) -> SourceLocation {
        location(line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: path, line: firstLine + line - 1, column: column)
    }

    func diagnostic(for error: YamlError) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text))" } ?? ""
            return .error(at: location(mark), "invalid YAML: \(problem)\(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return .error(at: location(context.mark), "duplicate key\(duplicates.count == 1 ? "" : "s") \(keys): each key may appear once")
        case .reader(let problem, _, _, _):
            return .error(at: location(line: 1, column: 1), "invalid YAML: \(problem)")
        default:
            return .error(at: location(line: 1, column: 1), "invalid YAML: \(error)")
        }
    }
}
