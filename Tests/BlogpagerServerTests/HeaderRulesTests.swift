import BlogpagerCore
import BlogpagerServer
import Testing

struct HeaderRulesTests {
    @Test func contentHashedNamesAreCachedForeverAndTheRestRevalidated() {
        let fragment = ContentHashedName.make("2016-05-12-3fa9c2d1.html", bytes: Array("x".utf8))
        #expect(fragment.hasPrefix("2016-05-12-3fa9c2d1.") && fragment.hasSuffix(".html"))
        #expect(CachePolicy.cacheControl(forFileName: fragment) == CachePolicy.immutable)
        #expect(CachePolicy.cacheControl(forFileName: ContentHashedName.make("blogpager.js", bytes: [1])) == CachePolicy.immutable)
        for name in ["index.html", "index.json", "blogpager.js", "2016-05-12-3fa9c2d1.html", "photo.png", "feed.xml", "0123456789abcdef"] {
            #expect(CachePolicy.cacheControl(forFileName: name) == CachePolicy.revalidate, "\(name)")
        }
    }

    @Test func typesSayUTF8ForText() {
        #expect(ContentTypes.forFileName("index.html") == "text/html; charset=utf-8")
        #expect(ContentTypes.forFileName("index.json") == "application/json; charset=utf-8")
        #expect(ContentTypes.forFileName("a.b.JS") == "text/javascript; charset=utf-8")
        #expect(ContentTypes.forFileName("site.css") == "text/css; charset=utf-8")
        #expect(ContentTypes.forFileName("feed.xml") == "application/xml; charset=utf-8")
        #expect(ContentTypes.forFileName("favicon.svg") == "image/svg+xml; charset=utf-8")
        #expect(ContentTypes.forFileName("photo.jpeg") == "image/jpeg")
        #expect(ContentTypes.forFileName("font.woff2") == "font/woff2")
        #expect(ContentTypes.forFileName("README") == "application/octet-stream")
        #expect(ContentTypes.isCompressible("text/html; charset=utf-8"))
        #expect(!ContentTypes.isCompressible("image/png"))
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.format(epochSeconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        for seconds in [0, 951_782_400, 1_700_000_000, 4_102_444_799] {
            #expect(HTTPDate.parse(HTTPDate.format(epochSeconds: seconds)) == seconds)
        }
        #expect(HTTPDate.parse("yesterday") == nil)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
    }

    @Test func theLiveReloadTagGoesBeforeTheLastClosingBody() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReloadInjection.inject("<script></script>", into: page), as: UTF8.self)
        #expect(injected == "<html><body><p>&lt;/body&gt;</p><script></script></BODY></html>")
        let fragment = Array("<section class=\"bp-page\"></section>".utf8)
        #expect(LiveReloadInjection.inject("<script></script>", into: fragment) == fragment)
    }
}
