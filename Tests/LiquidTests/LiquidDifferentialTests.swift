import Foundation
import Liquid
import Testing

/// Our engine beside Debian's ruby-liquid 5.4 with Jekyll 4.3's filters (what Debian's Jekyll runs):
/// the same templates over the same data must give the same output.
@Suite struct LiquidDifferentialTests {
    static let data: LiquidHash = LiquidHash([
        ("name", "Ada"),
        ("empty_text", ""),
        ("spaces", "  \n "),
        ("zero", 0),
        ("pi", 3.14159),
        ("count", "12"),
        ("flag", false),
        ("words", ["gamma", "Alpha", "beta", "alpha"]),
        ("numbers", [3, 1, 2, 10]),
        ("nested", ["outer": ["inner": "deep", "list": [1, 2, 3]]]),
        ("releases", [
            ["version": "1.2.3", "sha256": ["xz": "abc123"], "size": 10, "tags": ["stable"]],
            ["version": "1.2.4", "sha256": ["xz": "def456"], "size": 20, "tags": ["beta", "stable"]],
            ["version": "2.0.0", "sha256": ["xz": "0ff"], "size": 5],
        ]),
        ("html", "<p class=\"x\">Tom & 'Jerry'</p>"),
        ("sentence", "The quick brown fox jumps over the lazy dog"),
    ])

