import Foundation
import HTTPTypes
import Hummingbird

/// Answers every request from the served folder: files with their type, cache
/// headers, validators and gzip form; 304s; folder URLs to `index.html`; the
/// site's `404.html`; and, with `--watch`, the live-reload stream and script.
public struct StaticSiteResponder: HTTPResponder {
    public typealias Context = BasicRequestContext

    public let folder: SiteFolder
    public let cache: ServedFileCache
    /// Present when serving with `--watch`.
    public let liveReload: LiveReloadHub?

    public init(folder: SiteFolder, cache: ServedFileCache, liveReload: LiveReloadHub?) {
        self.folder = folder
        self.cache = cache
        self.liveReload = liveReload
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentLength: "0"])
        }
        let rawPath = request.uri.path
        if let liveReload {
            if rawPath == LiveReloadInjection.eventsPath { return events(liveReload) }
            if rawPath == LiveReloadInjection.scriptPath { return script(request) }
        }
        guard let path = RequestPath(raw: rawPath) else { return try await notFound(request, context: context) }
        switch folder.lookup(path) {
        case .notFound:
            return try await notFound(request, context: context)
        case .addSlash:
            let query = request.uri.query.map { "?\($0)" } ?? ""
            return Response(status: .movedPermanently, headers: [.location: rawPath + "/" + query, .contentLength: "0"])
        case .file(let realPath):
            guard let file = cache.file(atRealPath: realPath) else { return try await notFound(request, context: context) }
            return try await send(file, status: .ok, request: request, context: context)
        }
    }

    private func send(_ file: ServedFile, status: HTTPResponse.Status, request: Request, context: Context) async throws -> Response {
        let useGzip = file.gzipBody != nil && Self.acceptsGzip(request.headers[.acceptEncoding])
        let eTag = useGzip ? file.gzipETag : file.eTag
        var headers: HTTPFields = [
            .contentType: file.contentType,
            .cacheControl: file.cacheControl,
            .eTag: eTag,
            .lastModified: file.lastModified,
            Self.noSniff: "nosniff",
        ]
        if file.gzipBody != nil { headers[.vary] = "Accept-Encoding" }

        if status == .ok, Self.isNotModified(request, eTag: eTag, modifiedSeconds: file.modifiedSeconds) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        let body: ByteBuffer?
        if useGzip {
            headers[.contentEncoding] = "gzip"
            body = file.gzipBody
        } else {
            body = file.body
        }
        let length = body?.readableBytes ?? file.identity.size
        headers[.contentLength] = String(length)
        if request.method == .head { return Response(status: status, headers: headers, body: ResponseBody()) }
        if let body { return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body)) }
        // Too large to keep in memory: stream it from disk.
        return Response(status: status, headers: headers, body: try await FileIO().loadFile(path: file.realPath, context: context))
    }

    private func notFound(_ request: Request, context: Context) async throws -> Response {
        if let page = folder.topLevelFile("404.html"), let file = cache.file(atRealPath: page) {
            return try await send(file, status: .notFound, request: request, context: context)
        }
        var page = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>"
            + "<body><h1>Not found</h1><p>There is no page at this address.</p><p><a href=\"/\">Go to the front page</a></p></body></html>\n"
        if liveReload != nil { page = String(decoding: LiveReloadInjection.inject(LiveReloadInjection.tag, into: Array(page.utf8)), as: UTF8.self) }
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: CachePolicy.revalidate,
            .contentLength: String(page.utf8.count), Self.noSniff: "nosniff",
        ]
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: page))
        return Response(status: .notFound, headers: headers, body: body)
    }

    private func events(_ hub: LiveReloadHub) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(asyncSequence: hub.subscribe()))
    }

    private func script(_ request: Request) -> Response {
        let headers: HTTPFields = [
            .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store",
            .contentLength: String(LiveReloadScript.source.utf8.count),
        ]
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: LiveReloadScript.source))
        return Response(status: .ok, headers: headers, body: body)
    }

    private static let noSniff = HTTPField.Name("X-Content-Type-Options")!

    /// `Accept-Encoding` names gzip (or `*`) with a non-zero quality.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Double?
        var any: Double?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if coding == "gzip" || coding == "x-gzip" { gzip = quality }
            if coding == "*" { any = quality }
        }
        return (gzip ?? any ?? 0) > 0
    }

    /// RFC 9110: `If-None-Match` decides when present (weak comparison);
    /// otherwise `If-Modified-Since`, to the second.
    static func isNotModified(_ request: Request, eTag: String, modifiedSeconds: Int) -> Bool {
        if let match = request.headers[.ifNoneMatch] {
            let opaque = { (tag: Substring) -> Substring in
                let trimmed = tag.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
                let text = Substring(trimmed)
                return text.hasPrefix("W/") ? text.dropFirst(2) : text
            }
            return match.split(separator: ",").contains { candidate in
                let tag = opaque(candidate)
                return tag == "*" || tag == opaque(Substring(eTag))
            }
        }
        if let since = request.headers[.ifModifiedSince], let seconds = HTTPDate.parse(since) {
            return modifiedSeconds <= seconds
        }
        return false
    }
}
