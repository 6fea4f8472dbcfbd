import BlogpagerCore
import CompressNIO
import Hummingbird

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file ready to send: its bytes (and their gzip form, made once when the
/// file is first read), and the headers that describe it.
public struct ServedFile: Sendable {
    /// Files above this size are streamed from disk and never held in memory.
    public static let largestKeptInMemory = 8 << 20
    /// Gzip is not worth a round of inflating below this size.
    public static let smallestCompressed = 256

    public let identity: FileIdentity
    public let realPath: String
    /// The bytes as sent (with the live-reload tag when serving with `--watch`);
    /// nil for a large file, which is streamed.
    public let body: ByteBuffer?
    /// The gzip form, when the type compresses and it came out smaller.
    public let gzipBody: ByteBuffer?
    public let contentType: String
    public let cacheControl: String
    public let eTag: String
    public let lastModified: String
    public let modifiedSeconds: Int

    public var size: Int { body?.readableBytes ?? identity.size }
    public var gzipETag: String { String(eTag.dropLast()) + "-gz\"" }

    /// Reads the file at a real path; nil when it cannot be read.
    public static func load(realPath: String, identity: FileIdentity, liveReloadTag: String?) -> ServedFile? {
        let name = realPath.split(separator: "/").last.map(String.init) ?? realPath
        let contentType = ContentTypes.forFileName(name)
        let cacheControl = CachePolicy.cacheControl(forFileName: name)
        guard identity.size <= largestKeptInMemory else {
            // Too big to hold: an ETag from what stat says, and the body streamed.
            let tag = "\"\(StableHash.hex(UInt64(identity.size)))-\(StableHash.hex(UInt64(bitPattern: Int64(identity.modifiedSeconds))))-\(StableHash.hex(identity.inode))\""
            return ServedFile(
                identity: identity, realPath: realPath, body: nil, gzipBody: nil, contentType: contentType,
                cacheControl: cacheControl, eTag: tag, lastModified: HTTPDate.format(epochSeconds: identity.modifiedSeconds),
                modifiedSeconds: identity.modifiedSeconds)
        }
        guard var bytes = readAll(realPath, expectedSize: identity.size) else { return nil }
        if let liveReloadTag, contentType.hasPrefix("text/html") {
            bytes = LiveReloadInjection.inject(liveReloadTag, into: bytes)
        }
        let body = ByteBuffer(bytes: bytes)
        var gzipBody: ByteBuffer?
        if ContentTypes.isCompressible(contentType), bytes.count >= smallestCompressed {
            var input = body
            if let compressed = try? input.compress(with: .gzip(configuration: .init(compressionLevel: .bestCompression))),
               compressed.readableBytes < bytes.count {
                gzipBody = compressed
            }
        }
        return ServedFile(
            identity: identity, realPath: realPath, body: body, gzipBody: gzipBody, contentType: contentType,
            cacheControl: cacheControl, eTag: "\"\(StableHash.hex(StableHash.hash(bytes)))\"",
            lastModified: HTTPDate.format(epochSeconds: identity.modifiedSeconds), modifiedSeconds: identity.modifiedSeconds)
    }

    private static func readAll(_ path: String, expectedSize: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expectedSize)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
