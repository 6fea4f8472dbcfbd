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

    /// The value as text that is the same in every run (a map's keys in order, each string
    /// with its length, so no two values share one): for the keys a rebuild compares.
    var keyText: String {
        switch self {
        case .null: "null"
        case .bool(let value): "bool \(value)"
        case .int(let value): "int \(value)"
        case .double(let value): "double \(value)"
        case .string(let value): "string \(value.utf8.count) \(value)"
        case .list(let values): "list [" + values.map(\.keyText).joined(separator: ", ") + "]"
        case .map(let values):
            "map {" + values.sorted { $0.key < $1.key }.map { "\($0.key.utf8.count) \($0.key): \($0.value.keyText)" }.joined(separator: ", ") + "}"
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
