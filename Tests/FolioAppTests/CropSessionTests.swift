import FolioCore
import FolioDocument
import FolioGraphics
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// Trimmed margins in a session with half blocks: `c` renders the page's content box with a
/// small margin, sized to the text area's width as the whole page is, so the page's content
/// is drawn larger and the image is taller.
@Suite struct CropSessionTests {
    /// A 600 × 800 point page whose only ink is a black bar x 200–400, y 50–750 from the top-left
    /// corner. Fit to the 78-cell text area, the whole page draws the bar 200/600 × 78 = 26
    /// cells wide in 52 rows; cropped to the bar with a 12-point margin (x 188–412, y 38–762),
    /// the bar is 200/224 × 78 ≈ 70 cells wide in 126 rows.
    static let narrowBar = PDFWriter.onePage(content: "0 g 200 50 200 700 re f", width: 600, height: 800)

    /// The black cells of each row of a page image.
    private static func blackCells(_ image: FakeTerminal.ImageWrite) -> [Int] {
        image.pieces.map { piece in
            ImageSidewaysSessionTests.cells(of: piece.bytes).filter { $0.upper.allSatisfy { $0 < 64 } }.count
        }
    }

    /// The black cells of each row of the latest image drawn once the status line shows
    /// `marker`, waiting (renders arrive when they will, and a stand-in may come first) until
    /// its row 10 has `bar` of them; the last drawn, whatever it has, after the wait.
    private func blackCells(_ reader: ReaderUnderTest, statusShowing marker: String, bar: ClosedRange<Int>) -> [Int] {
        _ = reader.terminal.waitUntil { terminal in
            guard terminal.screen.last?.contains(marker) == true, let image = terminal.images.last else { return false }
            let cells = Self.blackCells(image)
            return cells.count > 10 && bar.contains(cells[10])
        }
        return reader.terminal.images.last.map(Self.blackCells) ?? []
    }

    /// The share of the page shown, as the status line's `▾ N%` gives it.
    private func shownShare(_ reader: ReaderUnderTest) throws -> Int {
        let status = reader.terminal.screen.last ?? ""
        let match = try #require(status.firstMatch(of: try Regex("▾ ([0-9]+)%")), "status line: \(status)")
        let digits = try #require(match.output[1].substring)
        return try #require(Int(digits))
    }

    @Test func aCroppedPageIsDrawnLargerAndTaller() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.narrowBar, to: "bar.pdf")
        let reader = try ReaderUnderTest(path: path, size: ScreenSize(rows: 24, columns: 80))
        _ = try #require(reader.terminal.waitForScreen(containing: "1/1"))
        reader.terminal.type(.tab)
        let whole = blackCells(reader, statusShowing: "1/1", bar: 25...27)
        let wholeShare = try shownShare(reader)
        #expect(!(reader.terminal.screen.last ?? "").contains("crop"))
        // Rows 10 on are within the bar (it starts 50/800 × 52 ≈ 3 rows down).
        #expect(whole.count == 23 && (25...27).contains(whole[10]), "\(whole)")
        // 23 of 52 rows.
        #expect(wholeShare == 23 * 100 / 52)

        let beforeCrop = reader.terminal.frameCount
        reader.terminal.type("c")
        let cropped = blackCells(reader, statusShowing: "Crop: auto", bar: 68...71)
        // The whole page stood in while the cropped one was made: no frame showed the page's
        // text view (which says the page has no text) in between.
        let frames = reader.terminal.frames.dropFirst(beforeCrop)
        #expect(!frames.contains { $0.lines.contains { $0.contains("No text on this page") } })
        #expect(cropped.count == 23 && (68...71).contains(cropped[10]), "\(cropped)")
        let croppedShare = try shownShare(reader)
        // 23 of 724/224 × 78 / 2 ≈ 126 rows.
        #expect(croppedShare >= 23 * 100 / 127 && croppedShare <= 23 * 100 / 125, "\(croppedShare)")
        reader.terminal.type(.escape)
        _ = try #require(reader.terminal.waitForScreen(containing: "crop"))

        // Off again: the whole page as before.
        reader.terminal.type("cc")
        let again = blackCells(reader, statusShowing: "Crop: off", bar: 25...27)
        #expect(again == whole)
        _ = reader.quit()
    }
}

