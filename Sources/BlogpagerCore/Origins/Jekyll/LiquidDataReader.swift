import Foundation
import Liquid
import Yams

/// A data file of a Jekyll site (`_data/`, and the site's `_config.yml` for `site.*`) as Liquid
/// sees it: YAML and JSON with their keys in the order written, CSV and TSV as Ruby's `CSV` reads
/// them with headers (a list of rows, each a hash from the header's names to its cells).
struct LiquidDataReader {
    var path: String

    struct Failure: Error {
        var diagnostic: Diagnostic
    }

    /// The extensions Jekyll reads from `_data/`.
    static let extensions: Set<String> = ["yml", "yaml", "json", "csv", "tsv"]

    func read(_ text: String, extension ext: String) -> Result<LiquidValue, Failure> {
        switch ext.lowercased() {
        case "csv": .success(Self.table(text, separator: ","))
        case "tsv": .success(Self.table(text, separator: "\t"))
        case "json": readJSON(text)
        default: readYAML(text)
        }
    }

    private func readYAML(_ text: String) -> Result<LiquidValue, Failure> {
        do {
            guard let root = try Yams.compose(yaml: text, .basic, .default, .utf8) else { return .success(.nil) }
            var budget = YAMLMappingReader.maximumValues
            guard let value = Self.value(of: root, budget: &budget) else {
                return .failure(Failure(diagnostic: .error(at: SourceLocation(path: path, line: root.mark?.line ?? 1, column: root.mark?.column ?? 1),
                                                           "YAML whose aliases (*name) expand to more than \(YAMLMappingReader.maximumValues) values: blogpager reads no more")))
            }
            return .success(value)
        } catch let error as YamlError {
            return .failure(Failure(diagnostic: YAMLMappingReader(path: path).diagnostic(for: error)))
        } catch {
            return .failure(Failure(diagnostic: .error(at: SourceLocation(path: path, line: 1, column: 1), "invalid YAML: \(error)")))
        }
    }

    /// JSON is YAML's flow style, and read as YAML its keys keep their order; what YAML's reader
    /// refuses (a tab where YAML wants none) Foundation's reads, its keys sorted.
    private func readJSON(_ text: String) -> Result<LiquidValue, Failure> {
        if case .success(let value) = readYAML(text) { return .success(value) }
        do {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            return .success(Self.value(ofJSON: object))
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            return .failure(Failure(diagnostic: .error(at: SourceLocation(path: path, line: 1, column: 1), "invalid JSON: \(reason)")))
        }
    }

    static func value(of node: Node, budget: inout Int) -> LiquidValue? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .scalar:
            switch YAMLMappingReader.scalar(of: node) {
            case .null: return .nil
            case .bool(let flag): return .bool(flag)
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            case .string(let text): return .string(text)
            }
        case .sequence(let sequence):
            var items: [LiquidValue] = []
            for item in sequence {
                guard let value = value(of: item, budget: &budget) else { return nil }
                items.append(value)
            }
            return .array(items)
        case .mapping(let mapping):
            var hash = LiquidHash()
            for (key, item) in mapping {
                guard let value = value(of: item, budget: &budget) else { return nil }
                hash[key.scalar?.string ?? "\(key)"] = value
            }
            return .hash(hash)
        case .alias:
            return .nil
        }
    }

    private static func value(ofJSON object: Any) -> LiquidValue {
        switch object {
        case let text as String: return .string(text)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            if let whole = Int(exactly: number.doubleValue), !"\(number)".contains(".") { return .int(whole) }
            return .double(number.doubleValue)
        case let items as [Any]: return .array(items.map(value(ofJSON:)))
        case let map as [String: Any]: return .hash(LiquidHash(map.keys.sorted().map { ($0, value(ofJSON: map[$0]!)) }))
        default: return .nil
        }
    }

    /// Rows of a table with a header line, as `CSV.read(path, headers: true)` gives them to Jekyll:
    /// each row a hash by the header's names; an empty cell is nil, a missing one too.
    static func table(_ text: String, separator: Character) -> LiquidValue {
        let rows = cells(text, separator: separator)
        guard let header = rows.first else { return .array([]) }
        return .array(rows.dropFirst().map { row in
            var hash = LiquidHash()
            for (index, name) in header.enumerated() where hash[name ?? ""] == nil {
                hash[name ?? ""] = index < row.count ? row[index].map(LiquidValue.string) ?? .nil : .nil
            }
            return .hash(hash)
        })
    }

    /// The cells of each line (RFC 4180: a quoted cell may hold the separator, quotes doubled, line
    /// breaks); an unquoted empty cell is nil, as Ruby's CSV reads it. Blank lines are skipped.
    static func cells(_ text: String, separator: Character) -> [[String?]] {
        var rows: [[String?]] = []
        var row: [String?] = []
        var cell = ""
        var quoted = false, wasQuoted = false, inQuotes = false
        var characters = text.makeIterator()
        var pending: Character? = nil
        func endCell() {
            row.append(cell.isEmpty && !wasQuoted ? nil : cell)
            cell = ""
            quoted = false
            wasQuoted = false
        }
        while let character = pending ?? characters.next() {
            pending = nil
            if inQuotes {
                if character == "\"" {
                    if let next = characters.next() {
                        if next == "\"" { cell.append("\"") } else { inQuotes = false; pending = next }
                    } else {
                        inQuotes = false
                    }
                } else {
                    cell.append(character)
                }
                continue
            }
            switch character {
            case "\"" where cell.isEmpty && !quoted:
                inQuotes = true
                quoted = true
                wasQuoted = true
            case separator:
                endCell()
            case "\n", "\r\n", "\r":
                endCell()
                if !(row.count == 1 && row[0] == nil) { rows.append(row) }
                row = []
            default:
                cell.append(character)
            }
        }
        if !cell.isEmpty || wasQuoted || !row.isEmpty {
            endCell()
            if !(row.count == 1 && row[0] == nil) { rows.append(row) }
        }
        return rows
    }
}
