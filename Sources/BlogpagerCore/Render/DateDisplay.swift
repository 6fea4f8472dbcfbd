import Foundation

/// Dates as readers of the site's language expect them (`May 12, 2016`,
/// `2016年5月12日`), through Foundation's formatting, in the author's offset.
public struct DateDisplay: Sendable {
    public var language: String

    public init(language: String) {
        self.language = language
    }

    /// One display string per date, formatters made once per distinct offset.
    public func strings(for dates: [EntryDate]) -> [String] {
        // In runs over every core, each run with formatters of its own (one is not to be shared between threads).
        let runs = stride(from: 0, to: dates.count, by: 1024).map { $0..<Swift.min(dates.count, $0 + 1024) }
        return runs.parallelMap { run in
            var formatters: [Int32: DateFormatter] = [:]
            return dates[run].map { date in
                let formatter = formatters[date.offsetSeconds] ?? makeFormatter(offset: date.offsetSeconds)
                formatters[date.offsetSeconds] = formatter
                return formatter.string(from: Date(timeIntervalSince1970: Double(date.epochSeconds)))
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

    private func makeFormatter(offset: Int32) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = TimeZone(secondsFromGMT: Int(offset))
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter
    }
}
