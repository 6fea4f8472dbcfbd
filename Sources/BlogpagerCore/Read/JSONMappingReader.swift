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
            return .failure(located(error, in: json))
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
            // Each of JSON's kinds tried in turn: a value of another kind is no failure, the next is tried.
            if container.decodeNil() {
                value = .null
            } else if let flag = JSONMappingReader.decoded(Bool.self, from: container) {
                value = .bool(flag)
            } else if let number = JSONMappingReader.decoded(Int.self, from: container) {
                value = .int(number)
            } else if let number = JSONMappingReader.decoded(Double.self, from: container) {
                value = .double(number)
            } else if let text = JSONMappingReader.decoded(String.self, from: container) {
                value = .string(text)
            } else if let list = JSONMappingReader.decoded([Node].self, from: container) {
                value = .list(list.map(\.value))
            } else {
                value = .map(try container.decode([String: Node].self).mapValues(\.value))
            }
        }
    }

    /// The value as `type`, or nil where it is of another kind.
    private static func decoded<T: Decodable>(_ type: T.Type, from container: any SingleValueDecodingContainer) -> T? {
        try? container.decode(type)
    }

    /// The decoder says only that the text is not JSON; Foundation's parser says where (`Invalid value
    /// around character 31.`, a byte offset): the error is put there.
    private func located(_ error: any Error, in json: String) -> Diagnostic {
        var reason = Self.reason(error)
        var location = SourceLocation(path: path)
        do {
            _ = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
            if let around = detail.range(of: " around character "), let offset = Int(detail[around.upperBound...].prefix { $0.isNumber }) {
                let bytes = Array(json.utf8.prefix(offset))
                let lineStart = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
                location = SourceLocation(path: path, line: 1 + bytes.count { $0 == UInt8(ascii: "\n") },
                                          column: String(decoding: bytes[lineStart...], as: UTF8.self).unicodeScalars.count + 1)
                reason = String(detail[..<around.lowerBound]).lowercased()
            }
        }
        return .error(at: location, "invalid JSON front matter: \(reason)")
    }

    private static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return ((context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String) ?? context.debugDescription
        }
        return "\(error)"
    }
}
