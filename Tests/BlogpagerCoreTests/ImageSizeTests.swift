@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// Images get `width` and `height` when the site is built, read from their headers, so nothing
/// moves when they load; a changed image makes the pages that show it again.
struct ImageSizeTests {
    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
    }

    @Test func headersOfEveryFormat() {
        #expect(ImageSize(Self.png(640, 480)) == ImageSize(width: 640, height: 480))
        #expect(ImageSize(Array("GIF89a".utf8) + [0x20, 0x03, 0x58, 0x02]) == ImageSize(width: 800, height: 600))
        // JPEG: SOI, an APP0 segment, then SOF0 with height 300 and width 400.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x01, 0x90, 0x03]
        #expect(ImageSize(jpeg) == ImageSize(width: 400, height: 300))
        let webp: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array("VP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + [0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00]
        #expect(ImageSize(webp) == ImageSize(width: 640, height: 480))
        #expect(ImageSize(Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120px\" height=\"80\">".utf8)) == ImageSize(width: 120, height: 80))
        #expect(ImageSize(Array("<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 24 16\">".utf8)) == ImageSize(width: 24, height: 16))
        #expect(ImageSize(Array("not an image".utf8)) == nil)
    }

    @Test func pagesGiveImagesTheirSizeAndFollowTheirChanges() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://img.example.org/\"\ntitle = \"Images\"\n")
        try folder.write("site/content/posts/trip/index.md", "---\ntitle: Trip\ndate: 2020-01-01\n---\n![The view](view.png) and ![logo](/images/logo.png) ![far](https://example.org/x.png)\n")
        try folder.write("site/content/posts/trip/view.png", bytes: Self.png(1200, 800))
        try folder.write("site/static/images/logo.png", bytes: Self.png(64, 32))
        let job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out", program: .tests, in: .disk)
        _ = try await job.run(now: Date())
        var page = String(decoding: try #require(try folder.snapshot("out")["posts/trip/index.html"]), as: UTF8.self)
        #expect(page.contains("<img width=\"1200\" height=\"800\" src=\"/posts/trip/view.png\" alt=\"The view\""))
        #expect(page.contains("<img width=\"64\" height=\"32\" src=\"/images/logo.png\"") && page.contains("<img src=\"https://example.org/x.png\""))
        let front = String(decoding: try #require(try folder.snapshot("out")["index.html"]), as: UTF8.self)
        #expect(front.contains("<img width=\"1200\" height=\"800\" src=\"/posts/trip/view.png\""))

        try folder.write("site/content/posts/trip/view.png", bytes: Self.png(600, 900))
        let second = try await job.run(now: Date())
        page = String(decoding: try #require(try folder.snapshot("out")["posts/trip/index.html"]), as: UTF8.self)
        #expect(page.contains("<img width=\"600\" height=\"900\" src=\"/posts/trip/view.png\""))
        #expect(second.report.written.map(\.string).contains("posts/trip/index.html"))
    }
}
