import FolioGraphics
import Testing

/// Crops larger than the terminal's image limit go out as tiles that xterm draws whole.
@Suite struct TileTests {
    /// xterm 379's default limit, 1000×1000 px, and DejaVu Sans Mono 10 cells, 8×17 px.
    static let limit = (width: 1000, height: 1000)
    static let cell = (width: 8, height: 17)

    private func tiles(_ rect: PixelRect) -> [PixelRect] {
        rect.sixelTiles(
            maxWidth: Self.limit.width, maxHeight: Self.limit.height, cellWidth: Self.cell.width,
            cellHeight: Self.cell.height)
    }

    /// A crop that fits is drawn as it is.
    @Test func aCropWithinTheLimitIsOneTile() {
        let rect = PixelRect(x: 8, y: 34, width: 1264, height: 833)
        #expect(rect.sixelTiles(maxWidth: 1280, maxHeight: 850, cellWidth: 8, cellHeight: 17) == [rect])
        let small = PixelRect(x: 0, y: 0, width: 1000, height: 996)
        #expect(tiles(small) == [small])
    }

    /// 160×70 cells of 8×17 px under the default limit: a 1264×1173 px crop (the whole text
    /// area, zoomed in) used to be cut to its top-left 1000×1000 px, and the rest of the page
    /// could never be seen.
    @Test func aTallWideCropIsCutIntoWholeCells() {
        let rect = PixelRect(x: 0, y: 51, width: 1264, height: 1173)
        #expect(
            tiles(rect) == [
                PixelRect(x: 0, y: 51, width: 1000, height: 986), PixelRect(x: 1000, y: 51, width: 264, height: 986),
                PixelRect(x: 0, y: 1037, width: 1000, height: 187),
                PixelRect(x: 1000, y: 1037, width: 264, height: 187),
            ])
    }

    /// xterm stops reading at the first six-pixel band reaching past the limit: a crop exactly
    /// 1000 px tall lost its last four rows (1000 = 166 bands + 4), so it is cut too.
    @Test func theLastBandMustFitTheLimit() {
        let rect = PixelRect(x: 0, y: 0, width: 1000, height: 1000)
        let cut = rect.sixelTiles(maxWidth: 1000, maxHeight: 1000, cellWidth: 10, cellHeight: 20)
        #expect(
            cut == [
                PixelRect(x: 0, y: 0, width: 1000, height: 980), PixelRect(x: 0, y: 980, width: 1000, height: 20),
            ])
    }

    @Test(arguments: [
        PixelRect(x: 0, y: 0, width: 1264, height: 1173),
        PixelRect(x: 37, y: 5, width: 2100, height: 3000),
        PixelRect(x: 0, y: 0, width: 1001, height: 997),
    ])
    func tilesCoverTheCropOnceWithinTheLimitOnCellBoundaries(rect: PixelRect) {
        var covered = [Int](repeating: 0, count: rect.width * rect.height)
        for tile in tiles(rect) {
            #expect(tile.width <= Self.limit.width)
            #expect((tile.height + 5) / 6 * 6 <= Self.limit.height)
            #expect((tile.x - rect.x) % Self.cell.width == 0 && (tile.y - rect.y) % Self.cell.height == 0)
            for y in tile.y..<(tile.y + tile.height) {
                for x in tile.x..<(tile.x + tile.width) {
                    covered[(y - rect.y) * rect.width + (x - rect.x)] += 1
                }
            }
        }
        #expect(covered.allSatisfy { $0 == 1 })
    }

    /// Each tile encodes exactly its part of the page, within the limit once decoded.
    @Test func tilesDecodeToTheirPartOfThePage() throws {
        let page = TestImages.textLikePage(width: 260, height: 230)
        let indexed = IndexedImage(page, maxColors: 256)
        let rect = PixelRect(x: 3, y: 10, width: 250, height: 217)
        let tiles = rect.sixelTiles(maxWidth: 100, maxHeight: 100, cellWidth: 8, cellHeight: 17)
        #expect(tiles.count == 9)
        for tile in tiles {
            let decoded = try DecodedSixel(SixelEncoder.encode(indexed, rect: tile))
            #expect(decoded.width == tile.width && decoded.height == tile.height)
            #expect(decoded.width <= 100 && (decoded.height + 5) / 6 * 6 <= 100)
            #expect(TestImages.largestDifference(decoded.pixels, TestImages.crop(page, to: tile).pixels) <= 1)
        }
    }
}
