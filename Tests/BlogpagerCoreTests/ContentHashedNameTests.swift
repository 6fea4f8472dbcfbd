import BlogpagerCore
import Testing

/// Which names carry a digest of their bytes: the part before the extension, or the last part.
struct ContentHashedNameTests {
    @Test(arguments: [
        ("2024-01-01-ab12cd34.0123456789abcdef.html", true),
        ("blogpager.0123456789abcdef.js", true),
        ("stem.0123456789abcdef", true),
        (".0123456789abcdef", true),
        ("0123456789abcdef.html", false),
        ("a.0123456789abcdef.min.js", false),
        ("blogpager.0123456789ABCDEF.js", false),
        ("blogpager.0123456789abcde.js", false),
        ("index.html", false),
        ("CNAME", false),
    ])
    func aNameIsHashedByItsLastTwoParts(name: String, hashed: Bool) {
        #expect(ContentHashedName.isHashed(name) == hashed)
    }
}
