/// Every key of what a rebuild reuses, made in one place. A key is a digest
/// of everything an output is made from, so two builds that compute the same
/// key make the same bytes: whatever shapes an output and is left out of its
/// key would keep a stale file, so each function names all of its inputs.
enum RenderKeys {
    /// What every output depends on: this program, the config, the templates,
    /// the assets' URLs, and the taxonomies some entry uses (every page's
    /// navigation links each one's list). Another generation keeps nothing from the last build.
    static func generation(program: ProgramIdentity, config: SiteConfig, templates: TemplateSet, assetURLs: [String: String],
                           taxonomiesInUse: [String], highlighter: String = "plain") -> String {
        var parts = ["program " + program.text, "highlighter " + highlighter] + config.keyParts
        parts += templates.files.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        parts += assetURLs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        parts += ["taxonomies in use"] + taxonomiesInUse
        return StableHash.key(parts)
    }

    /// What the entries of the entry cache were read under: the program and the settings.
    static func entryCache(format: Int, program: ProgramIdentity, config: SiteConfig) -> String {
        StableHash.key(["entry-cache \(format)", "program " + program.text] + config.keyParts)
    }

    /// An entry's article: its source, its date as shown, its anchor and its tags' URLs.
    static func article(_ entry: Entry, displayDate: String, anchor: String, termURLs: [String]) -> String {
        StableHash.key([entry.source.relativePath, entry.source.identity, displayDate, anchor] + termURLs)
    }

    /// An entry's own page: its article, where it sits in the main stream, and its neighbours.
    static func entryPage(article: String, streamURL: String, newer: Entry?, older: Entry?) -> String {
        StableHash.key([article, streamURL, newer?.title ?? "-", newer?.url ?? "-", older?.title ?? "-", older?.url ?? "-"])
    }

    /// What a stream's pages show besides their entries: its kind, name and
    /// folder, and the neighbouring streams its pages link.
    static func stream(_ stream: EntryStream, newer: EntryStream?, older: EntryStream?) -> String {
        StableHash.key([
            stream.kind.name, stream.kind.taxonomy?.title ?? "-", stream.name, stream.folder.joined(separator: "/"),
            newer.map { $0.name + "\u{1F}" + $0.folder.joined(separator: "/") } ?? "-",
            older.map { $0.name + "\u{1F}" + $0.folder.joined(separator: "/") } ?? "-",
        ])
    }

    /// A term's feed: which term, where it is served from, and the articles of the entries it carries.
    static func termFeed(_ stream: EntryStream, origin: String, host: String, articles: [String]) -> String {
        StableHash.key(["term-feed", stream.kind.name, stream.name, stream.folder.joined(separator: "/"), origin, host] + articles)
    }

    /// The site's feeds: where they are written and served from, and the articles of the latest entries.
    static func siteFeeds(origin: String, host: String, paths: [String], articles: [String]) -> String {
        StableHash.key(["site-feeds", origin, host] + paths + ["articles"] + articles)
    }

    /// A fragment: its stream, its page's id and its entries' articles.
    static func fragment(stream: String, pageID: String, articles: [String]) -> String {
        StableHash.key([stream, pageID] + articles)
    }

    /// A stream's full page: its stream, its own texts, its neighbours' URLs and the fragments it shows.
    static func listPage(stream: String, title: String, description: String, url: String,
                         neighbourURLs: [String], fragments: [String]) -> String {
        StableHash.key([stream, title, description, url] + neighbourURLs + fragments)
    }

    /// The sitemap's files: every URL with its date as numbers (formatting every date as text cost more than the key).
    static func sitemap(origin: String, basePath: String, locations: [Sitemap.Location]) -> String {
        // A key per run of locations, side by side, then one of them all.
        let parts = Sitemap.runs(of: locations.indices).parallelMap { part -> String in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(part.count * 64)
            for location in locations[part] {
                bytes += location.url.utf8
                bytes.append(0x1F)
                if let date = location.lastModified {
                    for value in [date.epochSeconds, Int64(date.nanoseconds), Int64(date.offsetSeconds), date.hasTime ? 1 : 0] {
                        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
                    }
                }
                for alternate in location.alternates {
                    bytes += alternate.tag.utf8
                    bytes.append(0x1F)
                    bytes += alternate.url.utf8
                    bytes.append(0x1F)
                }
                bytes.append(0x1E)
            }
            return StableHash.key(bytes: bytes)
        }
        return StableHash.key(["sitemap", String(Sitemap.maxPerFile), String(Sitemap.run), origin, basePath] + parts)
    }

    /// A part of a stream's cursor index (`IndexFiles`): every field of its file, so the same
    /// key is the same bytes (its folder is its stream's, in its slot's name).
    static func indexPart(version: Int, generator: String, pages: ArraySlice<CursorIndex.PageEntry>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + pages.count * 160)
        for text in ["index-part", String(version), generator, String(pages.count)] {
            bytes += text.utf8
            bytes.append(0x1F)
        }
        for page in pages { add(page, to: &bytes) }
        return StableHash.key(bytes: bytes)
    }

    /// A page entry's fields, each ended by a separator (one form for both index keys).
    private static func add(_ page: CursorIndex.PageEntry, to bytes: inout [UInt8]) {
        for text in [page.id, page.url, page.fragment, String(page.count), page.first.date, page.first.slug,
                     page.last.date, page.last.slug, page.newer ?? "-", page.older ?? "-"] {
            bytes += text.utf8
            bytes.append(0x1F)
        }
    }

    /// A stream's cursor index: every field `IndexFiles` writes, so the same key is the same
    /// root and parts (where it is written is its stream's folder, its slot's name).
    static func streamIndex(_ index: CursorIndex) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + index.pages.count * 160)
        func add(_ text: String) {
            bytes += text.utf8
            bytes.append(0x1F)
        }
        for text in ["stream-index", String(index.version), index.generator, index.stream.kind, index.stream.name, index.stream.url,
                     index.stream.timeline ?? "-", index.order, index.display_order, String(index.entries), String(index.page_size)] {
            add(text)
        }
        add("front \(index.front.count)")
        index.front.forEach(add)
        add("months \(index.months.count)")
        for month in index.months {
            add(month.month)
            add(String(month.count))
        }
        add("pages \(index.pages.count)")
        for page in index.pages { Self.add(page, to: &bytes) }
        return StableHash.key(bytes: bytes)
    }
}