    static let templates: [String] = [
        "Hello {{ name }}!",
        "{{ missing }}|{{ missing.deeper }}|{{ nested.outer.inner }}|{{ nested['outer'].list[1] }}|{{ nested.outer.list.last }}",
        "{% if zero %}zero is true{% endif %}{% if empty_text %}empty is true{% endif %}{% if missing %}x{% else %}nil is false{% endif %}",
        "{% if empty_text == empty %}e{% endif %}{% if spaces == blank %}b{% endif %}{% if missing == blank %}n{% endif %}{% if words != empty %}w{% endif %}",
        "{% if 1 == 1.0 %}a{% endif %}{% if '1' == 1 %}b{% endif %}{% if 2 > 1 and 1 > 2 or true %}c{% endif %}{% if false or false and true %}d{% endif %}",
        "{% if sentence contains 'fox' %}fox{% endif %}{% if words contains 'beta' %}beta{% endif %}{% unless flag %}not flag{% endunless %}",
        "{% case name %}{% when 'Bob' %}bob{% when 'Ada', 'Eve' %}ada or eve{% else %}other{% endcase %}",
        "{% for w in words %}{{ forloop.index }}:{{ w }}{% unless forloop.last %}, {% endunless %}{% endfor %}",
        "{% for n in (1..5) limit:3 offset:1 reversed %}{{ n }}{% endfor %}|{% for x in missing %}x{% else %}none{% endfor %}",
        "{% for n in numbers %}{% if n == 2 %}{% continue %}{% endif %}{% if n == 10 %}{% break %}{% endif %}{{ n }}{% endfor %}",
        "{% for a in (1..2) %}{% for b in (1..2) %}{{ forloop.parentloop.index }}{{ forloop.index }} {% endfor %}{% endfor %}",
        "{% for w in words %}{{ forloop.name }};{% endfor %}{% for i in (1..2) %}{{ forloop.name }}{{ forloop.length }};{% endfor %}",
        "{% assign r = releases | where: 'version', '1.2.3' | first %}SHA256: {{ r.sha256.xz }} ({{ r.size }})",
        "{% assign stable = releases | where: 'tags', 'stable' %}{{ stable | map: 'version' | join: ', ' }}",
        "{% capture greeting %}Hi {{ name | upcase }}{% endcapture %}[{{ greeting }}] {{ greeting.size }}",
        "{% capture /dev/null %}dropped{% endcapture %}[{{ dev }}]{% capture 'quoted' %}q{% endcapture %}[{{ quoted }}]{% capture  a-b  %}ab{% endcapture %}[{{ a-b }}]",
        "{% cycle 'a', 'b', 'c' %}{% cycle 'a', 'b', 'c' %}{% cycle 'a', 'b', 'c' %}{% cycle 'a', 'b', 'c' %}",
        "{% increment c %}{% increment c %}{% decrement d %}{% decrement d %}{{ c }}",
        "a  {%- if true -%}  b  {%- endif -%}  c\n  {{- name -}}  \n d",
        "{% raw %}{{ not rendered }} {% if %}{% endraw %}|{% comment %}gone {{ name }}{% endcomment %}|",
        "{% liquid\nassign x = 'liq'\nif x\necho x | upcase\nendif\n%}",
        "{{ words | sort | join: ',' }}|{{ words | sort_natural | join: ',' }}|{{ numbers | sort | join: ',' }}|{{ words | reverse | first }}",
        "{{ releases | sort: 'size' | map: 'version' | join: ' ' }}|{{ releases | map: 'size' | join: '+' }}|{{ words | uniq | size }}",
        "{{ 10 | plus: 5 }} {{ 10 | minus: 15 }} {{ 3 | times: 2.5 }} {{ 10 | divided_by: 3 }} {{ 10 | divided_by: 4.0 }} {{ -7 | divided_by: 2 }} {{ -7 | modulo: 3 }} {{ count | plus: 1 }}",
        "{{ pi | round }} {{ pi | round: 2 }} {{ pi | ceil }} {{ pi | floor }} {{ -5 | abs }} {{ 4 | at_least: 5 }} {{ 4 | at_most: 3 }} {{ 0.1 | plus: 0.2 }} {{ 2.0 | times: 3 }}",
        "{{ sentence | truncate: 20 }}|{{ sentence | truncate: 20, '' }}|{{ sentence | truncatewords: 3 }}|{{ sentence | truncatewords: 3, '--' }}",
        "{{ sentence | split: ' ' | size }}|{{ 'a,b,,c,,' | split: ',' | join: '-' }}|{{ 'abc' | split: '' | join: '.' }}",
        "{{ html | escape }}|{{ '&lt; &amp; <' | escape_once }}|{{ html | strip_html }}|{{ 'a b&c/d' | url_encode }}|{{ 'a+b%20c' | url_decode }}",
        "{{ '&nbsp; &#8617; &#x27; & &; &1; \"q\" \\'s\\'' | escape_once }}|{{ '<SCRIPT>x</SCRIPT><script>a\nb</script>c<!-- d\n-->e<style>f</style><a\nhref=1>g</a>< h' | strip_html }}",
        "{{ '  pad  ' | strip }}|{{ '  pad  ' | lstrip }}|{{ '  pad  ' | rstrip }}|{{ 'hello world' | capitalize }}|{{ 'one\ntwo' | newline_to_br }}",
        "{{ 'banana' | replace: 'a', 'o' }}|{{ 'banana' | replace_first: 'a', 'o' }}|{{ 'banana' | remove: 'an' }}|{{ 'banana' | remove_first: 'an' }}",
        "{{ 'hello' | slice: 1, 3 }}|{{ 'hello' | slice: -2 }}|{{ words | slice: 1, 2 | join: ',' }}|{{ 'ab' | append: 'cd' | prepend: '>' }}",
        "{{ missing | default: 'fallback' }}|{{ empty_text | default: 'empty' }}|{{ flag | default: 'f' }}|{{ flag | default: 'f', allow_false: true }}|{{ zero | default: 1 }}",
        "{{ words | first }}|{{ words.first }}|{{ words.size }}|{{ name.size }}|{{ nested.size }}|{{ words | last }}",
        "{{ numbers | concat: words | join: ',' }}|{{ numbers | compact | size }}|{{ (1..4) | join: '+' }}",
        "{{ name | no_such_filter }}|{{ name | upcase | no_such_filter: 3 }}",
        "{% assign x = 5 %}{% for i in (1..2) %}{% assign x = x | plus: i %}{% endfor %}{{ x }}",
        "{{ 1.5 }} {{ 100.0 }} {{ -0.25 }} {{ true }} {{ nil }}|{{ words }}",
        "{% if name == 'Ada' and words.size > 3 %}{{ name }} has {{ words.size }}{% elsif name %}other{% endif %}",
        "{{ words | join }}|{{ 'x' | prepend: nil }}|{{ nil | append: 'y' }}",
        "{{ releases | where_exp: 'r', 'r.size > 8' | map: 'version' | join: ',' }}|{{ releases | find: 'version', '2.0.0' | map: 'size' }}",
        "{% assign g = releases | group_by: 'size' %}{% for x in g %}{{ x.name }}={{ x.items.size }};{% endfor %}",
        "{% assign g = numbers | group_by_exp: 'n', 'n | modulo: 2' %}{% for x in g %}{{ x.name }}:{{ x.items | join: ',' }};{% endfor %}",
        "{{ words | array_to_sentence_string }}|{{ words | slice: 0, 2 | array_to_sentence_string: 'or' }}|{{ sentence | number_of_words }}",
        "{{ nested | jsonify }}|{{ words | jsonify }}|{{ name | jsonify }}|{{ pi | jsonify }}|{{ missing | jsonify }}",
        "{{ html | xml_escape }}|{{ 'a b&c/d?e=é' | cgi_escape }}|{{ 'a b/é?x=[1]' | uri_escape }}",
        "{{ numbers | push: 7 | join: ',' }}|{{ numbers | pop | join: ',' }}|{{ numbers | shift | join: ',' }}|{{ numbers | unshift: 0 | join: ',' }}",
        "{{ nested | inspect }}|{{ words | inspect }}|{{ name | inspect }}",
        "{{ releases | sort: 'missingkey' | size }}|{{ words | sort | first }}|{{ releases | map: 'tags' | size }}",
        "{% for r in releases %}{% if r.tags contains 'beta' %}{{ r.version }}{% endif %}{% endfor %}|{% for p in nested %}{{ p[0] }}{% endfor %}",
        "{% for i in (1..10) %}{% cycle 'odd', 'even' %}{% if forloop.index == 3 %}{% break %}{% endif %}{% endfor %}|{% for i in (3..1) %}x{% else %}empty{% endfor %}",
        "{% assign n = 3 %}{% for i in (1..n) %}{{ i }}{% endfor %}|{% for i in (n..5) limit: 2 %}{{ i }}{% endfor %}",
        "{{ 'x' | upcase: }}{{ name | default: }}|{% if words.size >= 4 %}ge{% endif %}{% if 'b' > 'a' %}gt{% endif %}",
    ]

