import Liquid
import Testing

/// Includes, host tags and filters, the warnings for plugins' tags, and the bounds on a hostile template.
@Suite struct LiquidIncludeTests {
    struct Includes: LiquidHost {
        var files: [String: String]

        func includeSource(named name: String, relative: Bool) throws -> String? {
            if name.contains("..") { throw Refused(name: name) }
            return files[name]
        }

        func filter(named name: String, input: LiquidValue, arguments: [LiquidValue], keywordArguments: LiquidHash) throws -> LiquidValue? {
            name == "shout" ? .string(input.renderedText.uppercased() + "!") : nil
        }

        func renderTag(named name: String, markup: String, body: String?, variable: (String) -> LiquidValue) throws -> String {
            "<\(name) \(markup)>\(body ?? "")</\(name)>"
        }
    }

    struct Refused: Error, CustomStringConvertible {
        var name: String
        var description: String { "'\(name)' is outside _includes/" }
    }

    func render(_ source: String, _ files: [String: String] = [:], options: LiquidOptions = LiquidOptions(), variables: LiquidHash = LiquidHash()) throws -> String {
        try LiquidTemplate(source: source, hostTags: ["post_url"], hostBlockTags: ["highlight"]).render(variables, host: Includes(files: files), options: options)
    }

    /// A plugin's tag that renders as `include` (jekyll-include-cache's `include_cached`), in the
    /// template and in its includes, where the host names it; elsewhere it is a plugin's tag.
    @Test func aPluginsIncludeTagRendersAsIncludeWhereTheHostNamesIt() throws {
        struct CachingHost: LiquidHost {
            var files: [String: String]
            func includeSource(named name: String, relative: Bool) throws -> String? { files[name] }
            func filter(named name: String, input: LiquidValue, arguments: [LiquidValue], keywordArguments: LiquidHash) throws -> LiquidValue? { nil }
            func renderTag(named name: String, markup: String, body: String?, variable: (String) -> LiquidValue) throws -> String { "" }
            var includeTagNames: Set<String> { ["include_cached"] }
        }
        let files = ["a.html": "[{{ include.x }}{% include_cached b.html %}]", "b.html": "b"]
        let template = try LiquidTemplate(source: "{% include_cached a.html x=1 %}", includeTags: ["include_cached"])
        #expect(try template.render(LiquidHash(), host: CachingHost(files: files)) == "[1b]")
        let without = try LiquidTemplate(source: "{% include_cached a.html x=1 %}")
        #expect(try without.render(LiquidHash(), host: CachingHost(files: files)) == "" && without.warnings.count == 1)
    }

    @Test func includesTakeParametersAndVariablesInTheirNames() throws {
        let files = [
            "note.html": "<aside class=\"{{ include.kind }}\">{{ include.text }}</aside>",
            "list.html": "{% for item in include.items %}[{% include item.html value=item %}]{% endfor %}",
            "item.html": "{{ include.value | shout }}",
        ]
        #expect(try render(#"{% include note.html kind="tip" text=page.title %}"#, files, variables: ["page": ["title": "Hi"]]) == #"<aside class="tip">Hi</aside>"#)
        #expect(try render("{% assign which = 'note' %}{% include {{ which }}.html text='x' %}", files) == #"<aside class="">x</aside>"#)
        #expect(try render("{% include list.html items=xs %}", files, variables: ["xs": ["a", "b"]]) == "[A!][B!]")
    }

    @Test func hostTagsGetTheirMarkupAndBodyAsWritten() throws {
        #expect(try render("{% highlight ruby %}{{ x }}{% endhighlight %}") == "<highlight ruby>{{ x }}</highlight>")
        #expect(try render("{% post_url 2020-01-01-a %}") == "<post_url 2020-01-01-a></post_url>")
    }

