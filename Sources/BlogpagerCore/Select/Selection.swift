import Foundation

/// The select stage: of the entries read, those published now, and those left out: drafts (unless
/// asked for), entries dated after now (unless asked for), and those past their `expiryDate`
/// (Hugo's), from that instant on.
struct Selection {
    var published: [Entry]
    var drafts: [Entry]
    var future: [Entry]
    var expired: [Entry]

    init(_ entries: [Entry], options: BuildOptions, config: SiteConfig) {
        let now = EntryDate(epochSeconds: Int64(options.now.timeIntervalSince1970.rounded(.down)))
        let isLeftOutDraft = { (entry: Entry) in entry.isDraft && !options.includeDrafts && !config.buildsDrafts }
        let isLeftOutFuture = { (entry: Entry) in entry.date.isAfter(now) && !options.includeFuture && !config.buildsFuture }
        let isExpired = { (entry: Entry) in !config.buildsExpired && (entry.expires.map { !$0.isAfter(now) } ?? false) }
        drafts = entries.filter(isLeftOutDraft)
        future = entries.filter { !isLeftOutDraft($0) && isLeftOutFuture($0) }
        expired = entries.filter { !isLeftOutDraft($0) && !isLeftOutFuture($0) && isExpired($0) }
        published = entries.filter { !isLeftOutDraft($0) && !isLeftOutFuture($0) && !isExpired($0) }
    }

    /// The instant (epoch seconds) the site changes next: a future entry comes due, or a published one expires.
    var nextPublication: Int64? {
        (future.map(\.date) + published.compactMap(\.expires)).map { $0.epochSeconds + ($0.nanoseconds > 0 ? 1 : 0) }.min()
    }
}