    @Test func matchesRubyLiquid() throws {
        let expected = try Self.rubyOutputs()
        #expect(expected.count == Self.templates.count)
        for (template, wanted) in zip(Self.templates, expected) {
            let ours = try LiquidTemplate(source: template).render(Self.data)
            #expect(ours == wanted, "template: \(template)")
        }
    }

    /// Every template rendered by Ruby's Liquid in one process, its outputs as a JSON array.
    static func rubyOutputs() throws -> [String] {
        let script = """
        require 'jekyll'
        require 'json'
        require 'tmpdir'
        input = JSON.parse(STDIN.read)
        outputs = Dir.mktmpdir do |dir|
          site = Jekyll::Site.new(Jekyll.configuration("source" => dir, "destination" => File.join(dir, "_site"), "quiet" => true))
          Liquid::Template.register_filter(Jekyll::Filters)
          input['templates'].map { |t| Liquid::Template.parse(t).render!(input['data'], registers: { site: site }) rescue "ERROR: #{$!.message}" }
        end
        print JSON.generate(outputs)
        """
        let payload = #"{"templates":["# + templates.map { json(.string($0)) }.joined(separator: ",") + #"],"data":"# + json(.hash(data)) + "}"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ruby", "-e", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(payload.utf8))
        try input.fileHandleForWriting.close()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RubyFailed(status: process.terminationStatus) }
        return try JSONDecoder().decode([String].self, from: result)
    }

    struct RubyFailed: Error { var status: Int32 }

    static func json(_ value: LiquidValue) -> String {
        try! LiquidTemplate(source: "{{ v | jsonify }}").render(LiquidHash([("v", value)]))
    }
}
