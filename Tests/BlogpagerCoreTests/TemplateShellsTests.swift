@testable import BlogpagerCore
import PropertyBased
import Testing

/// A template rendered from its shape's shell (`TemplateShells`) gives, to the byte, what
/// Mustache renders of the same values: for texts that escape, end a line or a partial's
/// indented line, are empty or hold a marker's characters; for templates that transform a
/// value, print a map whole or indent a partial; for the default templates.
struct TemplateShellsTests {
    static let texts = ["", "a", "x & y", "<b>bold</b>", "ends a line\n", "crlf\r\n", "\n", "O'Neil \"quoted\"", "café 日本",
                        "{{title}}", "two\nlines", " ", "\u{E000}0&\u{E001}", "tab\t", "&amp;", "\u{301}accent"]

    /// Probes of what Mustache does with values: sections, lists, their positions, dotted names, lists of strings.
    static let probes: [String: String] = [
        "plain.mustache": """
            {{title}}|{{{title}}}|{{&title}}|{{#title}}[{{.}}]{{/title}}{{^title}}none{{/title}}|{{#flag}}yes{{/flag}}{{^flag}}no{{/flag}}
            {{#items}}<li>{{name}}{{#first}} first{{/first}}{{#last}} last{{/last}}{{title}}</li>{{/items}}{{^items}}no items{{/items}}
            {{count}}|{{#params}}{{name}}({{title}}){{/params}}|{{params.name}}|{{site.title}}|{{words}}|{{#words}}{{.}},{{/words}}
            {{#site}}{{#menu}}<a href="{{url}}">{{name}}</a>{{/menu}}{{/site}}{{{body}}}{{name}}
            """,
        // Mustache indents each line of an indented partial, after a value that ends one too.
        "indented.mustache": "<div>\n  {{> inner}}\n    {{> inner}}\n</div>\n{{#items}}\n  {{> inner}}\n{{/items}}\n",
        "inner.mustache": "{{title}}\n{{{body}}}{{name}}\n{{#flag}}\n  flag {{title}}\n{{/flag}}\n{{{body}}}\n",
        // What a shell cannot hold: these shapes are rendered by Mustache every time.
        "transforms.mustache": "{{uppercased(title)}}|{{#empty(title)}}E{{/empty(title)}}|{{params}}|{{count(items)}}|{{#reversed(items)}}{{name}}{{/reversed(items)}}|{{#sorted(words)}}{{.}}{{/sorted(words)}}",
        "whole.mustache": "{{items}}|{{site}}",
    ]

    static func text(_ pick: Int) -> String { texts[pick % texts.count] }

    /// A context made from `picks`: each key present or not, each text one of `texts`.
    static func context(_ picks: [Int]) -> [String: Any] {
        var picks = picks.makeIterator()
        func next() -> Int { picks.next() ?? 0 }
        var context: [String: Any] = [:]
        if next() % 4 != 0 { context["title"] = text(next()) }
        if next() % 3 != 0 { context["name"] = text(next()) }
        if next() % 3 != 0 { context["body"] = text(next()) }
        if next() % 3 != 0 { context["flag"] = next() % 2 == 0 }
        if next() % 3 != 0 { context["count"] = next() % 3 }
        if next() % 3 != 0 { context["items"] = (0..<(next() % 4)).map { _ in ["name": text(next())] as [String: Any] } }
        if next() % 3 != 0 {
            var params: [String: Any] = ["name": text(next())]
            if next() % 2 == 0 { params["title"] = text(next()) }
            context["params"] = params
        }
        if next() % 3 != 0 { context["words"] = (0..<(next() % 3)).map { _ in text(next()) } }
        if next() % 3 != 0 {
            context["site"] = TemplateString.Prepared(["title": text(next()), "menu": [["name": text(next()), "url": text(next())]]])
        }
        return context
    }

    @Test func aShellGivesWhatMustacheGives() async throws {
        let set = try TemplateSet(files: DefaultTemplates.all.merging(Self.probes) { $1 }, origins: [:])
        let mustache = set.withoutShells
        await propertyCheck(count: 1500, input: Gen.int(in: 0...1000).array(of: 30...30)) { picks in
            let context = Self.context(picks)
            for name in Self.probes.keys.map({ String($0.dropLast(".mustache".count)) }).sorted() {
                // Twice: the first render may learn the shape, the second fills its shell.
                let expected = mustache.render(name, context)
                #expect(set.render(name, context) == expected, "\(name) \(context)")
                #expect(set.render(name, context) == expected, "\(name) \(context)")
            }
        }
        let learnt = try #require(set.shellsLearnt)
        #expect(learnt.shells > 100)
        #expect(learnt.mustacheOnly > 100)
    }

    @Test func aShapeOnlyMustacheCanRenderIsLeftToIt() throws {
        let set = try TemplateSet(files: DefaultTemplates.all.merging(Self.probes) { $1 }, origins: [:])
        let context: [String: Any] = ["title": "a & b", "items": [["name": "x"]], "params": ["name": "n"], "words": ["b", "a"]]
        for _ in 0..<3 { _ = set.render("transforms", context) }
        #expect(set.shellsLearnt?.shells == 0)
        #expect(set.shellsLearnt?.mustacheOnly == 1)
        #expect(set.render("transforms", context) == "A &amp; B||[&quot;name&quot;: &quot;n&quot;]|1|x|ab")
        _ = set.render("plain", context)
        _ = set.render("plain", context)
        #expect(set.shellsLearnt?.shells == 1)
    }

    @Test func aTemplateThatChoosesItsEscapingHasNoShells() throws {
        let set = try TemplateSet(files: DefaultTemplates.all.merging(["text.mustache": "{{% CONTENT_TYPE: TEXT }}\n{{title}}"]) { $1 }, origins: [:])
        #expect(set.shellsLearnt == nil)
        #expect(try TemplateSet.defaults().shellsLearnt != nil)
    }

    @Test func theMarkersOfAShell() {
        #expect(TemplateShell.marker(12, endsLine: false) == "\u{E000}12&\u{E001}")
        #expect(TemplateShell.holdsMarkerCharacters("a\u{E001}b"))
        #expect(!TemplateShell.holdsMarkerCharacters("a\u{E002}b é 日本 \u{EE00}"))
        let shell = TemplateShell(rendered: "<p>\u{E000}0&amp;\u{E001}</p>\u{E000}1&\u{E001}\n|\u{E000}0&\u{E001}", endsLines: [false, true])
        #expect(shell?.fill(["a<b", "<i>x</i>\n"]) == "<p>a&lt;b</p><i>x</i>\n|a<b")
        // A marker cut or changed (by a transform) is no shell.
        #expect(TemplateShell(rendered: "\u{E000}0\u{E001}", endsLines: [false]) == nil)
        #expect(TemplateShell(rendered: "\u{E000}3&\u{E001}", endsLines: [false]) == nil)
        #expect(TemplateShell(rendered: "\u{E000}0&\u{E001}", endsLines: [true]) == nil)
    }
}
