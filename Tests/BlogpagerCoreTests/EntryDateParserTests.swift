@testable import BlogpagerCore
import Foundation
import Testing

struct EntryDateParserTests {
    static let tokyo = EntryDateParser(siteTimeZone: TimeZone(identifier: "Asia/Tokyo")!)
    static let utc = EntryDateParser(siteTimeZone: TimeZone(identifier: "UTC")!)

    /// (text, expected RFC 3339 as written, expected instant in UTC seconds)
    @Test(arguments: [
        ("2016-05-12", "2016-05-12T00:00:00Z", Int64(1_463_011_200)),
        ("2016-05-12 10:00", "2016-05-12T10:00:00Z", Int64(1_463_047_200)),
        ("2016-05-12 10:00:00 +0900", "2016-05-12T10:00:00+09:00", Int64(1_463_014_800)),
        ("2016-05-12T10:00:00+09:00", "2016-05-12T10:00:00+09:00", Int64(1_463_014_800)),
        ("2016-05-12T01:00:00Z", "2016-05-12T01:00:00Z", Int64(1_463_014_800)),
        ("2016-05-12 10:00 +09:00", "2016-05-12T10:00:00+09:00", Int64(1_463_014_800)),
        ("2019-02-25 16:00:00 -0800", "2019-02-25T16:00:00-08:00", Int64(1_551_139_200)),
        ("2016-05-12T10:00:00.250Z", "2016-05-12T10:00:00.25Z", Int64(1_463_047_200)),
        ("  2016-02-29  ", "2016-02-29T00:00:00Z", Int64(1_456_704_000)),
        // One-digit parts, as Jekyll and Hugo read them (real posts are written so).
        ("2016-1-5", "2016-01-05T00:00:00Z", Int64(1_451_952_000)),
        ("2016-1-05 10:00", "2016-01-05T10:00:00Z", Int64(1_451_988_000)),
        ("2016-1-5 9:00", "2016-01-05T09:00:00Z", Int64(1_451_984_400)),
        ("2016-01-5T9:05:03Z", "2016-01-05T09:05:03Z", Int64(1_451_984_703)),
        ("2016-1-5 9:5:3 +0900", "2016-01-05T09:05:03+09:00", Int64(1_451_952_303)),
        ("2016-05-12  10:00:00 UTC", "2016-05-12T10:00:00Z", Int64(1_463_047_200)),
        ("2016-05-12 10:00:00 GMT", "2016-05-12T10:00:00Z", Int64(1_463_047_200)),
        ("2016-05-12 10:00:00 +09", "2016-05-12T10:00:00+09:00", Int64(1_463_014_800)),
        // Ruby's own spellings, which Jekyll's Time.parse reads (real posts carry them).
        ("Sun Feb 05 09:00:46 -0500 2012", "2012-02-05T09:00:46-05:00", Int64(1_328_450_446)),
        ("Tue Jan 08 09:35:31 2013", "2013-01-08T09:35:31Z", Int64(1_357_637_731)),
        ("Thurs Oct 13 17:03:39 -0500 2011", "2011-10-13T17:03:39-05:00", Int64(1_318_543_419)),
        ("Mon Sept 01 12:17:36 -0600 2011", "2011-09-01T12:17:36-06:00", Int64(1_314_901_056)),
        ("May 12, 2016", "2016-05-12T00:00:00Z", Int64(1_463_011_200)),
        // The day first, as Hugo reads `02 Jan 2006` and Ruby any month's name (seen on real blogs).
        ("26 Mar 2018", "2018-03-26T00:00:00Z", Int64(1_522_022_400)),
        ("23 March 2020", "2020-03-23T00:00:00Z", Int64(1_584_921_600)),
        ("Mon, 02 Jan 2006 15:04:05 -0700", "2006-01-02T15:04:05-07:00", Int64(1_136_239_445)),
    ])
    func readsTheSpellingsBlogsUse(text: String, written: String, instant: Int64) throws {
        let date = try Self.utc.parse(text).get()
        #expect(date.rfc3339 == written)
        #expect(date.epochSeconds == instant)
    }

