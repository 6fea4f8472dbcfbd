import Foundation

/// Dates as readers of the site's language expect them (`May 12, 2016`,
/// `2016年5月12日`), through Foundation's formatting, in the author's offset.
public struct DateDisplay: Sendable {
    public var language: String

    public init(language: String) {
        self.language = language
    }

    /// One display string per date. A date without its time names its day alone, whatever
    /// the author's offset: each is the day in that offset, formatted as a day in UTC, so one
    /// formatter serves every offset (making one per offset and run was most of the cost).
    public func strings(for dates: [EntryDate]) -> [String] {
        // In runs over every core, each run with a formatter of its own (one is not to be shared between threads).
        let runs = stride(from: 0, to: dates.count, by: 1024).map { $0..<Swift.min(dates.count, $0 + 1024) }
        return runs.parallelMap { run in
            let formatter = makeFormatter()
            // Entries of one day are next to each other (newest first): they share its text.
            var last: (day: Int64, text: String)?
            return dates[run].map { date in
                let local = date.epochSeconds + Int64(date.offsetSeconds)
                let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
                if let last, last.day == day { return last.text }
                let text = formatter.string(from: Date(timeIntervalSince1970: Double(day * 86_400 + 43_200)))
                last = (day, text)
                return text
            }
        }.flatMap { $0 }
    }

    public func string(for date: EntryDate) -> String {
        strings(for: [date])[0]
    }

    /// `May 2016`, `2016年5月`: the name of an archive month.
    public func monthNames() -> (_ year: Int, _ month: Int) -> String {
        calendarNames(template: "yMMMM")
    }

    /// `2016`, `2016年`: the name of an archive year.
    public func yearNames() -> (_ year: Int) -> String {
        let name = calendarNames(template: "y")
        return { year in name(year, 1) }
    }

    /// Names of calendar periods in the site's language, one formatter for all of them.
    private func calendarNames(template: String) -> (_ year: Int, _ month: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.setLocalizedDateFormatFromTemplate(template)
        return { year, month in
            formatter.string(from: Date(timeIntervalSince1970: Double(CivilDateTime(year: year, month: month, day: 1).epochSeconds)))
        }
    }

    private func makeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter
    }
}
