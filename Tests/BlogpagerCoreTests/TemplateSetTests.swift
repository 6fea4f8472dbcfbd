@testable import BlogpagerCore
import Testing

/// Templates: `{{name}}` escapes exactly as Mustache's HTML type does, the
/// escaping pragma put before each template changes no output, and errors
/// point at the line and column of the template's own file.
struct TemplateSetTests {
    @Test func escapingMatchesMustacheHTML() {
        #expect(HTMLEscaping.escape(#"a < b & "c" 'd' >"#) == "a &lt; b &amp; &quot;c&quot; &#39;d&#39; &gt;")
        #expect(HTMLEscaping.escape("日本語 & café <b>") == "日本語 &amp; café &lt;b&gt;")
        #expect(HTMLEscaping.escape("plain text") == "plain text")
        #expect(HTMLEscaping.escape("") == "")
        #expect(HTMLEscaping.escape("&&") == "&amp;&amp;")
    }

    @Test func templatesRenderAsWritten() throws {
        var files = DefaultTemplates.all
        // A standalone section on the first line drops its line, as Mustache has it.
        files["probe.mustache"] = "{{#items}}\n<li>{{name}}</li>\n{{/items}}\n{{{raw}}}|{{raw}}|{{&raw}}\n"
        let set = try TemplateSet(files: files, origins: [:])
        let text = set.render("probe", ["items": [["name": "a<b"], ["name": "O'Neil & co"]], "raw": "<i>x</i>"])
        #expect(text == "<li>a&lt;b</li>\n<li>O&#39;Neil &amp; co</li>\n<i>x</i>|&lt;i&gt;x&lt;/i&gt;|<i>x</i>\n")
    }

    @Test func aTemplateErrorPointsIntoItsFile() {
        var files = DefaultTemplates.all
        files["list.mustache"] = "<ul>\n{{#items}}\n<li>{{name}}</li>\n"
        #expect(throws: BuildFailure.self) { try TemplateSet(files: files, origins: ["list.mustache": "templates/list.mustache"]) }
        do {
            _ = try TemplateSet(files: files, origins: ["list.mustache": "templates/list.mustache"])
        } catch {
            let location = error.diagnostics.first?.location
            #expect(location?.path == "templates/list.mustache")
            // The section opened on line 2 is never closed: Mustache reports it at the end of the file.
            #expect(location?.line == 4)
        }
    }
}
