import BlogpagerCore
import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird

/// One file ready to send: its bytes (and their gzip form, made once when the
/// file is first read), and the headers of each form, built once too, so a
/// request only picks a form and checks its validators.
public final class ServedFile: Sendable {
    /// Files above this size are streamed from disk and never held in memory.
    public static let largestKeptInMemory = 8 << 20
    /// Gzip is not worth a round of inflating below this size.
    public static let smallestCompressed = 256

    /// One way of sending the file: its bytes (nil when streamed from disk) and headers.
    public struct Form: Sendable {
        public let body: ByteBuffer?
        public let eTag: String
        /// The headers of a 200 (or of a 404 for the site's 404 page).
        public let headers: HTTPFields
        /// The headers of a 304: validators and caching, no body fields.
        public let notModifiedHeaders: HTTPFields
    }

    public let identity: FileIdentity
    public let realPath: String
    /// The path as the request named it (below the served folder's real path).
    public let requestedPath: String
    public let modifiedSeconds: Int
    public let plain: Form
    /// The gzip form, when the type compresses and it came out smaller.
    public let gzip: Form?

    init(identity: FileIdentity, realPath: String, requestedPath: String, plain: Form, gzip: Form?) {
        self.identity = identity
        self.realPath = realPath
        self.requestedPath = requestedPath
        self.modifiedSeconds = identity.modifiedSeconds
        self.plain = plain
        self.gzip = gzip
    }

    /// Reads the file at a real path; nil when it cannot be read.
    public static func load(realPath: String, requestedPath: String, identity: FileIdentity, liveReloadTag: String?) -> ServedFile? {
        let name = realPath.split(separator: "/").last.map(String.init) ?? realPath
        let contentType = ContentTypes.forFileName(name)
        let compressible = ContentTypes.isCompressible(contentType)
        var common: HTTPFields = [
            .contentType: contentType,
            .cacheControl: CachePolicy.cacheControl(forFileName: name),
            .lastModified: HTTPDate.format(epochSeconds: identity.modifiedSeconds),
            noSniff: "nosniff",
        ]
        guard identity.size <= largestKeptInMemory else {
            // Too big to hold: an ETag from what stat says, and the body streamed.
            let tag = "\"\(StableHash.hex(UInt64(identity.size)))-\(StableHash.hex(UInt64(bitPattern: Int64(identity.modifiedSeconds))))-\(StableHash.hex(identity.inode))\""
            let plain = form(body: nil, length: identity.size, eTag: tag, common: common, encoding: nil)
            return ServedFile(identity: identity, realPath: realPath, requestedPath: requestedPath, plain: plain, gzip: nil)
        }
        guard var bytes = FileManager.default.contents(atPath: realPath).map(Array.init) else { return nil }
        if let liveReloadTag, contentType.hasPrefix("text/html") {
            bytes = LiveReloadInjection.inject(liveReloadTag, into: bytes)
        }
        let body = ByteBuffer(bytes: bytes)
        var gzipBody: ByteBuffer?
        if compressible, bytes.count >= smallestCompressed {
            var input = body
            if let compressed = try? input.compress(with: .gzip(configuration: .init(compressionLevel: .bestCompression))),
               compressed.readableBytes < bytes.count {
                gzipBody = compressed
            }
        }
        if gzipBody != nil { common[.vary] = "Accept-Encoding" }
        let tag = StableHash.hex(StableHash.hash(bytes))
        let plain = form(body: body, length: body.readableBytes, eTag: "\"\(tag)\"", common: common, encoding: nil)
        let gzip = gzipBody.map { form(body: $0, length: $0.readableBytes, eTag: "\"\(tag)-gz\"", common: common, encoding: "gzip") }
        return ServedFile(identity: identity, realPath: realPath, requestedPath: requestedPath, plain: plain, gzip: gzip)
    }

    private static let noSniff = HTTPField.Name("X-Content-Type-Options")!

    private static func form(body: ByteBuffer?, length: Int, eTag: String, common: HTTPFields, encoding: String?) -> Form {
        var headers = common
        headers[.eTag] = eTag
        var notModified = headers
        notModified[.contentType] = nil
        headers[.contentLength] = String(length)
        if let encoding { headers[.contentEncoding] = encoding }
        return Form(body: body, eTag: eTag, headers: headers, notModifiedHeaders: notModified)
    }

}
