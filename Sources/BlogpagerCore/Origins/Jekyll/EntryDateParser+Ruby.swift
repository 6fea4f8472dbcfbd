/// Jekyll's reading of a date none of the strict spellings read: Ruby's `Time.parse` (`RubyTimeParser`),
/// a time without an offset in the site's zone.
extension EntryDateParser {
    static func read(_ text: String, as rubyTime: RubyTimeParser, inZone siteOffset: (Int64) -> Int32) -> Result<EntryDate, Failure> {
        switch rubyTime.parse(text) {
        case .success(let read):
            let wallSeconds = read.wall.epochSeconds
            let offset = read.offset ?? siteOffset(wallSeconds)
            return .success(EntryDate(epochSeconds: wallSeconds - Int64(offset), nanoseconds: read.nanoseconds,
                                      offsetSeconds: offset, hasTime: read.hasTime))
        case .failure(let failure):
            return .failure(Failure(offset: 0, message: failure.message))
        }
    }
}
