import Mustache
import Synchronization

/// A render's values split in two: their shape (the names each map holds, every flag,
/// number and list of strings, the length of every list of maps, which texts are empty
/// or end a line) and the texts themselves, in a fixed order. Two contexts of one shape
/// render through a template to the same text around their texts, so `TemplateShells`
/// renders a shape once, with a marker in place of each text (`sentinelContext`), and
/// fills the texts into that for every other context of the shape.
struct ContextShape {
    /// The shape, written so no two shapes share one (lengths before names and lists).
    private(set) var key: [UInt8] = []
    /// The texts, in the order their markers are numbered.
    private(set) var texts: [String] = []
    /// Whether each text's last character is a line break: Mustache indents a partial's
    /// next tag after one, so its marker ends with one too.
    private(set) var endsLines: [Bool] = []

    /// Nil when a value is of a kind the shape cannot tell (it is then rendered as it is),
    /// or a text holds a marker's own characters.
    init?(_ context: [String: Any]) {
        guard walk(map: context) else { return nil }
    }

    /// The context with a marker (`TemplateShell.marker`) for each text, and the maps and
    /// texts made `ShellMap` and `ShellText`, which tell `probe` when the template asks of
    /// them more than their shape (a transform, or a map printed whole).
    func sentinelContext(_ context: [String: Any], probe: ShellProbe) -> [String: Any] {
        var next = 0
        return sentinelMap(context, next: &next, probe: probe)
    }

    // MARK: The walk

    /// A map's names in byte order: a map's own order differs from one map to the next, even of the same names.
    private mutating func walk(map: [String: Any]) -> Bool {
        key.append(UInt8(ascii: "{"))
        appendCount(map.count)
        for (name, value) in map.sorted(by: { $0.key.precedesInBytes($1.key) }) {
            appendText(name)
            guard walk(value: value) else { return false }
        }
        key.append(UInt8(ascii: "}"))
        return true
    }

    private mutating func walk(value: Any) -> Bool {
        switch Value(value) {
        case .text(let text): return walk(text: text)
        case .flag(let flag):
            key.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .number(let text):
            appendText(text)
        case .strings(let list):
            key.append(UInt8(ascii: "L"))
            appendCount(list.count)
            for text in list { appendText(text) }
        case .map(let map): return walk(map: map)
        case .prepared(let prepared):
            // The site's values, the same on every page: their shape was taken once.
            guard let shape = prepared.shape else { return false }
            key.append(UInt8(ascii: "P"))
            key += shape.key
            texts += shape.texts
            endsLines += shape.endsLines
        case .list(let list): return walk(list: list)
        case .unknown: return false
        }
        return true
    }

    /// A context's value by what the templates see of it, as `TemplateString.wrapping` makes it.
    private enum Value {
        case text(String)
        case flag(Bool)
        /// An integer (`i3`) or a fraction (`d2.5`), as Swift prints it.
        case number(String)
        /// Kept as it is: Mustache sorts a list of strings (`sorted(list)`).
        case strings([String])
        case map([String: Any])
        case prepared(TemplateString.Prepared)
        case list([Any])
        case unknown

        init(_ value: Any) {
            // The kinds our contexts hold, told by their type alone before any cast.
            let kind = type(of: value)
            if kind == String.self { self = .text(value as! String) }
            else if kind == TemplateString.self { self = .text((value as! TemplateString).text) }
            else if kind == Bool.self { self = .flag(value as! Bool) }
            else if kind == Int.self { self = .number("i" + String(value as! Int)) }
            else if kind == Double.self { self = .number("d" + String(describing: value as! Double)) }
            else if kind == [String].self { self = .strings(value as! [String]) }
            else if kind == [String: Any].self { self = .map(value as! [String: Any]) }
            else if kind == [String: String].self { self = .map(value as! [String: String]) }
            else if kind == TemplateString.Prepared.self { self = .prepared(value as! TemplateString.Prepared) }
            else if kind == [[String: Any]].self { self = .list(value as! [[String: Any]]) }
            else if kind == [[String: String]].self { self = .list((value as! [[String: String]]).map { $0 as Any }) }
            else if kind == [Any].self { self = .list(value as! [Any]) }
            else { self = .unknown }
        }
    }

