/// The day an entry's own URL names (Zola's `path`, Hugo's `url`, Jekyll's `permalink`),
/// for an entry that gives no date otherwise: `2024/11/26/wasip2-tier-2` or
/// `/inside-rust/2024/11/26/x.html` gives `2024-11-26`. Blogs that keep the date in the
/// path (the Rust blog's Zola templates read it from there) are built from their root as
/// they are, dated as their pages show them.
enum URLPathDate {
    /// `yyyy-mm-dd` for the first three segments in a row that make a real day: a four-digit
    /// year, then a month and a day of one or two digits; nil where the path names none.
    static func day(in path: String) -> String? {
        let segments = path.split(separator: "/").map(String.init)
        guard segments.count >= 3 else { return nil }
        for start in 0...(segments.count - 3) {
            let (year, month, day) = (segments[start], segments[start + 1], segments[start + 2])
            guard year.utf8.count == 4, (1...2).contains(month.utf8.count), (1...2).contains(day.utf8.count),
                  let y = Int(year), let m = Int(month), let d = Int(day),
                  y >= 1000, (1...12).contains(m), (1...daysIn(month: m, year: y)).contains(d),
                  [year, month, day].allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } })
            else { continue }
            return "\(year)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
        }
        return nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
