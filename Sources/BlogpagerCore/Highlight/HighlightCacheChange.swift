/// How a build changes the output's highlight cache (`out/.blogpager/highlight-cache`).
public enum HighlightCacheChange: Sendable {
    /// The record is written whole, in place of the old one.
    case replace(HighlightCache)
    /// These blocks are added to the record as it is, at `after` (the end of its last
    /// whole block: a tail that a killed write cut short goes first).
    case append([UInt8], after: Int)
}