/// Marks drawn on a cropped image (search matches, a forward search's boxes) are placed from
/// the crop box's corner: a word at x 160–170, y 210–220 on an image of the box from (150, 200),
/// at zoom 2, covers pixels 20–40 across and down, with a pixel of margin.
@Suite struct CroppedMarkTests {
    @Test func marksAreShiftedByTheCropBoxsCorner() throws {
        let word = TextRect(x0: 160, y0: 210, x1: 170, y1: 220)
        let shifted = try #require(PageImageRenderer.pixelRect(around: word, zoom: 2, origin: (x: 150, y: 200)))
        #expect(shifted == PixelRect(x: 19, y: 19, width: 22, height: 22))
        let whole = try #require(PageImageRenderer.pixelRect(around: word, zoom: 2))
        #expect(whole == PixelRect(x: 319, y: 419, width: 22, height: 22))
    }
}

/// The renderer's crop boxes: `auto` is each page's own content with the margin, `even-odd`
/// the union of facing pages' (the second and third page here), the first page alone.
@Suite struct CropBoxRenderTests {
    /// Three 600 × 800 point pages, each a black rectangle (from the top-left corner): page 1
    /// x 100–200, y 100–200; page 2 x 300–400, y 300–400; page 3 x 250–500, y 350–600.
    static func threePages() -> Data {
        var writer = PDFWriter()
        writer.add("<< /Type /Catalog /Pages 2 0 R >>")
        writer.add("<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R] /Count 3 >>")
        // PDF's y counts from the bottom: a rectangle's lower edge is 800 − its bottom.
        for content in ["0 g 100 600 100 100 re f", "0 g 300 400 100 100 re f", "0 g 250 200 250 250 re f"] {
            let next = writer.objects.count + 2
            writer.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents \(next) 0 R >>")
            writer.addStream(Data(content.utf8))
        }
        return writer.data()
    }

    private func cropBox(_ crop: PageCrop, page: Int, of document: Document) throws -> TextRect? {
        let results = Results()
        let renderer = PageImageRenderer(source: document, support: TestGraphics.halfBlocks) { results.add($0) }
        defer { renderer.stop() }
        let request = RenderRequest(
            page: page, viewport: ScreenSize(rows: 23, columns: 78), fit: .width, zoom: 1, inverted: false, crop: crop)
        renderer.render([request])
        let outcome = try #require(results.next(within: 30), "no image within 30 s")
        guard case .rendered(let done, let entry) = outcome, done == request else {
            Issue.record("not an image of \(request): \(outcome)")
            return nil
        }
        return entry.cropBox
    }

    @Test func autoCropsEachPageAndEvenOddCropsFacingPagesAlike() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: try directory.write(Self.threePages(), to: "three.pdf"))
        // 2% of 600 points: a 12-point margin.
        #expect(try cropBox(.off, page: 1, of: document) == nil)
        #expect(try cropBox(.auto, page: 0, of: document) == TextRect(x0: 88, y0: 88, x1: 212, y1: 212))
        #expect(try cropBox(.auto, page: 1, of: document) == TextRect(x0: 288, y0: 288, x1: 412, y1: 412))
        let facing = TextRect(x0: 238, y0: 288, x1: 512, y1: 612)
        #expect(try cropBox(.evenOdd, page: 1, of: document) == facing)
        #expect(try cropBox(.evenOdd, page: 2, of: document) == facing)
        #expect(try cropBox(.evenOdd, page: 0, of: document) == TextRect(x0: 88, y0: 88, x1: 212, y1: 212))
    }
}
