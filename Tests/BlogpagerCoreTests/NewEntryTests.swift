@testable import BlogpagerCore
import Foundation
import Testing

/// A new entry's name, date and, in a Hugo site, its archetype filled as Hugo fills it.
struct NewEntryTests {
    @Test(arguments: [
        ("Hello, World!", "hello-world"),
        ("  A  tale -- of two   ", "a-tale-of-two"),
        ("日本語の記事", "日本語の記事"),
        ("Über Café", "über-café"),
        ("!!!", ""),
    ])
    func aSlugIsTheTitlesLettersAndDigitsInLowerCase(title: String, slug: String) {
        #expect(NewEntry.slug(title) == slug)
    }

    @Test func datesCarryTheSitesOffset() throws {
        let instant = Date(timeIntervalSince1970: 1_796_620_000)  // 2026-12-07 05:06:40 UTC
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(NewEntry.dateText(instant, timeZone: tokyo, style: .spaced) == "2026-12-07 14:06:40 +0900")
        #expect(NewEntry.dateText(instant, timeZone: tokyo, style: .rfc3339) == "2026-12-07T14:06:40+09:00")
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(NewEntry.dateText(instant, timeZone: newYork, style: .rfc3339) == "2026-12-07T00:06:40-05:00")
        #expect(NewEntry.dateText(instant, timeZone: TimeZone(identifier: "UTC")!, style: .rfc3339) == "2026-12-07T05:06:40Z")
    }

    /// Hugo's `title` as `hugo new content` gave it (Hugo 0.168): small words lower but first and last.
    @Test(arguments: [
        ("a tale of two cities and the api", "A Tale of Two Cities and the Api"),
        ("the end of", "The End Of"),
        ("x so y", "X So Y"),
        ("über café for you", "Über Café for You"),
    ])
    func hugosTitleIsAPStyle(text: String, title: String) {
        #expect(HugoArchetype.apTitle(text) == title)
    }

    /// Go's reference layout as Hugo's `now.Format` writes it (checked with Go's own rules: 2006-01-02 15:04:05 -0700 MST).
    @Test func nowIsFormattedByGoLayouts() throws {
        let instant = Date(timeIntervalSince1970: 1_796_620_000)  // 2026-12-07 05:06:40 UTC, a Monday
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(GoTimeLayout.format("2006", date: instant, timeZone: tokyo) == "2026")
        #expect(GoTimeLayout.format("2006-01-02T15:04:05-07:00", date: instant, timeZone: tokyo) == "2026-12-07T14:06:40+09:00")
        #expect(GoTimeLayout.format("Mon, Jan 2 2006 3:04 PM", date: instant, timeZone: tokyo) == "Mon, Dec 7 2026 2:06 PM")
        #expect(GoTimeLayout.format("January _2, 06 (Monday) Z07:00", date: instant, timeZone: TimeZone(identifier: "UTC")!) == "December  7, 26 (Monday) Z")
        let values = HugoArchetype.Values(date: "", contentBaseName: "x", section: "entry", draft: true, now: instant, timeZone: tokyo)
        #expect(try HugoArchetype.fill("archive = [\"{{ now.Format \"2006\"}}\"]", values: values) == "archive = [\"2026\"]")
    }

    @Test func anArchetypeIsFilledAndWhatItCannotFillIsNamed() throws {
        let values = HugoArchetype.Values(date: "2026-12-07T04:26:40Z", contentBaseName: "my-first-post", section: "posts", draft: true)
        let filled = try HugoArchetype.fill("title = '{{ replace .File.ContentBaseName \"-\" \" \" | title }}'\ndate = {{ .Date }}\ntype = {{- .Type -}} !\n", values: values)
        #expect(filled == "title = 'My First Post'\ndate = 2026-12-07T04:26:40Z\ntype =posts!\n")
        #expect(throws: HugoArchetype.Failure.self) { try HugoArchetype.fill("a\n{{ .Site.Title }}", values: values) }
        do {
            _ = try HugoArchetype.fill("a\nb {{ dateFormat \"2006\" .Date }}", values: values)
        } catch {
            #expect(error.line == 2 && error.message.contains("dateFormat"))
        }
    }
}
