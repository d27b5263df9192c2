import FolioCore
import FolioDocument
import FolioGraphics
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// The renderer's spreads, on the corpus's TraceMonkey paper (14 US-letter pages, 612 × 792
/// points): both pages at the height the fit gives, each exactly as ``Document/render(page:zoom:clip:maxPixels:annotations:cancellation:)``
/// draws it at that zoom, left to right in the order asked (right to left for manga), a grey
/// gap between them, and the image within the text area.
@Suite struct SpreadRenderTests {
    /// Renders `request` of the TraceMonkey paper with half blocks (one pixel a cell across,
    /// two down), and returns its image's pixels and the entry.
    private func render(_ request: RenderRequest) throws -> (RGBImage, PageImageCache.Entry) {
        let document = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf"))
        let results = Results()
        let renderer = PageImageRenderer(source: document, support: TestGraphics.halfBlocks) { results.add($0) }
        defer { renderer.stop() }
        renderer.render([request])
        let outcome = try #require(results.next(within: 60), "no image within 60 s")
        guard case .rendered(let done, let entry) = outcome, done == request, case .halfBlocks(let rgb) = entry.image
        else {
            throw SpreadRenderFailure(description: "not a half-block image of \(request): \(outcome)")
        }
        return (rgb, entry)
    }

    /// The PSNR of `image`'s columns from `x`, as wide and as tall as `reference`, against it
    /// (infinity when they are equal); nil when `image` has no such columns.
    private func psnr(of image: RGBImage, from x: Int, against reference: RenderedPage) -> Double? {
        guard x >= 0, x + reference.width <= image.width, reference.height <= image.height else { return nil }
        var squares = 0.0
        for row in 0..<reference.height {
            for byte in 0..<(reference.width * 3) {
                let shown = Double(image.pixels[(row * image.width + x) * 3 + byte])
                let expected = Double(reference.pixels[row * reference.width * 3 + byte])
                squares += (shown - expected) * (shown - expected)
            }
        }
        let meanSquare = squares / Double(reference.width * reference.height * 3)
        return meanSquare == 0 ? .infinity : 10 * log10(255 * 255 / meanSquare)
    }

    private func spreadRequest(_ pages: [Int], fit: ImageFit, viewport: ScreenSize, highlight: SearchPattern? = nil)
        -> RenderRequest
    {
        var request = RenderRequest(
            page: pages.min() ?? 0, viewport: viewport, fit: fit, zoom: 1, inverted: false, highlight: highlight)
        request.spreadPages = pages
        return request
    }

    /// Fit height in 200 rows: each page 400 pixels tall, at zoom 400/792.
    @Test(arguments: [[2, 3], [3, 2]])
    func eachHalfIsThePageAsTheDocumentRendersIt(pages: [Int]) throws {
        let request = spreadRequest(pages, fit: .height, viewport: ScreenSize(rows: 200, columns: 400))
        let (image, entry) = try render(request)
        let document = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf"))
        #expect(entry.parts.map(\.page) == pages)
        #expect(entry.rows == 200)
        #expect(image.height == 400)
        var ends: [Int] = []
        for part in entry.parts {
            let reference = try document.render(page: part.page, zoom: 400.0 / 792)
            #expect(reference.height == 400)
            #expect(part.firstColumn == part.firstColumn.rounded(), "a half-block cell is a pixel")
            #expect(Int(part.columns) == reference.width)
            #expect(part.box == TextRect(x0: 0, y0: 0, x1: 612, y1: 792))
            let quality = try #require(psnr(of: image, from: Int(part.firstColumn), against: reference))
            #expect(quality >= 50, "page \(part.page + 1): \(quality) dB")
            ends.append(Int(part.firstColumn) + reference.width)
        }
        // Left to right, apart by a grey gap, and nothing after the right page.
        let left = try #require(ends.first)
        let rightStart = Int(try #require(entry.parts.last).firstColumn)
        #expect(rightStart > left && rightStart - left <= 4)
        for x in left..<rightStart {
            #expect(image.pixels[(200 * image.width + x) * 3] == RGBImage.gapGrey)
        }
        #expect(ends.last == image.width)
        #expect(entry.columns == image.width)
    }

    /// Fitted to the width, the pages and the gap fill the text area and never pass it (which
    /// would make a column of sideways scrolling).
    @Test func aSpreadFittedToTheWidthStaysWithinIt() throws {
        for columns in [157, 158, 200, 399] {
            let request = spreadRequest([0, 1], fit: .width, viewport: ScreenSize(rows: 40, columns: columns))
            let (image, entry) = try render(request)
            #expect(entry.columns <= columns && entry.columns >= columns - 2, "\(entry.columns) in \(columns)")
            #expect(image.width == entry.columns)
            let heights = Set(entry.parts.map { Int(($0.columns * 792 / 612).rounded()) })
            #expect(heights.count == 1, "both pages at one height: \(heights)")
        }
    }

    /// A search's matches are marked on both halves: each differs from its plain render where the
    /// word is, and only there turns yellow.
    @Test func searchMatchesAreMarkedOnBothHalves() throws {
        let plain = spreadRequest([2, 3], fit: .height, viewport: ScreenSize(rows: 200, columns: 400))
        let marked = spreadRequest(
            [2, 3], fit: .height, viewport: ScreenSize(rows: 200, columns: 400), highlight: SearchPattern("trace"))
        let (plainImage, entry) = try render(plain)
        let (markedImage, _) = try render(marked)
        for part in entry.parts {
            var yellowed = 0
            for row in 0..<plainImage.height {
                for x in Int(part.firstColumn)..<Int(part.firstColumn + part.columns) {
                    let index = (row * plainImage.width + x) * 3
                    // Paper multiplied by the highlighter's yellow: red and green kept, blue lowered.
                    if plainImage.pixels[index + 2] == 255, markedImage.pixels[index + 2] < 128 {
                        yellowed += 1
                    }
                }
            }
            #expect(yellowed > 100, "page \(part.page + 1): \(yellowed) pixels marked")
        }
    }

    /// A forward search's boxes on a spread are framed on the page that holds them, in red, and
    /// the other page is drawn as it is alone.
    @Test func aForwardSearchsBoxesAreFramedOnTheirPageOfTheSpread() throws {
        let plain = spreadRequest([2, 3], fit: .height, viewport: ScreenSize(rows: 200, columns: 400))
        var marked = plain
        marked.syncTeXBoxes = [TextRect(x0: 100, y0: 200, x1: 300, y1: 220)]
        marked.syncTeXPage = 3
        let (plainImage, entry) = try render(plain)
        let (markedImage, _) = try render(marked)
        var framed: [Int: Int] = [:]
        for part in entry.parts {
            for row in 0..<plainImage.height {
                for x in Int(part.firstColumn)..<Int(part.firstColumn + part.columns) {
                    let index = (row * plainImage.width + x) * 3
                    let red = RGBImage.frameColor
                    if markedImage.pixels[index] == red.red, markedImage.pixels[index + 1] == red.green,
                        markedImage.pixels[index + 2] == red.blue, plainImage.pixels[index + 1] != red.green
                    {
                        framed[part.page, default: 0] += 1
                    }
                }
            }
        }
        #expect(framed[2] == nil, "the left page has no frame")
        #expect((framed[3] ?? 0) > 200, "the right page's frame: \(framed[3] ?? 0) pixels")
    }
}

/// A render that did not give the image a test expected.
struct SpreadRenderFailure: Error, CustomStringConvertible {
    var description: String
}
