import Foundation
import Synchronization

/// A value as Liquid sees it: Ruby's nil, booleans, numbers, strings, arrays, ordered hashes and ranges.
public enum LiquidValue: Sendable, Equatable {
    case `nil`
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([LiquidValue])
    case hash(LiquidHash)
    case range(ClosedRange<Int>)

    /// Only nil and false are false in Liquid; 0, "" and [] are true.
    public var isTruthy: Bool {
        switch self {
        case .nil: false
        case .bool(let value): value
        default: true
        }
    }

    /// Liquid's `empty`: an empty string, array or hash.
    public var isEmpty: Bool {
        switch self {
        case .string(let text): text.isEmpty
        case .array(let items): items.isEmpty
        case .hash(let hash): hash.isEmpty
        default: false
        }
    }

    /// The text `{{ value }}` writes, as Ruby's `to_s` would (an array's items joined with nothing).
    public var renderedText: String {
        switch self {
        case .nil: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.rubyText(of: value)
        case .string(let text): text
        case .array(let items): items.map(\.renderedText).joined()
        case .hash: inspected
        case .range(let range): "\(range.lowerBound)..\(range.upperBound)"
        }
    }

    /// Ruby's `inspect`, which the `inspect` filter and a hash's text use.
    public var inspected: String {
        switch self {
        case .nil: "nil"
        case .string(let text): "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .array(let items): "[" + items.map(\.inspected).joined(separator: ", ") + "]"
        case .hash(let hash): "{" + hash.pairs.map { "\"\($0.key)\"=>\($0.value.inspected)" }.joined(separator: ", ") + "}"
        default: renderedText
        }
    }

    /// The items a `for` loop walks: an array's items, a range's numbers, a hash's [key, value] pairs.
    public var iterated: [LiquidValue] {
        switch self {
        case .array(let items): items
        case .range(let range): range.map { .int($0) }
        case .hash(let hash): hash.pairs.map { .array([.string($0.key), $0.value]) }
        case .nil: []
        case .string(let text): text.isEmpty ? [] : [self]
        default: [self]
        }
    }

    /// The number a numeric filter takes: numbers as they are, strings read as Ruby's `to_number` reads them.
    public var number: LiquidNumber {
        switch self {
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let value = Int(trimmed) { return .int(value) }
            if trimmed.range(of: #"^-?\d+\.\d+"#, options: .regularExpression) != nil, let value = Double(trimmed) { return .double(value) }
            if let match = trimmed.range(of: #"^-?\d+"#, options: .regularExpression), let value = Int(trimmed[match]) { return .int(value) }
            return .int(0)
        default: return .int(0)
        }
    }

    static func rubyText(of value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 1e16 { return String(Int(value)) + ".0" }
        let text = String(value)
        if text.utf8.contains(UInt8(ascii: "e")) {
            // Ruby writes 1.0e+20 where Swift writes 1e+20.
            let parts = text.split(separator: "e")
            let mantissa = parts[0].contains(".") ? String(parts[0]) : parts[0] + ".0"
            let exponent = parts[1].hasPrefix("-") || parts[1].hasPrefix("+") ? String(parts[1]) : "+" + parts[1]
            return mantissa + "e" + exponent
        }
        return text
    }
}

/// A number for arithmetic: Ruby keeps integers integral until a float joins in.
public enum LiquidNumber: Sendable, Equatable {
    case int(Int)
    case double(Double)

    public var doubleValue: Double {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        }
    }

    /// The number as an integer for a count or an index, clamped so no text can make it trap:
    /// NaN is 0, and what lies beyond ±2^60 is ±2^60.
    public var clampedInt: Int {
        switch self {
        case .int(let value): return max(-Self.integerBound, min(Self.integerBound, value))
        case .double(let value):
            guard !value.isNaN else { return 0 }
            return Int(max(-Double(Self.integerBound), min(Double(Self.integerBound), value)))
        }
    }

    static let integerBound = 1 << 60

    /// A whole number as an integer where one holds it (Ruby's bignums are floats here).
    static func integral(_ value: Double) -> LiquidValue {
        Int(exactly: value).map { .int($0) } ?? .double(value)
    }

    public var value: LiquidValue {
        switch self {
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        }
    }
}

/// A hash that keeps its keys in insertion order, as Ruby's does. A value may be deferred: worked
/// out the first time a template reads it (a post's rendered `content`), then kept.
public struct LiquidHash: Sendable, Equatable {
    public private(set) var keys: [String] = []
    private var storage: [String: Slot] = [:]

    private enum Slot: Sendable {
        case value(LiquidValue)
        case deferred(LiquidDeferred)

        var resolved: LiquidValue {
            switch self {
            case .value(let value): value
            case .deferred(let deferred): deferred.value
            }
        }
    }

    public init() {}

    public init(_ pairs: [(String, LiquidValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    public subscript(key: String) -> LiquidValue? {
        get { storage[key]?.resolved }
        set {
            if let newValue {
                if storage.updateValue(.value(newValue), forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// Sets `key` to what `compute` gives, asked once, when the value is first read.
    public mutating func setDeferred(_ key: String, _ compute: @escaping @Sendable () -> LiquidValue) {
        if storage.updateValue(.deferred(LiquidDeferred(compute)), forKey: key) == nil { keys.append(key) }
    }

    public var isEmpty: Bool { keys.isEmpty }
    public var count: Int { keys.count }
    public var pairs: [(key: String, value: LiquidValue)] { keys.map { ($0, storage[$0]!.resolved) } }

    public static func == (left: LiquidHash, right: LiquidHash) -> Bool {
        left.keys == right.keys && left.keys.allSatisfy { left.storage[$0]!.resolved == right.storage[$0]!.resolved }
    }
}

/// A value worked out on first reading and shared by every copy of the hash that holds it.
final class LiquidDeferred: Sendable {
    private let compute: @Sendable () -> LiquidValue
    private let cache = Mutex<LiquidValue?>(nil)

    init(_ compute: @escaping @Sendable () -> LiquidValue) {
        self.compute = compute
    }

    var value: LiquidValue {
        if let known = cache.withLock({ $0 }) { return known }
        // Worked out outside the lock: a value may read others (a post's content reads the site).
        let made = compute()
        cache.withLock { $0 = made }
        return made
    }
}

extension LiquidValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(nilLiteral: ()) { self = .nil }
    public init(arrayLiteral elements: LiquidValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, LiquidValue)...) { self = .hash(LiquidHash(elements)) }
}

extension LiquidHash: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, LiquidValue)...) { self.init(elements) }
}
