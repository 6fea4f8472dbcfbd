/// How Jekyll 4.3 reads the name in `{% include name %}` and `{% include_relative name %}`: it
/// refuses a name with characters outside its set or with `..`, `./`, `//` (its
/// `VALID_FILENAME_CHARS` and `INVALID_SEQUENCES`), then joins the name onto the folder with
/// Ruby's `File.join`, so a leading `/` names the same file as none (`/x/y.html` is `_includes/x/y.html`).
enum JekyllIncludeName {
    /// Why Jekyll stops on this name (its `ArgumentError`), or nil where it looks the file up.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if let bad = name.unicodeScalars.first(where: { !isAllowed($0) }) {
            return "'\(Character(bad))' is not a character Jekyll allows in an include's name (letters, digits and _ / . - ( ) + ~ # @)"
        }
        var previousIsDotOrSlash = false
        for scalar in name.unicodeScalars {
            let isDotOrSlash = scalar == "." || scalar == "/"
            if isDotOrSlash, previousIsDotOrSlash { return "Jekyll refuses '..', './', '//' and '/.' in an include's name" }
            previousIsDotOrSlash = isDotOrSlash
        }
        return nil
    }

    /// The file's path below its folder, as `File.join` makes it: leading slashes dropped.
    static func pathBelowFolder(_ name: String) -> String {
        String(name.drop { $0 == "/" })
    }

    /// Ruby's `\w` (ASCII letters, digits, `_`) and the punctuation Jekyll adds to it.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "/", ".", "-", "(", ")", "+", "~", "#", "@": true
        default: false
        }
    }
}
