import TOMLKit

/// Reads TOML front matter (Hugo's and Zola's `+++`) into located fields.
/// TOMLKit stays inside this file: everything it returns is turned into our
/// own `Sendable` values, with positions shifted to the enclosing file.
public struct TOMLMappingReader: Sendable {
    public var path: String
    /// Line of the file on which the TOML text starts (1-based).
    public var firstLine: Int

    public init(path: String, firstLine: Int = 1) {
        self.path = path
        self.firstLine = firstLine
    }

    public func read(_ toml: String) -> Result<[FrontMatterField], Diagnostic> {
        let checked: String
        switch TOMLPreCheck.check(toml) {
        case .success(let text): checked = text
        case .failure(let problem): return .failure(.error(at: location(line: problem.line, column: problem.column), problem.message))
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: checked)
        } catch let error as TOMLParseError {
            return .failure(.error(at: location(line: error.source.begin.line, column: error.source.begin.column), "invalid TOML: \(error.description)"))
        } catch {
            return .failure(.error(at: location(line: 1, column: 1), "invalid TOML: \(error)"))
        }
        let locator = FrontMatterKeyLocator(text: toml, language: .toml)
        var fields: [FrontMatterField] = []
        for key in table.keys {
            guard let node = table[key] else { continue }
            let place = locator.locate(key)
            let valueLocation = location(line: place.line, column: place.valueColumn)
            var items: [(location: SourceLocation, rawText: String?)] = []
            if let array = node.array {
                for item in array { items.append((valueLocation, Self.rawText(of: item))) }
            }
            fields.append(FrontMatterField(
                key: key, keyLocation: location(line: place.line, column: place.column), valueLocation: valueLocation,
                value: Self.value(of: node), rawText: Self.rawText(of: node), items: items))
        }
        return .success(fields)
    }

    /// A scalar's text; dates and times in RFC 3339, as TOML writes them.
    private static func rawText(of node: TOMLValueConvertible) -> String? {
        switch node.type {
        case .string: return node.string
        case .int: return node.int.map(String.init)
        case .double: return node.double.map { String($0) }
        case .bool: return node.bool.map { $0 ? "true" : "false" }
        case .date: return node.date.map(text(of:))
        case .time: return node.time.map(text(of:))
        case .dateTime:
            guard let dateTime = node.dateTime else { return nil }
            var written = text(of: dateTime.date) + "T" + text(of: dateTime.time)
            if let offset = dateTime.offset?.offset {
                let minutes = abs(offset)
                written += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
            }
            return written
        case .array, .table: return nil
        }
    }

    private static func value(of node: TOMLValueConvertible) -> FrontMatterValue {
        switch node.type {
        case .string: return node.string.map(FrontMatterValue.string) ?? .null
        case .int: return node.int.map(FrontMatterValue.int) ?? .null
        case .double: return node.double.map(FrontMatterValue.double) ?? .null
        case .bool: return node.bool.map(FrontMatterValue.bool) ?? .null
        case .date, .time, .dateTime: return rawText(of: node).map(FrontMatterValue.string) ?? .null
        case .array: return .list(node.array.map { $0.map(value(of:)) } ?? [])
        case .table:
            var values: [String: FrontMatterValue] = [:]
            if let table = node.table {
                for key in table.keys { if let item = table[key] { values[key] = value(of: item) } }
            }
            return .map(values)
        }
    }

    private static func text(of date: TOMLDate) -> String {
        String(format: "%04d-%@-%@", date.year, two(date.month), two(date.day))
    }

    private static func text(of time: TOMLTime) -> String {
        let whole = two(time.hour) + ":" + two(time.minute) + ":" + two(time.second)
        guard time.nanoSecond > 0 else { return whole }
        var fraction = String(time.nanoSecond)
        fraction = String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return whole + "." + fraction
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: path, line: firstLine + line - 1, column: column)
    }
}
