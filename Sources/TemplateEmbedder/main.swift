import Foundation

// Usage: TemplateEmbedder <templates-folder> <output.swift>
//        TemplateEmbedder --constant <Type.name> <file> <output.swift>
// Writes a Swift file holding every text file of the folder, keyed by its relative path;
// or, with --constant, one file's text as a static constant of a type of the module.

let arguments = CommandLine.arguments
let usage = "usage: TemplateEmbedder <templates-folder> <output.swift>\n       TemplateEmbedder --constant <Type.name> <file> <output.swift>\n"
guard arguments.count == 3 || (arguments.count == 5 && arguments[1] == "--constant") else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

func swiftLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": literal += "\\\\"
        case "\"": literal += "\\\""
        case "\n": literal += "\\n"
        case "\r": literal += "\\r"
        case "\t": literal += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            literal += "\\u{\(String(scalar.value, radix: 16))}"
        default: literal.unicodeScalars.append(scalar)
        }
    }
    return literal + "\""
}

func text(of url: URL) throws -> String {
    guard let text = String(data: try Data(contentsOf: url), encoding: .utf8) else {
        FileHandle.standardError.write(Data("\(url.path): error: embedded files must be UTF-8 text\n".utf8))
        exit(1)
    }
    return text
}

if arguments.count == 5 {
    let name = arguments[2].split(separator: ".")
    guard name.count == 2 else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    let file = URL(fileURLWithPath: arguments[3])
    var source = "// Generated from \(file.lastPathComponent) by TemplateEmbedder at build time. Do not edit.\n\n"
    source += "extension \(name[0]) {\n"
    source += "    /// The text of `\(file.lastPathComponent)`, carried by the binary.\n"
    source += "    static let \(name[1]) = \(swiftLiteral(try text(of: file)))\n}\n"
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[4]), options: .atomic)
    exit(0)
}

let folder = URL(fileURLWithPath: arguments[1], isDirectory: true).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])

var entries: [(String, String)] = []
let walker = FileManager.default.enumerator(
    at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
while let url = walker?.nextObject() as? URL {
    guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
    let relative = String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1))
    entries.append((relative, try text(of: url)))
}
entries.sort { $0.0 < $1.0 }

var source = "// Generated from templates/ by TemplateEmbedder at build time. Do not edit.\n\n"
source += "extension DefaultTemplates {\n"
source += "    /// Every file of the repository's `templates/` folder, by relative path.\n"
source += "    static let files: [String: String] = [\n"
for (path, text) in entries {
    source += "        \(swiftLiteral(path)): \(swiftLiteral(text)),\n"
}
if entries.isEmpty { source += "        :\n" }
source += "    ]\n}\n"
try Data(source.utf8).write(to: output, options: .atomic)
