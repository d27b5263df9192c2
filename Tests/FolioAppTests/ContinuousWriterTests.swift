import FolioGraphics
import FolioTestSupport
import Testing

@testable import FolioApp
@testable import FolioCore

/// Two pages on screen at once (continuous scrolling): kitty places both in one write, sending
/// and deleting nothing while the same two scroll, and takes the placement of a page that left
/// away in the write that places the next; the protocols drawing into cells paint the seam
/// between them grey (sixel, iTerm2) or blank (half blocks) before the pages, so the two and the
/// seam are one block of the screen that the next scroll paints over whole.
@Suite struct ContinuousWriterTests {
    /// Page `page`'s request (the text area 78 × 29 cells).
    private func request(_ page: Int) -> RenderRequest {
        RenderRequest(page: page, viewport: ScreenSize(rows: 29, columns: 78), fit: .width, zoom: 1, inverted: false)
    }

    /// Page `upper`'s image from its cell row `sourceRow` to its end (40 rows), then the seam
    /// row, then page `upper + 1` from its top, filling the 29 rows.
    private func placements(upper: Int, sourceRow: Int) -> (ImagePlacement, ImagePlacement) {
        let rows = 40 - sourceRow
        return (
            ImagePlacement(
                request: request(upper), sourceRow: sourceRow, sourceColumn: 0, rows: rows, columns: 78, screenRow: 0,
                screenColumn: 1),
            ImagePlacement(
                request: request(upper + 1), sourceRow: 0, sourceColumn: 0, rows: 29 - rows - 1, columns: 78,
                screenRow: rows + 1, screenColumn: 1)
        )
    }

    private func kittyPage(_ serial: UInt64) -> PageImage {
        let cell = TestGraphics.kitty.cellPixels
        return .kitty(
            KittyPageImage(
                serial: serial, width: 78 * cell.width, height: 40 * cell.height,
                png: Array(repeating: UInt8(serial), count: 64)))
    }

    private func white(width: Int, height: Int) -> RGBImage {
        RGBImage(width: width, height: height, pixels: Array(repeating: 255, count: width * height * 3))
    }

    @Test func kittyPlacesBothPagesAndDeletesOnlyWhenAPageLeaves() throws {
        var writer = PageImageWriter(support: TestGraphics.kitty, processID: 0)
        var kitty = Kitty026ImageStore()
        func write(upper: Int, sourceRow: Int) throws -> [KittyCommand] {
            let (top, bottom) = placements(upper: upper, sourceRow: sourceRow)
            let pieces = writer.pieces(
                drawing: [(kittyPage(UInt64(upper)), top), (kittyPage(UInt64(upper + 1)), bottom)])
            #expect(
                pieces.map(\.position) == [
                    FramePosition(row: 0, column: 1), FramePosition(row: bottom.screenRow, column: 1),
                ])
            let commands = try #require(KittyCommand.all(in: pieces.flatMap(\.bytes)))
            kitty.run(commands)
            return commands
        }
        let first = try write(upper: 1, sourceRow: 20)
        #expect(first.map { $0.keys["a"] } == ["t", "p", "t", "p"])
        #expect(kitty.placed == ["1": true, "2": true])
        // The same two pages scrolled: placed again where they are now, nothing sent or deleted.
        let scrolled = try write(upper: 1, sourceRow: 25)
        #expect(scrolled.map { $0.keys["a"] } == ["p", "p"])
        #expect(scrolled.map { $0.keys["y"] } == ["\(25 * TestGraphics.kitty.cellPixels.height)", "0"])
        // Page 1 leaves, page 3 comes: the placements go first, in the same write.
        let next = try write(upper: 2, sourceRow: 15)
        #expect(next.map { $0.keys["a"] } == ["d", "p", "t", "p"])
        #expect(next.first?.keys["d"] == "a")
        #expect(kitty.placed == ["1": false, "2": true, "3": true])
        #expect(kitty.missing.isEmpty)
        #expect(kitty.sentAndFreed.isEmpty)
        // Back to one page: the other's placement goes.
        let (alone, _) = placements(upper: 3, sourceRow: 0)
        let single = try #require(
            KittyCommand.all(in: writer.pieces(drawing: [(kittyPage(3), alone)]).flatMap(\.bytes)))
        #expect(single.map { $0.keys["a"] } == ["d", "p"])
    }

    @Test func sixelPaintsTheSeamGreyBeforeThePages() throws {
        var writer = PageImageWriter(support: TestGraphics.sixel)
        let cell = TestGraphics.sixel.cellPixels
        // Page images 38 px short of 40 rows: the last row of cells is partly the seam's.
        let page = IndexedImage(white(width: 78 * cell.width, height: 40 * cell.height - 8), maxColors: 256)
        let (top, bottom) = placements(upper: 1, sourceRow: 20)
        let images: [PageImageWriter.Placed] = [(.sixel(page), top), (.sixel(page), bottom)]
        let pieces = writer.pieces(drawing: images)
        // The seam first, from the upper page's last row of cells to the lower page's first.
        #expect(pieces.map(\.position) == [20 - 1, 0, 21].map { FramePosition(row: $0, column: 1) })
        let seam = try #require(SixelRaster(pieces[0].bytes))
        #expect(seam.width == 78 * cell.width)
        #expect(seam.height == 2 * cell.height)
        // Its one colour is the seam's grey (sixel colours in percent: 0x80 is 50%).
        let text = String(decoding: pieces[0].bytes, as: UTF8.self)
        #expect(text.contains("#0;2;50;50;50"))
        // The three are one block: from the top to the lower page's last row.
        let area = try #require(writer.screenArea(of: images))
        #expect(area == PixelRect(x: cell.width, y: 0, width: 78 * cell.width, height: 29 * cell.height))
        // A scroll further paints over every pixel of it.
        let (nextTop, nextBottom) = placements(upper: 1, sourceRow: 25)
        let next = try #require(writer.screenArea(of: [(.sixel(page), nextTop), (.sixel(page), nextBottom)]))
        #expect(PageImageWriter.covers(next, area))
    }

    @Test func halfBlocksBlankTheSeamRow() {
        var writer = PageImageWriter(support: TestGraphics.halfBlocks)
        let page = white(width: 78, height: 80)
        let (top, bottom) = placements(upper: 1, sourceRow: 20)
        let pieces = writer.pieces(drawing: [(.halfBlocks(page), top), (.halfBlocks(page), bottom)])
        // The seam's two rows (the upper page's last, drawn again after it, and the seam's own),
        // then every row of both pages.
        #expect(pieces.prefix(2).map(\.position.row) == [19, 20])
        #expect(String(decoding: pieces[1].bytes, as: UTF8.self) == "\u{1B}[0m" + String(repeating: " ", count: 78))
        #expect(pieces.dropFirst(2).map(\.position.row) == Array(0..<20) + Array(21..<29))
    }
}
