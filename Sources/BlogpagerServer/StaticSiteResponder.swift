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
    /// The 404 page when the site has no `404.html` of its own.
    private let builtInNotFound: ByteBuffer
    private let basePath = SiteBasePath()

    public init(folder: SiteFolder, cache: ServedFileCache, liveReload: LiveReloadHub?) {
        self.folder = folder
        self.cache = cache
        self.liveReload = liveReload
        var page = Array(("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>"
            + "<body><h1>Not found</h1><p>There is no page at this address.</p><p><a href=\"/\">Go to the front page</a></p></body></html>\n").utf8)
        if liveReload != nil { page = LiveReloadInjection.inject(LiveReloadInjection.tag, into: page) }
        builtInNotFound = ByteBuffer(bytes: page)
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
        var (file, redirect) = lookup(rawPath, as: rawPath)
        // A site published under a base path links `/blog/…`: the same files, found below it.
        if file == nil, !redirect, let base = basePath.path(from: lookup("/index.json", as: "/index.json").file),
           rawPath == base || rawPath.hasPrefix(base + "/") {
            (file, redirect) = lookup(String(rawPath.dropFirst(base.count)), as: rawPath)
            redirect = redirect || rawPath == base
        }
        if let file { return try await send(file, status: .ok, request: request, context: context) }
        if redirect {
            let query = request.uri.query.map { "?\($0)" } ?? ""
            return Response(status: .movedPermanently, headers: [.location: rawPath + "/" + query, .contentLength: "0"])
        }
        return try await notFound(request, context: context)
    }

    /// The file at `path`, cached under `key` (the path as requested); or whether it is a folder named without its slash.
    private func lookup(_ path: String, as key: String) -> (file: ServedFile?, redirect: Bool) {
        var redirect = false
        let file = cache.file(forRequest: key) {
            guard let requested = RequestPath(raw: path) else { return .notFound }
            let lookup = folder.lookup(requested)
            redirect = lookup == .addSlash
            return lookup
        }
        return (file, redirect)
    }

    private func send(_ file: ServedFile, status: HTTPResponse.Status, request: Request, context: Context) async throws -> Response {
        let form = file.gzip.flatMap { Self.acceptsGzip(request.headers[.acceptEncoding]) ? $0 : nil } ?? file.plain
        if status == .ok, Self.isNotModified(request, eTag: form.eTag, modifiedSeconds: file.modifiedSeconds) {
            return Response(status: .notModified, headers: form.notModifiedHeaders)
        }
        if request.method == .head { return Response(status: status, headers: form.headers, body: ResponseBody()) }
        if let body = form.body { return Response(status: status, headers: form.headers, body: ResponseBody(byteBuffer: body)) }
        // Too large to keep in memory: stream it from disk.
        return Response(status: status, headers: form.headers, body: try await FileIO().loadFile(path: file.realPath, context: context))
    }

    private func notFound(_ request: Request, context: Context) async throws -> Response {
        // The site's own page, found and cached like any other file.
        if let page = cache.file(forRequest: Self.notFoundPagePath, resolve: { folder.lookup(RequestPath(raw: Self.notFoundPagePath)!) }) {
            return try await send(page, status: .notFound, request: request, context: context)
        }
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: CachePolicy.revalidate,
            .contentLength: String(builtInNotFound.readableBytes), Self.noSniff: "nosniff",
        ]
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: builtInNotFound)
        return Response(status: .notFound, headers: headers, body: body)
    }

    private static let notFoundPagePath = "/404.html"

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

    /// `Accept-Encoding` names gzip (or `*`) with a non-zero quality. Runs on
    /// every request, so it reads the bytes once without making strings.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Bool?
        var any: Bool?
        for item in header.utf8.split(separator: UInt8(ascii: ",")) {
            let parts = item.split(separator: UInt8(ascii: ";"))
            guard let first = parts.first else { continue }
            let coding = trimmed(first)
            let isGzip = equalsIgnoringCase(coding, "gzip") || equalsIgnoringCase(coding, "x-gzip")
            let isAny = coding.elementsEqual("*".utf8)
            guard isGzip || isAny else { continue }
            var accepted = true
            for parameter in parts.dropFirst() {
                let text = trimmed(parameter)
                if text.starts(with: "q=".utf8) || text.starts(with: "Q=".utf8) {
                    // q=0, q=0.0, q=0.000 refuse; any other digit accepts.
                    accepted = text.dropFirst(2).contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
                }
            }
            if isGzip { gzip = accepted } else { any = accepted }
        }
        return gzip ?? any ?? false
    }

    private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return bytes[start..<end]
    }

    private static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ word: String) -> Bool {
        bytes.count == word.utf8.count && zip(bytes, word.utf8).allSatisfy { ($0 | 0x20) == $1 }
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
