import FolioCore
import FolioDocument
import FolioGraphics
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// Dark mode (`C`) on real pages, through the image view's renderer: the paper goes dark, a red
/// running head stays red, the pictures are left exactly as MuPDF drew them; a scanned page is
/// recoloured whole.
@Suite struct PageImageRecolorTests {
    /// A working paper whose first page has a red running head (RGB 0.8, 0, 0) and four
    /// pictures (the series' logo twice, a licence badge, and one more).
    static let article = Corpus.path("pdfjs-TAMReview.pdf")
    /// Eight pages of a scanned form, each a 300-dpi JBIG2 image over the whole page.
    static let scan = Corpus.path("pdfjs-issue12963-scan-jbig2.pdf")

    private func rendered(_ requests: [RenderRequest], of document: Document) throws -> [RGBImage] {
        let results = Results()
        let renderer = PageImageRenderer(source: document, support: TestGraphics.iterm) { results.add($0) }
        defer { renderer.stop() }
        return try requests.map { request in
            renderer.render([request])
            let outcome = try #require(results.next(within: 30), "no image within 30 s")
            guard case .rendered(let done, let entry) = outcome, done == request, case .iterm(let rgb) = entry.image
            else { throw RecolorTestFailure(description: "not an image of \(request): \(outcome)") }
            return rgb
        }
    }

    private func request(page: Int = 0, recolor: PageRecolor?) -> RenderRequest {
        RenderRequest(
            page: page, viewport: ScreenSize(rows: 40, columns: 100), fit: .width, zoom: 1, inverted: false,
            recolor: recolor)
    }

    @Test func redTextKeepsItsHuePaperGoesDarkAndPicturesAreUntouched() throws {
        let document = try Document(path: Self.article)
        let images = try rendered([request(recolor: nil), request(recolor: PageRecolor())], of: document)
        let (plain, dark) = (images[0], images[1])
        #expect(plain.width == dark.width && plain.height == dark.height)
        let zoom = Double(plain.width) / (try document.pageSize(0).width)
        let areas = try document.imageAreas(page: 0)
        #expect(areas.count == 4)
        let kept = areas.compactMap { PageImageRenderer.pixelRect(around: $0, zoom: zoom, margin: 0) }
        func isKept(_ x: Int, _ y: Int) -> Bool {
            kept.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
        }
        var keptPixels = 0
        var keptChanged = 0
        var paper = 0
        var paperDark = 0
        var coloured = 0
        var worstHue = 0.0
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let at = (y * plain.width + x) * 3
                let before = (plain.pixels[at], plain.pixels[at + 1], plain.pixels[at + 2])
                let after = (dark.pixels[at], dark.pixels[at + 1], dark.pixels[at + 2])
                if isKept(x, y) {
                    keptPixels += 1
                    if before != after { keptChanged += 1 }
                    continue
                }
                if before == (255, 255, 255) {
                    paper += 1
                    if after == (0x1e, 0x1e, 0x1e) { paperDark += 1 }
                }
                // The red head: clearly coloured pixels, not anti-aliasing's faint fringes.
                guard ColourHue.saturation(red: before.0, green: before.1, blue: before.2) > 0.5,
                    let hue = ColourHue.degrees(red: before.0, green: before.1, blue: before.2)
                else { continue }
                coloured += 1
                let newHue = ColourHue.degrees(red: after.0, green: after.1, blue: after.2) ?? .infinity
                worstHue = max(worstHue, ColourHue.distance(hue, newHue))
            }
        }
        #expect(keptPixels > 10_000, "the pictures cover \(keptPixels) pixels")
        #expect(keptChanged == 0, "\(keptChanged) of the pictures' pixels changed")
        #expect(
            paper > plain.width * plain.height / 2 && paperDark == paper, "\(paperDark) of \(paper) paper pixels dark")
        #expect(coloured > 500, "\(coloured) coloured pixels of the running head")
        #expect(worstHue <= 15, "a red pixel's hue moved \(worstHue)°")
    }

    @Test func withRecolorImagesThePicturesGoDarkToo() throws {
        let document = try Document(path: Self.article)
        var everything = PageRecolor()
        everything.recolorsImages = true
        let images = try rendered([request(recolor: nil), request(recolor: everything)], of: document)
        let zoom = Double(images[0].width) / (try document.pageSize(0).width)
        // The largest picture.
        let screenshot = try #require(
            try document.imageAreas(page: 0).max { $0.width * $0.height < $1.width * $1.height })
        let rect = try #require(PageImageRenderer.pixelRect(around: screenshot, zoom: zoom, margin: 0))
        #expect(images[0].cropped(to: rect).pixels != images[1].cropped(to: rect).pixels)
    }

    @Test func aScannedPageIsRecolouredWhole() throws {
        let document = try Document(path: Self.scan)
        let areas = try document.imageAreas(page: 0)
        let size = try document.pageSize(0)
        #expect(
            areas.count == 1
                && PageRecolor().keptImages(of: areas, pageWidth: size.width, pageHeight: size.height).isEmpty)
        let images = try rendered([request(recolor: nil), request(recolor: PageRecolor())], of: document)
        let white = stride(from: 0, to: images[0].pixels.count, by: 3).filter { images[0].pixels[$0] == 255 }
        let darkened = white.filter { images[1].pixels[$0] == 0x1e }
        #expect(white.count > images[0].width * images[0].height / 2 && darkened.count == white.count)
    }
}

private struct RecolorTestFailure: Error, CustomStringConvertible {
    let description: String
}
