import Foundation

/// Liquid's standard filters and Jekyll's filters that need nothing of the site, as their documentation
/// and Ruby's behaviour give them.
enum LiquidFilters {
    struct Failure: Error {
        var message: String
    }

    static func apply(_ name: String, to input: LiquidValue, arguments: [LiquidValue], keywordArguments: LiquidHash, renderer: LiquidRenderer) throws -> LiquidValue? {
        func argument(_ index: Int) -> LiquidValue { index < arguments.count ? arguments[index] : .nil }
        func text(_ index: Int) -> String { argument(index).renderedText }
        // Made only by the filters that take text: a list's text (every item's) costs what the list holds.
        lazy var string = input.renderedText
        switch name {
        // Strings
        case "append": return .string(string + text(0))
        case "prepend": return .string(text(0) + string)
        case "upcase": return .string(string.uppercased())
        case "downcase": return .string(string.lowercased())
        case "capitalize": return .string(string.prefix(1).uppercased() + string.dropFirst().lowercased())
        case "strip": return .string(string.trimmingLiquidWhitespace)
        case "lstrip": return .string(String(string.drop(while: \.isLiquidWhitespace)))
        case "rstrip": return .string(string.trimmingTrailingLiquidWhitespace)
        case "strip_newlines": return .string(string.replacingOccurrences(of: "\r\n", with: "").replacingOccurrences(of: "\n", with: ""))
        case "newline_to_br": return .string(string.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "<br />\n"))
        case "remove": return .string(string.replacingOccurrences(of: text(0), with: ""))
        case "remove_first": return .string(replacingFirst(text(0), in: string, with: ""))
        case "remove_last": return .string(replacingLast(text(0), in: string, with: ""))
        case "replace": return .string(text(0).isEmpty ? string : string.replacingOccurrences(of: text(0), with: text(1)))
        case "replace_first": return .string(replacingFirst(text(0), in: string, with: text(1)))
        case "replace_last": return .string(replacingLast(text(0), in: string, with: text(1)))
        case "truncate":
            let length = arguments.isEmpty ? 50 : argument(0).number.clampedInt
            let ellipsis = arguments.count > 1 ? text(1) : "..."
            guard string.count > length else { return .string(string) }
            return .string(String(string.prefix(max(0, length - ellipsis.count))) + ellipsis)
        case "truncatewords":
            let count = max(1, arguments.isEmpty ? 15 : argument(0).number.clampedInt)
            let ellipsis = arguments.count > 1 ? text(1) : "..."
            let words = string.split(whereSeparator: \.isLiquidWhitespace)
            guard words.count > count else { return .string(string) }
            return .string(words.prefix(count).joined(separator: " ") + ellipsis)
        case "split":
            return .array(split(string, on: text(0)).map { .string($0) })
        case "escape", "h":
            return input == .nil ? .nil : .string(escape(string))
        case "xml_escape":
            return .string(escape(string).replacingOccurrences(of: "&#39;", with: "&apos;"))
        case "escape_once":
            return .string(escapedOnce(string))
        case "url_encode", "cgi_escape":
            return input == .nil ? .nil : .string(cgiEscape(string))
        case "uri_escape":
            return .string(string.addingPercentEncoding(withAllowedCharacters: uriAllowed) ?? string)
        case "url_decode":
            return .string(string.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? string)
        case "strip_html":
            return .string(strippedHTML(string))
        case "size":
            switch input {
            case .string(let value): return .int(value.count)
            case .array(let items): return .int(items.count)
            case .hash(let hash): return .int(hash["size"].map { $0.number.clampedInt } ?? hash.count)
            case .range(let range): return .int(range.count)
            default: return .int(0)
            }
        case "slice":
            let start = argument(0).number.clampedInt
            let length = arguments.count > 1 ? argument(1).number.clampedInt : 1
            if case .array(let items) = input {
                let from = start < 0 ? items.count + start : start
                guard from >= 0, from <= items.count, length >= 0 else { return .array([]) }
                return .array(Array(items[from..<(from + min(length, items.count - from))]))
            }
            let characters = Array(string)
            let from = start < 0 ? characters.count + start : start
            guard from >= 0, from <= characters.count, length >= 0 else { return .nil }
            return .string(String(characters[from..<(from + min(length, characters.count - from))]))
        case "number_of_words":
            return .int(string.split(whereSeparator: \.isWhitespace).count)
        case "base64_encode":
            return .string(Data(string.utf8).base64EncodedString())
        case "base64_decode":
            guard let data = Data(base64Encoded: string), let decoded = String(data: data, encoding: .utf8) else { throw Failure(message: "invalid base64 provided to base64_decode") }
            return .string(decoded)
        case "default":
            let allowFalse = keywordArguments["allow_false"]?.isTruthy ?? false
            if input == .bool(false) && allowFalse { return input }
            return !input.isTruthy || input.isEmpty ? argument(0) : input
        case "inspect":
            // Jekyll's inspect escapes what Ruby's inspect writes.
            return .string(escape(input.inspected).replacingOccurrences(of: "&#39;", with: "&apos;"))
        case "jsonify":
            return .string(json(input))

        // Numbers
        case "plus": return arithmetic(input, argument(0), { $0.addingReportingOverflow($1) }, +)
        case "minus": return arithmetic(input, argument(0), { $0.subtractingReportingOverflow($1) }, -)
        case "times": return arithmetic(input, argument(0), { $0.multipliedReportingOverflow(by: $1) }, *)
        case "divided_by":
            let divisor = argument(0).number
            if case .int(0) = divisor { throw Failure(message: "divided by 0") }
            if case .int(let a) = input.number, case .int(let b) = divisor, let quotient = floorDivide(a, b) { return .int(quotient) }
            return .double(NSDecimalNumber(decimal: decimal(input.number) / decimal(divisor)).doubleValue)
        case "modulo":
            let divisor = argument(0).number
            if case .int(0) = divisor { throw Failure(message: "divided by 0") }
            if case .int(let a) = input.number, case .int(let b) = divisor, let quotient = floorDivide(a, b) {
                let (product, overflow) = b.multipliedReportingOverflow(by: quotient)
                if !overflow { return .int(a - product) }
            }
            let a = input.number.doubleValue, b = divisor.doubleValue
            return .double(a - b * (a / b).rounded(.down))
        case "abs":
            switch input.number {
            case .int(let value): return value == .min ? .double(-Double(value)) : .int(abs(value))
            case .double(let value): return .double(abs(value))
            }
        case "ceil": return LiquidNumber.integral(input.number.doubleValue.rounded(.up))
        case "floor": return LiquidNumber.integral(input.number.doubleValue.rounded(.down))
        case "round":
            let digits = argument(0).number.clampedInt
            if case .int = input.number, digits >= 0 { return input.number.value }
            let value = input.number.doubleValue
            if digits <= 0 && arguments.isEmpty { return LiquidNumber.integral(value.rounded(.toNearestOrAwayFromZero)) }
            let scale = pow(10, Double(digits))
            return .double((value * scale).rounded(.toNearestOrAwayFromZero) / scale)
        case "at_least":
            return input.number.doubleValue >= argument(0).number.doubleValue ? input.number.value : argument(0).number.value
        case "at_most":
            return input.number.doubleValue <= argument(0).number.doubleValue ? input.number.value : argument(0).number.value

        // Arrays
        case "join":
            let glue = arguments.isEmpty ? " " : text(0)
            return .string(try items(input).map(\.renderedText).joined(separator: glue))
        case "first":
            if case .string(let value) = input { return value.first.map { .string(String($0)) } ?? .nil }
            return try items(input).first ?? .nil
        case "last":
            if case .string(let value) = input { return value.last.map { .string(String($0)) } ?? .nil }
            return try items(input).last ?? .nil
        case "reverse": return .array(try items(input).reversed())
        case "compact":
            let key = arguments.isEmpty ? nil : text(0)
            return .array(try items(input).filter { item in (key.map { property(of: item, $0) } ?? item) != .nil })
        case "uniq":
            var seen: [LiquidValue] = []
            for item in try items(input) where !seen.contains(item) { seen.append(item) }
            return .array(seen)
        case "concat":
            guard case .array(let more) = argument(0) else { throw Failure(message: "concat filter requires an array argument") }
            return .array(try items(input) + more)
        case "map":
            let key = text(0)
            return .array(try items(input).flatMap { item -> [LiquidValue] in
                if case .array(let nested) = item { return nested.map { property(of: $0, key) } }
                return [property(of: item, key)]
            })
        case "sum":
            var total = LiquidNumber.int(0)
            for item in try items(input) {
                let value = arguments.isEmpty ? item : property(of: item, text(0))
                total = add(total, value.number)
            }
            return total.value
        case "sort", "sort_natural":
            let key = arguments.isEmpty ? nil : text(0)
            return .array(try sorted(try items(input), by: key, natural: name == "sort_natural"))
        case "where":
            let key = text(0)
            return .array(try items(input).filter { item in
                let value = property(of: item, key)
                if arguments.count < 2 { return value.isTruthy }
                return matches(value, argument(1))
            })
        case "where_exp", "find_exp", "group_by_exp":
            return try expressionFilter(name, input: input, variable: text(0), expression: text(1), renderer: renderer)
        case "find":
            return try items(input).first { matches(property(of: $0, text(0)), argument(1)) } ?? .nil
        case "group_by":
            return group(try items(input)) { property(of: $0, text(0)) }
        case "push": return .array(try items(input) + [argument(0)])
        case "pop": return .array(Array(try items(input).dropLast(argument(0) == .nil ? 1 : max(0, argument(0).number.clampedInt))))
        case "shift": return .array(Array(try items(input).dropFirst(argument(0) == .nil ? 1 : max(0, argument(0).number.clampedInt))))
        case "unshift": return try .array([argument(0)] + items(input))
        case "sample":
            let all = try items(input)
            if arguments.isEmpty { return all.first ?? .nil }
            return .array(Array(all.prefix(max(0, argument(0).number.clampedInt))))
        case "array_to_sentence_string":
            let words = try items(input).map(\.renderedText)
            let connector = arguments.isEmpty ? "and" : text(0)
            switch words.count {
            case 0: return .string("")
            case 1: return .string(words[0])
            case 2: return .string("\(words[0]) \(connector) \(words[1])")
            default: return .string(words.dropLast().joined(separator: ", ") + ", \(connector) " + words.last!)
            }
        default:
            return nil
        }
    }

    // MARK: Helpers

    /// The most items a range may give a filter: `(1..100000000) | join` is refused, not made.
    static let maximumRangeItems = 1_000_000

    static func items(_ value: LiquidValue) throws -> [LiquidValue] {
        switch value {
        case .array(let items): return items
        case .range(let range):
            guard range.count <= maximumRangeItems else { throw Failure(message: "the range \(value.renderedText) has more than \(maximumRangeItems) items") }
            return range.map { .int($0) }
        case .nil: return []
        default: return [value]
        }
    }

    static func property(of item: LiquidValue, _ name: String) -> LiquidValue {
        var value = item
        for part in name.split(separator: ".") {
            guard let next = LiquidRenderer.member(of: value, .string(String(part)), commands: false) else { return .nil }
            value = next
        }
        return value
    }

    /// Jekyll's `where` matches a property against a value by their text, and an array property when it holds the value.
    static func matches(_ value: LiquidValue, _ target: LiquidValue) -> Bool {
        if case .array(let values) = value { return values.contains { $0.renderedText == target.renderedText } }
        return value.renderedText == target.renderedText
    }

    static func group(_ items: [LiquidValue], key: (LiquidValue) throws -> LiquidValue) rethrows -> LiquidValue {
        var order: [String] = []
        var groups: [String: [LiquidValue]] = [:]
        for item in items {
            let name = try key(item).renderedText
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(item)
        }
        return .array(order.map { name in
            .hash(LiquidHash([("name", .string(name)), ("items", .array(groups[name]!)), ("size", .int(groups[name]!.count))]))
        })
    }

    private static func expressionFilter(_ name: String, input: LiquidValue, variable: String, expression: String, renderer: LiquidRenderer) throws -> LiquidValue {
        let all = try items(input)
        if name == "group_by_exp" {
            var parser = LiquidMarkupParser(expression)
            let key = parser.filteredExpression()
            return try group(all) { item in try renderer.evaluating(variable, item) { try renderer.evaluate(key, at: nil) } }
        }
        var parser = LiquidMarkupParser(expression)
        let condition = parser.condition()
        let chosen = try all.filter { item in try renderer.evaluating(variable, item) { try renderer.test(condition, at: nil) } }
        return name == "find_exp" ? chosen.first ?? .nil : .array(chosen)
    }

    private static func sorted(_ items: [LiquidValue], by property: String?, natural: Bool) throws -> [LiquidValue] {
        func key(_ item: LiquidValue) -> LiquidValue { property.map { self.property(of: item, $0) } ?? item }
        func before(_ a: LiquidValue, _ b: LiquidValue) throws -> Bool {
            switch (a, b) {
            case (.nil, _): return false
            case (_, .nil): return true
            case (.string(let x), .string(let y)): return natural ? x.lowercased() < y.lowercased() : x < y
            case (.int, .int), (.int, .double), (.double, .int), (.double, .double): return a.number.doubleValue < b.number.doubleValue
            default:
                if natural { return a.renderedText.lowercased() < b.renderedText.lowercased() }
                throw Failure(message: "comparison of \(a.rubyClass) with \(b.rubyClass) failed")
            }
        }
        // A stable sort, so equal keys keep their order.
        let indexed = Array(items.enumerated())
        return try indexed.sorted { x, y in
            let a = key(x.element), b = key(y.element)
            if try before(a, b) { return true }
            if try before(b, a) { return false }
            return x.offset < y.offset
        }.map(\.element)
    }

    static func split(_ string: String, on separator: String) -> [String] {
        guard !string.isEmpty else { return [] }
        var parts: [String]
        if separator == " " {
            parts = string.split(whereSeparator: \.isLiquidWhitespace).map(String.init)
        } else if separator.isEmpty {
            parts = string.map { String($0) }
        } else {
            parts = string.components(separatedBy: separator)
        }
        // Ruby's split drops trailing empty strings.
        while parts.last == "" { parts.removeLast() }
        return parts
    }

    private static func replacingFirst(_ target: String, in string: String, with replacement: String) -> String {
        guard !target.isEmpty, let range = string.range(of: target) else { return string }
        return string.replacingCharacters(in: range, with: replacement)
    }

    private static func replacingLast(_ target: String, in string: String, with replacement: String) -> String {
        guard !target.isEmpty, let range = string.range(of: target, options: .backwards) else { return string }
        return string.replacingCharacters(in: range, with: replacement)
    }

    /// ruby-liquid's `escape_once`: `"`, `<`, `>`, `'` escaped, and `&` but where it opens an entity
    /// (`&` letters `;`, `&#` digits `;`). By hand, not a regex: a regex literal is compiled each time it is met.
    static func escapedOnce(_ string: String) -> String {
        let bytes = Array(string.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "'"): out += Array("&#39;".utf8)
            case UInt8(ascii: "&"):
                var end = index + 1
                if end < bytes.count, bytes[end] == UInt8(ascii: "#") {
                    end += 1
                    let start = end
                    while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                    if end == start { end = -1 }
                } else {
                    let start = end
                    while end < bytes.count, isLetter(bytes[end]) { end += 1 }
                    if end == start { end = -1 }
                }
                let opensEntity = end > 0 && end < bytes.count && bytes[end] == UInt8(ascii: ";")
                if opensEntity { out.append(byte) } else { out += Array("&amp;".utf8) }
            default: out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// ruby-liquid's `strip_html`: its scripts, comments and styles (`<script.*?</script>`, `<!--.*?-->`,
    /// `<style.*?</style>`, each over lines, as cased), then every `<…>`, over lines too.
    static func strippedHTML(_ string: String) -> String {
        let bytes = Array(string.utf8)
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count <= bytes.count else { return nil }
            var at = start
            while at + needle.count <= bytes.count {
                if bytes[at] == needle[0], bytes[at..<(at + needle.count)].elementsEqual(needle) { return at }
                at += 1
            }
            return nil
        }
        let blocks: [(open: [UInt8], close: [UInt8])] = [(Array("<script".utf8), Array("</script>".utf8)), (Array("<!--".utf8), Array("-->".utf8)),
                                                         (Array("<style".utf8), Array("</style>".utf8))]
        var kept: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), let end = blocks.lazy.compactMap({ block -> Int? in
                guard bytes[index...].starts(with: block.open), let close = find(block.close, from: index + block.open.count) else { return nil }
                return close + block.close.count
            }).first {
                index = end
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        var out: [UInt8] = []
        index = 0
        while index < kept.count {
            if kept[index] == UInt8(ascii: "<"), let close = kept[(index + 1)...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            out.append(kept[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func escape(_ string: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(string.utf8.count)
        for character in string {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static let cgiAllowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-~ ")
    private static let uriAllowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~*'();/?:@&=+$,[]#%")

    static func cgiEscape(_ string: String) -> String {
        (string.addingPercentEncoding(withAllowedCharacters: cgiAllowed) ?? string).replacingOccurrences(of: " ", with: "+")
    }

    /// Integers stay integers (overflow gives the float Ruby's bignum would be near); floats are taken
    /// as Liquid takes them, as decimals of their written form, so 0.1 plus 0.2 is 0.3.
    private static func arithmetic(_ left: LiquidValue, _ right: LiquidValue, _ integer: (Int, Int) -> (Int, Bool), _ real: (Decimal, Decimal) -> Decimal) -> LiquidValue {
        if case .int(let a) = left.number, case .int(let b) = right.number {
            let (result, overflow) = integer(a, b)
            if !overflow { return .int(result) }
        }
        return .double(NSDecimalNumber(decimal: real(decimal(left.number), decimal(right.number))).doubleValue)
    }

    private static func decimal(_ number: LiquidNumber) -> Decimal {
        switch number {
        case .int(let value): Decimal(value)
        case .double(let value): Decimal(string: String(value)) ?? Decimal(value)
        }
    }

    private static func add(_ a: LiquidNumber, _ b: LiquidNumber) -> LiquidNumber {
        if case .int(let x) = a, case .int(let y) = b, case (let sum, false) = x.addingReportingOverflow(y) { return .int(sum) }
        return .double(a.doubleValue + b.doubleValue)
    }

    /// Ruby's integer division, which rounds down; nil where an Int cannot hold it (Int.min / -1).
    private static func floorDivide(_ a: Int, _ b: Int) -> Int? {
        let (quotient, overflow) = a.dividedReportingOverflow(by: b)
        guard !overflow else { return nil }
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    static func json(_ value: LiquidValue) -> String {
        switch value {
        case .nil: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return LiquidValue.rubyText(of: number)
        case .string(let text):
            var escaped = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                case "\r": escaped += "\\r"
                case "\t": escaped += "\\t"
                default:
                    if scalar.value < 0x20 { escaped += String(format: "\\u%04x", scalar.value) } else { escaped.unicodeScalars.append(scalar) }
                }
            }
            return escaped + "\""
        case .array(let items): return "[" + items.map(json).joined(separator: ",") + "]"
        case .range: return "\"\(value.renderedText)\""
        case .hash(let hash): return "{" + hash.pairs.map { json(.string($0.key)) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }
}

extension LiquidValue {
    var rubyClass: String {
        switch self {
        case .nil: "NilClass"
        case .bool(let value): value ? "TrueClass" : "FalseClass"
        case .int: "Integer"
        case .double: "Float"
        case .string: "String"
        case .array: "Array"
        case .hash: "Hash"
        case .range: "Range"
        }
    }
}

extension LiquidRenderer {
    /// Evaluates `body` with `name` bound to `value` in a scope of its own (`where_exp`'s item).
    func evaluating<T>(_ name: String, _ value: LiquidValue, _ body: () throws -> T) throws -> T {
        try withScope([name: value], body)
    }
}