    private mutating func walk(list: [Any]) -> Bool {
        key.append(UInt8(ascii: "["))
        appendCount(list.count)
        for element in list {
            guard walk(value: element) else { return false }
        }
        key.append(UInt8(ascii: "]"))
        return true
    }

    private mutating func walk(text: String) -> Bool {
        // An empty text is part of the shape: Mustache treats it as nothing printed.
        if text.isEmpty {
            key.append(UInt8(ascii: "e"))
            return true
        }
        guard !TemplateShell.holdsMarkerCharacters(text) else { return false }
        let endsLine = Self.endsWithLineBreak(text)
        key.append(endsLine ? UInt8(ascii: "n") : UInt8(ascii: "s"))
        texts.append(text)
        endsLines.append(endsLine)
        return true
    }

    /// The count's digits, lowest first: the key is only compared, never read back.
    private mutating func appendCount(_ count: Int) {
        var count = count
        repeat {
            key.append(UInt8(ascii: "0") + UInt8(count % 10))
            count /= 10
        } while count > 0
        key.append(UInt8(ascii: ":"))
    }

    private mutating func appendText(_ text: String) {
        appendCount(text.utf8.count)
        key += text.utf8
    }

    /// Whether the last character is `\n` alone (not `\r\n`, one character).
    static func endsWithLineBreak(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.last == 0x0A else { return false }
        return bytes.count < 2 || bytes[bytes.index(bytes.endIndex, offsetBy: -2)] != 0x0D
    }

    // MARK: The context with markers

    /// The same walk as `walk(map:)`, in the same order, numbering the texts as it goes.
    private func sentinelMap(_ map: [String: Any], next: inout Int, probe: ShellProbe) -> [String: Any] {
        var shell: [String: Any] = [:]
        shell.reserveCapacity(map.count)
        for (name, value) in map.sorted(by: { $0.key.precedesInBytes($1.key) }) {
            shell[name] = sentinelValue(value, next: &next, probe: probe)
        }
        return shell
    }

    private func sentinelValue(_ value: Any, next: inout Int, probe: ShellProbe) -> Any {
        switch Value(value) {
        case .text(let text):
            if text.isEmpty { return TemplateString("") }
            defer { next += 1 }
            return ShellText(marker: TemplateShell.marker(next, endsLine: endsLines[next]), probe: probe)
        case .map(let map):
            return ShellMap(values: sentinelMap(map, next: &next, probe: probe), probe: probe)
        case .prepared(let prepared):
            return ShellMap(values: sentinelMap(prepared.values, next: &next, probe: probe), probe: probe)
        case .list(let list):
            return list.map { sentinelValue($0, next: &next, probe: probe) }
        case .flag, .number, .strings, .unknown:
            // In the shape: as it is.
            return value
        }
    }
}

/// Told when a template asked a marked context for more than its shape: then the text
/// it rendered is not a shell for other values of that shape.
final class ShellProbe: Sendable {
    private let asked = Atomic(false)

    func note() { asked.store(true, ordering: .relaxed) }
    var askedMore: Bool { asked.load(ordering: .relaxed) }
}

/// A text as a marker: printed as the marker, a section on it opened as on any text.
struct ShellText: MustacheCustomRenderable, MustacheTransformable, MustacheParent, CustomStringConvertible,
    CustomDebugStringConvertible, Sendable {
    let marker: String
    let probe: ShellProbe

    var renderText: String { marker }
    var isNull: Bool { false }
    /// `empty` is in the shape (an empty text is no marker); any other transform reads the text.
    func transform(_ name: String) -> Any? {
        if name == "empty" { return false }
        probe.note()
        return nil
    }
    func child(named: String) -> Any? { nil }
    var description: String { probe.note(); return marker }
    var debugDescription: String { probe.note(); return marker }
}

/// A map of a marked context: its values found by name, as in the map itself.
struct ShellMap: MustacheParent, MustacheTransformable, CustomStringConvertible {
    let values: [String: Any]
    let probe: ShellProbe

    func child(named name: String) -> Any? { values[name] }
    /// `count` and `empty` are in the shape; any other transform reads keys or values.
    func transform(_ name: String) -> Any? {
        switch name {
        case "count": return values.count
        case "empty": return values.isEmpty
        default:
            probe.note()
            return nil
        }
    }
    var description: String { probe.note(); return "" }
}
