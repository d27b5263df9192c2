import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// The content box MuPDF's bbox device gives (`Document.contentBounds`), against what a
/// generated page was written with and against `mutool draw -F bbox`, and a render clipped to a
/// box, whose top-left pixel is the box's corner.
@Suite struct ContentBoundsTests {
    /// A 600 × 800 point page with two black rectangles, from the top-left corner x 150–450,
    /// y 200–300 and x 200–400, y 500–600 (PDF's y counts from the bottom: 800 − y): their
    /// union is x 150–450, y 200–600.
    static let twoRectangles = PDFWriter.onePage(
        content: "0 g 150 500 300 100 re f 200 200 200 100 re f", width: 600, height: 800)

    @Test func theBoundsAreTheBoxOfWhatThePageDraws() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: try directory.write(Self.twoRectangles, to: "margins.pdf"))
        let bounds = try document.contentBounds(page: 0)
        #expect(abs(bounds.x0 - 150) <= 1 && abs(bounds.y0 - 200) <= 1)
        #expect(abs(bounds.x1 - 450) <= 1 && abs(bounds.y1 - 600) <= 1)
        let withoutAnnotations = try document.contentBounds(page: 0, annotations: false)
        #expect(withoutAnnotations == bounds)
        #expect(throws: DocumentError.self) { try document.contentBounds(page: 1) }
    }

    @Test func aPageThatDrawsNothingIsWhole() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(
            path: try directory.write(PDFWriter.onePage(content: "", width: 300, height: 400), to: "empty.pdf"))
        #expect(try document.contentBounds(page: 0) == TextRect(x0: 0, y0: 0, x1: 300, y1: 400))
    }

    /// Ink beyond the page is not counted: a rectangle from x −50 to 100 and y 700 (from the
    /// bottom) past the page's top gives x 0–100, y 0–(400 − 300) = 0–100 on a 300 × 400 page.
    @Test func inkBeyondThePageIsLeftOut() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(
            path: try directory.write(
                PDFWriter.onePage(content: "0 g -50 300 150 400 re f", width: 300, height: 400), to: "bleed.pdf"))
        let bounds = try document.contentBounds(page: 0)
        #expect(abs(bounds.x0) <= 1 && abs(bounds.y0) <= 1 && abs(bounds.x1 - 100) <= 1 && abs(bounds.y1 - 100) <= 1)
    }

    /// `mutool draw -F bbox` prints each page's `bbox` (of all it draws, even beyond the page)
    /// and `mediabox`: within the media box, Folio's bounds are the same to a point.
    @Test(arguments: [("pdfjs-TAMReview.pdf", 1), ("pdfjs-javauninstall-japanese.pdf", 1), ("pdfjs-TAMReview.pdf", 2)])
    func theBoundsAreMutoolsOnCorpusPages(file: String, page: Int) throws {
        let directory = try TemporaryDirectory()
        let output = directory.url.appendingPathComponent("bbox.xml").path
        _ = try Mutool.run(["draw", "-F", "bbox", "-o", output, Corpus.path(file), "\(page)"])
        let xml = try String(contentsOfFile: output, encoding: .utf8)
        func numbers(_ attribute: String) throws -> [Double] {
            let match = try #require(xml.firstMatch(of: try Regex("\(attribute)=\"([^\"]+)\"")))
            return try #require(match.output[1].substring).split(separator: " ").compactMap { Double($0) }
        }
        let box = try numbers(" bbox")
        let media = try numbers("mediabox")
        try #require(box.count == 4 && media.count == 4)
        let truth = TextRect(
            x0: max(box[0], media[0]), y0: max(box[1], media[1]), x1: min(box[2], media[2]), y1: min(box[3], media[3]))
        let bounds = try Document(path: Corpus.path(file)).contentBounds(page: page - 1)
        #expect(abs(bounds.x0 - truth.x0) <= 1 && abs(bounds.y0 - truth.y0) <= 1, "\(bounds) vs \(truth)")
        #expect(abs(bounds.x1 - truth.x1) <= 1 && abs(bounds.y1 - truth.y1) <= 1, "\(bounds) vs \(truth)")
    }

    /// Clipped to x 150–450, y 200–600 at zoom 1, the image is 300 × 400 pixels: its corner is
    /// the first rectangle's (black), the gap between the rectangles white, the second
    /// rectangle (x 50–250, y 300–400 of the image) black, and left of it white.
    @Test func aClippedRenderStartsAtTheClipsCorner() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: try directory.write(Self.twoRectangles, to: "margins.pdf"))
        let clip = TextRect(x0: 150, y0: 200, x1: 450, y1: 600)
        let image = try document.render(page: 0, zoom: 1, clip: clip)
        #expect(image.width == 300 && image.height == 400)
        func red(x: Int, y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 3] }
        #expect(red(x: 2, y: 2) < 30)
        #expect(red(x: 150, y: 200) > 225)
        #expect(red(x: 150, y: 350) < 30)
        #expect(red(x: 20, y: 350) > 225)
        let doubled = try document.render(page: 0, zoom: 2, clip: clip)
        #expect(doubled.width == 600 && doubled.height == 800)
    }
}