    @Test func pluginTagsWarnAndKeepTheirBody() throws {
        let template = try LiquidTemplate(source: "a\n{% seo %}{% details Summary %}kept {{ 1 | plus: 1 }}{% enddetails %}")
        #expect(try template.render(LiquidHash()) == "a\nkept 2")
        #expect(template.warnings.map(\.line) == [2, 2])
        #expect(template.warnings.first?.message.contains("'seo'") == true)
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(throws: LiquidError("'if' tag was never closed", at: LiquidPosition(line: 2, column: 3))) {
            try LiquidTemplate(source: "x\n  {% if a %}b")
        }
        #expect(throws: LiquidError("Unknown tag 'endfor'", at: LiquidPosition(line: 1, column: 2))) {
            try LiquidTemplate(source: "a{% endfor %}")
        }
        #expect(throws: LiquidError("Variable was not properly terminated with '}}'", at: LiquidPosition(line: 1, column: 1))) {
            try LiquidTemplate(source: "{{ a ")
        }
    }

    @Test func aSelfIncludingIncludeEndsWithALocatedError() throws {
        let error = #expect(throws: LiquidError.self) { try render("{% include loop.html %}", ["loop.html": "x\n{% include loop.html %}"]) }
        #expect(error?.include == "loop.html")
        #expect(error?.line == 2)
        #expect(error?.message.contains("nest deeper") == true)
    }

    @Test func aHugeLoopEndsWithALocatedError() throws {
        let error = #expect(throws: LiquidError.self) { try render("\n {% for i in (1..100000000) %}{% endfor %}") }
        #expect(error?.line == 2)
        #expect(error?.column == 2)
        // Loops within loops count together.
        let nested = #expect(throws: LiquidError.self) {
            try render("{% for a in (1..100) %}{% for b in (1..100) %}{% endfor %}{% endfor %}", options: LiquidOptions(maximumIterations: 5000))
        }
        #expect(nested?.message.contains("5000 iterations") == true)
        let filtered = #expect(throws: LiquidError.self) { try render("{{ (1..100000000) | join: ',' }}") }
        #expect(filtered?.message.contains("more than") == true)
    }

    /// A value doubled in a loop stops at the output's bound, where it is, long before memory runs out.
    @Test func aValueDoubledInALoopEndsWithALocatedError() throws {
        let text = #expect(throws: LiquidError.self) {
            try render("{% assign s = 'aaaaaaaaaa' %}\n{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}")
        }
        #expect(text?.line == 2 && text?.message.contains("append") == true)
        let list = #expect(throws: LiquidError.self) {
            try render("{% assign a = '1,2' | split: ',' %}{% for i in (1..60) %}{% assign a = a | concat: a %}{% endfor %}")
        }
        #expect(list?.message.contains("concat made a list") == true)
    }

    @Test func hostileNumbersNeitherTrapNorHang() throws {
        let huge = "9223372036854775807"
        let template = """
        {{ -9223372036854775807 | minus: 1 | divided_by: -1 }}|{{ -9223372036854775807 | minus: 1 | modulo: -1 }}|\
        {{ -9223372036854775807 | minus: 1 | abs }}|{{ \(huge) | plus: 1 }}|{{ 1e300 | ceil }}|{{ 'x' | truncate: \(huge) }}|\
        {{ 'abc' | slice: 1, \(huge) }}|{{ xs | pop: -3 | size }}|{{ xs | sample: -1 | size }}|{{ 2 | round: \(huge) }}|\
        {% for i in (\(huge)..\(huge)) %}{{ i }}{% endfor %}{% for i in xs offset: \(huge) %}x{% endfor %}
        """
        let output = try render(template, variables: ["xs": [1, 2]])
        #expect(output.hasPrefix("9.223372036854776e+18|"))
        #expect(output.contains("|bc|2|0|"))
    }

    @Test func refusedAndMissingIncludesAreErrors() throws {
        let refused = #expect(throws: LiquidError.self) { try render("{% include ../../etc/passwd %}") }
        #expect(refused?.message.contains("outside _includes/") == true)
        let missing = #expect(throws: LiquidError.self) { try render("{% include nothing.html %}") }
        #expect(missing?.message.contains("nothing.html") == true)
    }

    @Test func strictModesRefuseWhatLaxModePasses() throws {
        #expect(try render("[{{ nope }}|{{ 'a' | nofilter }}]") == "[|a]")
        #expect(throws: LiquidError.self) { try render("{{ nope }}", options: LiquidOptions(strictVariables: true)) }
        #expect(throws: LiquidError.self) { try render("{{ 'a' | nofilter }}", options: LiquidOptions(strictFilters: true)) }
    }
}
