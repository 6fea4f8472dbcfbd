import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The articles the streams' fragments embed, by main position, from the entries'
/// step to the streams'. In a large archive they would be the biggest part of a
/// build's memory (about 1.6 KB an entry, held until the last stream is out), so
/// given a folder they go into a temporary file there, unlinked as soon as it is
/// opened (nothing is left behind, even by a kill), a batch a write, and are read
/// back one at a time. Without a folder (a site built from values), or where the
/// file cannot be written, they stay in memory.
struct ArticleStore: Sendable {
    /// The open, unlinked file: closed (and so gone) with the last copy of the store.
    private final class SpillFile: Sendable {
        let descriptor: Int32

        init?(folder: String) {
            let path = folder + "/.articles-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return nil }
            unlink(path)
            self.descriptor = descriptor
        }

        deinit { close(descriptor) }
    }

    private struct Location {
        var offset: Int
        var count: Int
    }

    private let file: SpillFile?
    private var end = 0
    private var spilled: [Location?]
    private var inMemory: [Int: String] = [:]

    init(count: Int, spillFolder: String?) {
        file = spillFolder.flatMap(SpillFile.init(folder:))
        spilled = [Location?](repeating: nil, count: count)
    }

    /// One batch's articles, in one write.
    mutating func store(_ articles: [(position: Int, html: String)]) {
        guard let file else {
            for (position, html) in articles { inMemory[position] = html }
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(articles.reduce(0) { $0 + $1.html.utf8.count })
        var locations: [(Int, Location)] = []
        for (position, html) in articles {
            locations.append((position, Location(offset: end + bytes.count, count: html.utf8.count)))
            bytes += html.utf8
        }
        guard Self.write(bytes, to: file.descriptor, at: end) else {
            // A full disk costs memory, not the articles.
            for (position, html) in articles { inMemory[position] = html }
            return
        }
        end += bytes.count
        for (position, location) in locations { spilled[position] = location }
    }

    subscript(position: Int) -> String? {
        if let html = inMemory[position] { return html }
        guard let location = spilled[position], let file else { return nil }
        let bytes = [UInt8](unsafeUninitializedCapacity: location.count) { buffer, initialized in
            var done = 0
            while done < location.count {
                let count = pread(file.descriptor, buffer.baseAddress! + done, location.count - done, off_t(location.offset + done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            initialized = done
        }
        // A short read (the file cut under us) leaves the fragment without this article rather than a part of one.
        return bytes.count == location.count ? String(decoding: bytes, as: UTF8.self) : nil
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
    }
}
