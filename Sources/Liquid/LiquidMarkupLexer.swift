/// The words of a tag's or an output's markup: names, numbers, strings and punctuation.
struct LiquidMarkupLexer {
    enum Token: Sendable, Equatable {
        case identifier(String)
        case string(String)
        case number(String)
        case punctuation(String)
        case comparison(String)
    }

    static func tokens(of markup: String) -> [Token] {
        let characters = Array(markup)
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isLiquidWhitespace { index += 1; continue }
            if character == "\"" || character == "'" {
                var end = index + 1
                while end < characters.count && characters[end] != character { end += 1 }
                tokens.append(.string(String(characters[(index + 1)..<min(end, characters.count)])))
                index = end + 1
                continue
            }
            if character.isNumber || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber) {
                var end = index + 1
                while end < characters.count && (characters[end].isNumber || (characters[end] == "." && end + 1 < characters.count && characters[end + 1].isNumber)) { end += 1 }
                tokens.append(.number(String(characters[index..<end])))
                index = end
                continue
            }
            if character.isLetter || character == "_" {
                var end = index + 1
                while end < characters.count && (characters[end].isLetter || characters[end].isNumber || characters[end] == "_" || characters[end] == "-") { end += 1 }
                if end < characters.count && characters[end] == "?" { end += 1 }
                tokens.append(.identifier(String(characters[index..<end])))
                index = end
                continue
            }
            let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
            if ["==", "!=", "<>", ">=", "<="].contains(two) { tokens.append(.comparison(two)); index += 2; continue }
            if two == ".." { tokens.append(.punctuation("..")); index += 2; continue }
            if character == "<" || character == ">" { tokens.append(.comparison(String(character))); index += 1; continue }
            tokens.append(.punctuation(String(character)))
            index += 1
        }
        return tokens
    }
}
