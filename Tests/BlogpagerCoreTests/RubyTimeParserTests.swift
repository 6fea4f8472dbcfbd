@testable import BlogpagerCore
import Foundation
import Testing

/// Jekyll reads a front-matter date with Ruby's `Time.parse`: each spelling here is read by
/// Debian's Ruby itself (in a site zone, at a fixed now) and by us, and the instants, the
/// offsets and the refusals must agree.
struct RubyTimeParserTests {
    static let zone = "America/New_York"
    /// 2026-12-02 20:00:00 UTC: what a date without a year or a day is completed from.
    static let now = Date(timeIntervalSince1970: 1_796_241_600)

    static let spellings = [
        // Day, month and year in every order real posts write them.
        "11-9-2017", "9-11-2017", "2017-9-11", "17-9-11", "11/9/2017", "9/11/2017", "2017/09/11", "2017/9/11 10:00",
        "11.09.2017", "2017.09.11", "11.9.17", "20170911", "170911", "20170911T1030", "20170911103000",
        "Sep 11, 2017", "September 11 2017", "Sept. 11th, 2017", "11 September 2017", "11th Sep 2017", "11-Sep-2017", "Sep-11-2017",
        "Monday, September 11th, 2017", "Mon, 11 Sep 2017 10:00:00 +0200", "Mon Sep 11 10:00:00 2017", "Sun Feb 05 09:00:46 -0500 2012",
        "Sep 2017", "11 Sep", "Sep 11", "'17", "H29.09.11", "R1.05.01",
        // Times, meridians and fractions.
        "2017-09-11 10:00", "2017-09-11 10:00:30", "2017-09-11 10:00:30.25", "2017-09-11 10am", "September 11 2017 10:00 PM",
        "2017-09-11 12:30 a.m.", "2017-09-11T10:00:00", "2017-09-11 10h30", "10:00", "2017-09-11 24:00",
        // Zones Ruby knows, and ones it does not (the site's zone then).
        "2017-09-11 10:00:00 -0800", "2017-09-11T10:00:00Z", "2017-09-11 10:00 UTC", "2017-09-11 10:00 GMT", "2017-09-11 10:00 PST",
        "2017-09-11 10:00 EDT", "2017-09-11 10:00 +05:30", "2017-09-11 10:00 +0530", "2017-09-11 10:00 +09", "2017-09-11 10:00 CEST",
        "2017-09-11 10:00 Z", "2017-09-11 10:00 +5", "2023-01-29 18:30:22 2023 -0800", "2017-09-11 10:00:00 -08:00:30",
        // Days past a month's end roll over, as Ruby's Time does; other numbers out of range are refused.
        "2017-02-31", "2017-13-01", "2017-00-10", "2017-09-32", "2017-09-11 25:00", "2017-09-11 10:61",
        // Ordinal and week dates, and text with no date.
        "2017-254", "2016-366", "2017-366", "2017-W37-1", "hello", "tomorrow", "", "   ",
        String(repeating: "2017-09-11 ", count: 12),
    ]

    /// Each spelling as Ruby reads it: `epoch offset`, or `error`.
    static func rubyReadings() throws -> [String] {
        let script = """
        STDIN.each_line { |line| s = line.chomp.gsub('\\\\n', "\\n"); begin; t = Time.parse(s, Time.at(\(Int(now.timeIntervalSince1970))));
        puts "#{t.to_i} #{t.utc_offset}"; rescue ArgumentError; puts "error"; end }
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ruby", "-rtime", "-e", script]
        process.environment = ["TZ": zone, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(spellings.joined(separator: "\n").appending("\n").utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "Debian's ruby (installed with jekyll) reads the table")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func everySpellingReadsAsRubyReadsIt() throws {
        let readings = try Self.rubyReadings()
        try #require(readings.count == Self.spellings.count)
        let parser = EntryDateParser(siteTimeZone: TimeZone(identifier: Self.zone)!, readingAsRubyAt: Self.now)
        var refused = 0
        for (text, ruby) in zip(Self.spellings, readings) {
            let ours: String
            switch parser.parse(text) {
            case .success(let date): ours = "\(date.epochSeconds) \(date.offsetSeconds)"
            case .failure: ours = "error"
            }
            #expect(ours == ruby, "\(text.debugDescription)")
            if ruby == "error" { refused += 1 }
        }
        // The table holds both kinds: spellings Ruby reads, and ones it refuses.
        #expect(refused >= 8 && refused < Self.spellings.count / 3)
    }

    @Test func aRefusalSaysWhy() {
        let parser = EntryDateParser(siteTimeZone: TimeZone(identifier: "UTC")!, readingAsRubyAt: Self.now)
        guard case .failure(let failure) = parser.parse("2017-13-01") else { Issue.record("a 13th month is read"); return }
        #expect(failure.message == "month 13 is out of range 1-12")
        guard case .failure(let none) = parser.parse("tomorrow") else { Issue.record("a word is read as a date"); return }
        #expect(none.message.contains("no date or time"))
    }

    @Test func outsideJekyllOnlyTheStrictSpellingsAreRead() {
        let parser = EntryDateParser(siteTimeZone: TimeZone(identifier: "UTC")!)
        #expect((try? parser.parse("11-9-2017").get()) == nil)
        #expect((try? parser.parse("2017-09-11").get())?.epochSeconds == 1_505_088_000)
    }
}
