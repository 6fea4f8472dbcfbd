import Foundation

/// A value written out whole, by reflection: every stored property by name, every case with its
/// values, dictionaries and sets in the order of their keys' text. What a key is made of when it
/// must cover all of a value (`SiteConfig.keyParts`): a property added later is in it by
/// construction, where a hand-kept list would leave it out and let rebuilds keep stale files.
enum StableDescription {
    /// `value` written out; the top-level properties named in `excluding` are left out.
    static func of(_ value: Any, excluding: Set<String> = []) -> String {
        var text = ""
        write(value, into: &text, excluding: excluding)
        return text
    }

    private static func write(_ value: Any, into text: inout String, excluding: Set<String> = []) {
        // Foundation's time zone reflects its storage, not its name.
        if let zone = value as? TimeZone {
            text += "tz(" + zone.identifier + ")"
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let some = mirror.children.first {
                text += "some("
                write(some.value, into: &text)
                text += ")"
            } else {
                text += "none"
            }
        case .dictionary:
            // Each child is a (key, value) pair; put in the order of the keys' text.
            let pairs = mirror.children.map { child -> (String, Any) in
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                return (of(pair[0]), pair[1])
            }.sorted { $0.0.precedesInBytes($1.0) }
            text += "[\(pairs.count):"
            for (key, item) in pairs {
                text += key + "=>"
                write(item, into: &text)
                text += ";"
            }
            text += "]"
        case .set:
            let items = mirror.children.map { of($0.value) }.sorted { $0.precedesInBytes($1) }
            text += "{\(items.count):" + items.joined(separator: ";") + "}"
        case .collection, .tuple:
            text += "(\(mirror.children.count):"
            for child in mirror.children {
                text += (child.label ?? "") + ":"
                write(child.value, into: &text)
                text += ";"
            }
            text += ")"
        case .enum:
            // A case without values reflects no children: its name is its description.
            guard let payload = mirror.children.first else {
                text += "." + String(describing: value)
                return
            }
            text += "." + (payload.label ?? "") + "("
            write(payload.value, into: &text)
            text += ")"
        case .struct, .class:
            text += String(describing: mirror.subjectType) + "{"
            for child in mirror.children {
                guard let label = child.label, !excluding.contains(label) else { continue }
                text += label + ":"
                write(child.value, into: &text)
                text += ";"
            }
            text += "}"
        default:
            // Numbers, flags, texts: the text Swift gives them, its length first where it is a text.
            let written = String(reflecting: value)
            text += value is String ? "\(written.utf8.count)#" + written : written
        }
    }
}
