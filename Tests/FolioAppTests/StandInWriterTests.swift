import FolioGraphics
import FolioTestSupport
import Testing

@testable import FolioApp
@testable import FolioCore

/// A stand-in drawn as it is by the protocols that draw into cells: an old image 58 cells wide
/// and 50 rows tall (the page before a resize to a 38 × 9 text area), placed from its cell row 4
/// in the new, smaller box, goes out as exactly the part of it that covers the box.
@Suite struct StandInWriterTests {
    /// The old image's placement in the new text area: 38 × 9 cells from its cell (4, 0).
    private let placement = ImagePlacement(
        request: RenderRequest(
            page: 0, viewport: ScreenSize(rows: 19, columns: 58), fit: .width, zoom: 1, inverted: false),
        sourceRow: 4, sourceColumn: 0, rows: 9, columns: 38, screenRow: 0, screenColumn: 1)

    /// A white image `width` × `height` px.
    private func white(width: Int, height: Int) -> RGBImage {
        RGBImage(width: width, height: height, pixels: Array(repeating: 255, count: width * height * 3))
    }

    @Test func sixelDrawsTheBoxsPixelsOnly() throws {
        var writer = PageImageWriter(support: TestGraphics.sixel)
        let cell = TestGraphics.sixel.cellPixels
        let old = IndexedImage(white(width: 58 * cell.width, height: 50 * cell.height), maxColors: 256)
        let pieces = writer.pieces(drawing: .sixel(old), at: placement)
        #expect(pieces.map(\.position) == [FramePosition(row: 0, column: 1)])
        let raster = try #require(pieces.first.flatMap { SixelRaster($0.bytes) })
        #expect(raster.width == 38 * cell.width)
        #expect(raster.height == 9 * cell.height)
    }

    @Test func itermSendsTheBoxsCellsOnly() throws {
        var writer = PageImageWriter(support: TestGraphics.iterm)
        let cell = TestGraphics.iterm.cellPixels
        let pieces = writer.pieces(
            drawing: .iterm(white(width: 58 * cell.width, height: 50 * cell.height)), at: placement)
        #expect(pieces.map(\.position) == [FramePosition(row: 0, column: 1)])
        let header = String(decoding: try #require(pieces.first?.bytes.prefix(80)), as: UTF8.self)
        #expect(header.contains("width=38;height=9;"))
    }

    @Test func halfBlocksDrawTheBoxsRowsAndColumnsOnly() {
        var writer = PageImageWriter(support: TestGraphics.halfBlocks)
        // Two pixels a cell, one above the other.
        let pieces = writer.pieces(drawing: .halfBlocks(white(width: 58, height: 100)), at: placement)
        #expect(pieces.map(\.position) == (0..<9).map { FramePosition(row: $0, column: 1) })
        for piece in pieces {
            #expect(String(decoding: piece.bytes, as: UTF8.self).filter { $0 == "▀" }.count == 38)
        }
    }
}
