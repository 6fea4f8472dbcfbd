import Foundation

/// A stream's cursor index, the static site's API: which pages exist, newest
/// first, what each spans (first and last cursors), where its fragment is, and
/// its neighbours. In memory it holds every page; on disk `IndexFiles` writes
/// it as a small `index.json` and, for a large stream, immutable parts.
/// Documented in docs/index-format.md with a JSON Schema.
public struct CursorIndex: Sendable, Equatable {
    /// 3: `months` added (version 2 had none).
    public static let formatVersion = 3

    public struct CursorValue: Sendable, Equatable, Codable {
        /// RFC 3339 in the author's offset.
        public var date: String
        public var slug: String
    }

    public struct PageEntry: Sendable, Equatable, Codable {
        public var id: String
        /// The full HTML page (root-relative URL).
        public var url: String
        /// The fragment (root-relative URL); immutable, content-hashed.
        public var fragment: String
        public var count: Int
        /// The newest entry of the page.
        public var first: CursorValue
        /// The oldest entry of the page.
        public var last: CursorValue
        /// Page ids; `null` at either end of the archive.
        public var newer: String?
        public var older: String?

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(url, forKey: .url)
            try container.encode(fragment, forKey: .fragment)
            try container.encode(count, forKey: .count)
            try container.encode(first, forKey: .first)
            try container.encode(last, forKey: .last)
            // Always present, null at the ends: a client can tell "end" from "missing".
            try container.encode(newer, forKey: .newer)
            try container.encode(older, forKey: .older)
        }
    }

    /// Which stream this index pages: the whole blog, a tag, a month.
    public struct StreamValue: Sendable, Equatable, Codable {
        /// `main`, `tag` or `month`.
        public var kind: String
        /// The site title, the tag as written, or the month (`May 2016`).
        public var name: String
        /// The stream's front page.
        public var url: String
        /// A month stream's: the main stream's index, whose months its timeline shows
        /// (a stream of one month has nothing to scrub through on its own).
        public var timeline: String? = nil
    }

    /// One month of the stream and how many of its entries are dated in it, written `["2016-05", 3]`.
    public struct MonthCount: Sendable, Equatable, Encodable {
        /// `yyyy-mm`, the month as the author's dates have it.
        public var month: String
        public var count: Int

        public func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(month)
            try container.encode(count)
        }
    }

    public var version: Int
    public var generator: String
    public var stream: StreamValue
    public var order: String
    /// The order the site's client shows entries in (`newest-first` or `oldest-first`).
    public var display_order: String
    public var entries: Int
    public var page_size: Int
    /// Ids of the pages `index.html` shows, newest first.
    public var front: [String]
    /// Every page, newest first.
    public var pages: [PageEntry]
    /// Every month with entries, newest first: what the reader's timeline shows.
    public var months: [MonthCount] = []
}
