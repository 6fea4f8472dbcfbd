import Foundation

/// Reads Hugo's JSON front matter (an object at the top of the file) into
/// located fields, with Foundation's JSON parser.
public struct JSONMappingReader: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public func read(_ json: String) -> Result<[FrontMatterField], Diagnostic> {
        let mapping: [String: Node]
        do {
            mapping = try JSONDecoder().decode([String: Node].self, from: Data(json.utf8))
        } catch DecodingError.typeMismatch {
            return .failure(.error(at: SourceLocation(path: path), "expected a JSON object of \"key\": value pairs"))
        } catch {
            return .failure(.error(at: SourceLocation(path: path), "invalid JSON front matter: \(Self.reason(error))"))
        }
        let locator = FrontMatterKeyLocator(text: json, language: .json)
        return .success(mapping.keys.sorted().map { key in
            let place = locator.locate(key)
            let valueLocation = SourceLocation(path: path, line: place.line, column: place.valueColumn)
            let value = mapping[key]!.value
            var items: [(location: SourceLocation, rawText: String?)] = []
            if case .list(let list) = value { items = list.map { (valueLocation, $0.scalarText) } }
            return FrontMatterField(
                key: key, keyLocation: SourceLocation(path: path, line: place.line, column: place.column), valueLocation: valueLocation,
                value: value, rawText: value.scalarText, items: items)
        })
    }

    /// One JSON value as a `FrontMatterValue`: JSON's own types, a flag never taken for a number.
    private struct Node: Decodable {
        var value: FrontMatterValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                value = .int(number)
            } else if let number = try? container.decode(Double.self) {
                value = .double(number)
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else if let list = try? container.decode([Node].self) {
                value = .list(list.map(\.value))
            } else {
                value = .map(try container.decode([String: Node].self).mapValues(\.value))
            }
        }
    }

    private static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return ((context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String) ?? context.debugDescription
        }
        return "\(error)"
    }
}
