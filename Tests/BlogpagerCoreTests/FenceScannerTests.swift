@testable import BlogpagerCore
import PropertyBased
import Testing

/// The fences read ahead of rendering (`FenceScanner`) against libcmark's own: never a block
/// libcmark would not give (that would be Python's time spent for nothing), and every one of
/// them where the text holds nothing that could hide a fence.
struct FenceScannerTests {
    /// Lines whose fences the scanner reads as libcmark does, wherever they stand.
    static let plainLines = ["Some text with `code` in it.", "", "```swift", "```", "````", "~~~python", "~~~", "~~~~",
                             "``` swift {linenos=true,hl_lines=[2]}", "```go,linenos", "```\t", "``` ", "```{.rust}",
                             "let x = 1 // ```", "    indented code", "# A heading", "text ```inline``` text", "````text", "é 日本", "\tfunc f() {}"]
    /// Lines after which the scanner may stop, or skip a block: HTML, fences in containers or
    /// indented, info strings libcmark rewrites.
    static let otherLines = ["<div>", "<!-- a ```swift -->", "</div>", "- item", "- ```swift", "1. ```go", "> ```js",
                             "> quote", "   ```ruby", "  ```swift", "\t```c", "```a\\_b", "```c&amp;", "```x`y", "* ~~~",
                             "<pre>", "  ```", "   ~~~", "  - nested", "\u{FEFF}```swift", "1. item", "10. item", "   code in an item",
                             "  two spaces", "   ```", "    ```", "     ```", " ~~~~"]

    static func libcmarkBlocks(_ text: String) -> [CodeBlock] {
        MarkdownRenderer.fencedCode(in: text).filter { $0.language != nil }
    }

    static func isSubsequence(_ part: [CodeBlock], of whole: [CodeBlock]) -> Bool {
        var rest = whole[...]
        for block in part {
            guard let found = rest.firstIndex(of: block) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    @Test func plainTextGivesExactlyLibcmarksBlocks() async {
        await propertyCheck(count: 800, input: Gen.int(in: 0...(Self.plainLines.count - 1)).array(of: 0...30)) { picks in
            let text = picks.map { Self.plainLines[$0] }.joined(separator: "\n") + "\n```\n"
            let expected = Self.libcmarkBlocks(text)
            let found = FenceScanner.blocks(in: text)
            // An unclosed fence is left out (libcmark runs it to the end), so at most one block fewer, the last.
            #expect(found == expected || found == Array(expected.dropLast()), "\(text.debugDescription)")
        }
    }

    @Test func anyTextGivesOnlyLibcmarksBlocks() async {
        let lines = Self.plainLines + Self.otherLines
        await propertyCheck(count: 1500, input: Gen.int(in: 0...(lines.count - 1)).array(of: 0...30)) { picks in
            let text = picks.map { lines[$0] }.joined(separator: "\n")
            let found = FenceScanner.blocks(in: text)
            #expect(Self.isSubsequence(found, of: Self.libcmarkBlocks(text)), "\(text.debugDescription)")
            #expect(FenceScanner.blocks(in: text.replacingOccurrences(of: "\n", with: "\r\n")).isEmpty)
        }
    }

    /// In the item, the second fence closes the first (it is one space past it); outside a list it
    /// would be code. The scanner cannot tell which, so it gives no block rather than a wrong one.
    @Test func aFenceIndentedPastAnIndentedOpeningOneIsLeftToLibcmark() {
        let text = "1. item\n   ```ruby\n    ```\n   ```"
        #expect(Self.libcmarkBlocks(text) == [CodeBlock(info: "ruby", code: "")])
        #expect(FenceScanner.blocks(in: text).isEmpty)
        #expect(FenceScanner.blocks(in: "   ```ruby\n    ```\n   ```\n").isEmpty)
        #expect(FenceScanner.blocks(in: "   ```ruby\n   x\n   ```\n") == [CodeBlock(info: "ruby", code: "x\n")])
    }

    @Test func aBlogPostsFences() {
        let post = """
        Intro with `inline` code.

        ```swift
        let a = 1
        ```

        1. A step:

           ```sh
           make run
           ```

        ~~~ python {hl_lines=[1]}
        print("```")
        ~~~

        ````markdown
        ```js
        x()
        ```
        ````

        <div class="note">
        ```ruby
        puts 1
        ```
        </div>

        ```go
        after()
        ```
        """
        let found = FenceScanner.blocks(in: post)
        #expect(found.map(\.language) == ["swift", "sh", "python", "markdown"])
        #expect(found.map(\.code) == ["let a = 1\n", "make run\n", "print(\"```\")\n", "```js\nx()\n```\n"])
        #expect(Self.isSubsequence(found, of: Self.libcmarkBlocks(post)))
    }
}
