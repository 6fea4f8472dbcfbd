/// A front matter or config value that blogpager does not interpret itself;
/// kept typed so that templates see numbers, flags and lists as written.
public indirect enum FrontMatterValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([FrontMatterValue])
    case map([String: FrontMatterValue])

    /// The value as a template sees it: strings, numbers, arrays and dictionaries.
    public var templateValue: Any {
        switch self {
        case .null: return ""
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .list(let values): return values.map(\.templateValue)
        case .map(let values): return values.mapValues(\.templateValue)
        }
    }

    /// A scalar's text as written (lists and maps have none).
    public var scalarText: String? {
        switch self {
        case .null: return nil
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return value
        case .list, .map: return nil
        }
    }
}

extension FrontMatterValue {
    /// This map with `value` at `path` (keys matched without regard to case, as Hugo's are), maps
    /// made on the way; a value that is no map is replaced by one. A map put over a map is merged
    /// into it, its keys winning: a split config's file adds to what the main file says there.
    func setting(_ path: [String], to value: FrontMatterValue) -> FrontMatterValue {
        guard let first = path.first else {
            guard case .map(var own) = self, case .map(let new) = value else { return value }
            for (key, item) in new {
                own.removeValue(forKey: own.keys.first { $0.lowercased() == key.lowercased() } ?? key)
                own[key] = item
            }
            return .map(own)
        }
        var map: [String: FrontMatterValue] = if case .map(let own) = self { own } else { [:] }
        let key = map.keys.first { $0.lowercased() == first.lowercased() } ?? first
        map[key] = (map[key] ?? .map([:])).setting(Array(path.dropFirst()), to: value)
        return .map(map)
    }

    /// A map's value at `key`, its case not minded (Hugo's keys); nil for no map or no such key.
    func value(forKeyIgnoringCase key: String) -> FrontMatterValue? {
        guard case .map(let map) = self else { return nil }
        return map[key] ?? map.first { $0.key.lowercased() == key.lowercased() }?.value
    }
}
