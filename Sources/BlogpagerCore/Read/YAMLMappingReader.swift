import Yams

/// Reads a YAML mapping (front matter or the site config) into located fields.
/// Yams stays inside this file: everything it returns is turned into our own
/// `Sendable` values, with positions shifted to the enclosing file.
public struct YAMLMappingReader: Sendable {
    public var path: String
    /// Line of the file on which the YAML text starts (1-based).
    public var firstLine: Int

    public init(path: String, firstLine: Int = 1) {
        self.path = path
        self.firstLine = firstLine
    }

    public func read(_ yaml: String) -> Result<[FrontMatterField], Diagnostic> {
        let root: Node?
        do {
            // The encoding named, not `.default`: Yams works that out from the
            // process environment on every call, a few percent of a full build.
            root = try Yams.compose(yaml: yaml, .default, .default, .utf8)
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
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.scalar?.string else {
                return .failure(.error(at: location(keyNode.mark), "expected a plain key"))
            }
            if !seen.insert(key).inserted {
                return .failure(.error(at: location(keyNode.mark), "duplicate key '\(key)'"))
            }
            let items = valueNode.sequence.map { sequence in
                sequence.map { (location(for: $0), $0.scalar?.string) }
            } ?? []
            fields.append(FrontMatterField(
                key: key,
                keyLocation: location(keyNode.mark),
                valueLocation: location(for: valueNode),
                value: Self.value(of: valueNode),
                rawText: valueNode.scalar?.string,
                items: items))
        }
        return .success(fields)
    }

    private static func value(of node: Node) -> FrontMatterValue {
        switch node {
        case .scalar(let scalar):
            switch node.tag.rawValue {
            case Tag.Name.null.rawValue: return .null
            case Tag.Name.bool.rawValue: return node.bool.map(FrontMatterValue.bool) ?? .string(scalar.string)
            case Tag.Name.int.rawValue: return node.int.map(FrontMatterValue.int) ?? .string(scalar.string)
            case Tag.Name.float.rawValue: return node.float.map(FrontMatterValue.double) ?? .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .sequence(let sequence):
            return .list(sequence.map(value(of:)))
        case .mapping(let mapping):
            var values: [String: FrontMatterValue] = [:]
            for (key, item) in mapping {
                values[key.scalar?.string ?? "\(key)"] = value(of: item)
            }
            return .map(values)
        case .alias:
            return .null
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

    private func diagnostic(for error: YamlError) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text))" } ?? ""
            return .error(at: location(mark), "invalid YAML: \(problem)\(detail)")
        case .reader(let problem, _, _, _):
            return .error(at: location(line: 1, column: 1), "invalid YAML: \(problem)")
        default:
            return .error(at: location(line: 1, column: 1), "invalid YAML: \(error)")
        }
    }
}