    /// RFC 3339 as feeds, sitemaps and indexes write it: the author's offset, a fraction without
    /// its trailing zeros, offsets with minutes, years before 1000 padded, and before the year 1.
    @Test func rfc3339SpellsTheInstantInTheAuthorsOffset() {
        #expect(EntryDate(epochSeconds: 1_463_047_200, offsetSeconds: 32_400).rfc3339 == "2016-05-12T19:00:00+09:00")
        #expect(EntryDate(epochSeconds: 1_463_047_200, nanoseconds: 120_000_000, offsetSeconds: -34_200).rfc3339 == "2016-05-12T00:30:00.12-09:30")
        #expect(EntryDate(epochSeconds: 1_463_047_200, nanoseconds: 5, offsetSeconds: 0).rfc3339 == "2016-05-12T10:00:00.000000005Z")
        #expect(EntryDate(epochSeconds: -62_135_596_800 + 86_400 * 400, offsetSeconds: 0).rfc3339 == "0002-02-05T00:00:00Z")
        #expect(EntryDate(epochSeconds: -62_135_596_800 - 86_400, offsetSeconds: 0).rfc3339 == "0000-12-31T00:00:00Z")
        #expect(EntryDate(epochSeconds: -62_135_596_800 - 86_400 * 367, offsetSeconds: 0).rfc3339 == "-0001-12-31T00:00:00Z")
        // Appended where a sitemap writes it: after its tag, the fraction's zeros trimmed from its own digits only.
        var bytes = Array("<lastmod>10".utf8)
        EntryDate(epochSeconds: 1_463_047_200, nanoseconds: 120_000_000, offsetSeconds: -34_200).appendRFC3339(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "<lastmod>102016-05-12T00:30:00.12-09:30")
    }

    /// Years, months and days are spelled as `String(format:)` spelled them, without it.
    @Test func numbersAreZeroPaddedAsFormatWritesThem() {
        for value in [0, 1, 9, 10, 99, 100, 365, 999, 1000, 2016, 9999, 10_000, 123_456, -1, -12, -123, -1234, -12_345] {
            for width in [2, 3, 4] {
                #expect(value.zeroPadded(width) == String(format: "%0\(width)d", value), "\(value) \(width)")
            }
        }
    }

    @Test func aTimeWithoutOffsetIsInTheSiteTimeZone() throws {
        let date = try Self.tokyo.parse("2016-05-12 10:00").get()
        #expect(date.rfc3339 == "2016-05-12T10:00:00+09:00")
        #expect(date.epochSeconds == 1_463_014_800)
    }

    @Test func aDayWithoutTimeIsMidnightInTheSiteTimeZone() throws {
        let date = try Self.tokyo.parse("2016-05-12").get()
        #expect(date.rfc3339 == "2016-05-12T00:00:00+09:00")
        #expect(!date.hasTime)
    }

    @Test func daylightSavingTimeIsApplied() throws {
        let newYork = EntryDateParser(siteTimeZone: TimeZone(identifier: "America/New_York")!)
        #expect(try newYork.parse("2020-07-01 12:00").get().rfc3339 == "2020-07-01T12:00:00-04:00")
        #expect(try newYork.parse("2020-01-01 12:00").get().rfc3339 == "2020-01-01T12:00:00-05:00")
    }

    @Test(arguments: [
        ("12th of May", 0), ("Sun Feb 05 09:00:46 -0500", 0), ("16-05-12", 0), ("2016-123-01", 7), ("2016-13-01", 5), ("2016-1-32", 7), ("2015-02-29", 8),
        ("2016-05-12 25:00", 16), ("2016-05-12 10:00 +9", 17), ("2016-05-12 10:00 tomorrow", 17),
        ("", 0), ("2016-05-12T", 11),
    ])
    func rejectsWhatItCannotRead(text: String, offset: Int) {
        guard case .failure(let failure) = Self.utc.parse(text) else {
            Issue.record("'\(text)' should not parse")
            return
        }
        #expect(failure.offset == offset, "\(failure.message)")
        #expect(!failure.message.isEmpty)
    }

    /// File names carry the date as Jekyll reads them: one-digit months and days too.
    @Test(arguments: [
        ("2016-05-12-hello world.md", "2016-05-12", "hello-world"),
        ("2016-1-05-name.md", "2016-1-05", "name"),
        ("2016-1-5_name.markdown", "2016-1-5", "name"),
        ("2016-12-5-a.md", "2016-12-5", "a"),
        ("2016-05-123-name.md", nil, "2016-05-123-name"),
        ("2016-05-12.md", nil, "2016-05-12"),
        ("20160512-name.md", nil, "20160512-name"),
    ] as [(String, String?, String)])
    func fileNamesGiveTheirDateAndSlug(name: String, date: String?, slug: String) {
        let parts = FileNameParts(fileName: name)
        #expect(parts.datePrefix == date)
        #expect(parts.slug == slug)
    }

    @Test func civilDatesRoundTripOverCenturies() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let seconds = Int64(days) * 86_400 + 3_723
            let civil = CivilDateTime(epochSeconds: seconds)
            #expect(civil.epochSeconds == seconds)
        }
        #expect(CivilDateTime(epochSeconds: 0) == CivilDateTime(year: 1970, month: 1, day: 1))
        #expect(CivilDateTime(epochSeconds: 951_782_400) == CivilDateTime(year: 2000, month: 2, day: 29))
    }
}
