import FolioGraphics
import Testing

/// Scrolling re-encodes only the visible rectangle of a page converted once.
@Suite struct RectangleTests {
    static let page = TestImages.textLikePage(width: 211, height: 157)

    @Test(arguments: [
        PixelRect(x: 0, y: 0, width: 211, height: 157),
        PixelRect(x: 13, y: 7, width: 50, height: 31),
        PixelRect(x: 0, y: 100, width: 211, height: 57),
        PixelRect(x: 210, y: 156, width: 1, height: 1),
        PixelRect(x: 40, y: 3, width: 1, height: 150),
    ])
    func rectangleEncodesExactlyThatRegion(rect: PixelRect) throws {
        let indexed = IndexedImage(Self.page, maxColors: 256)
        let decoded = try DecodedSixel(SixelEncoder.encode(indexed, rect: rect))
        let crop = TestImages.crop(Self.page, to: rect)
        #expect(decoded.width == rect.width && decoded.height == rect.height)
        #expect(decoded.paintCounts.allSatisfy { 1...2 ~= $0 })
        #expect(TestImages.largestDifference(decoded.pixels, crop.pixels) <= 1)
    }

    @Test func rectangleOfTheWholeImageEqualsNoRectangle() {
        let indexed = IndexedImage(Self.page, maxColors: 256)
        let whole = PixelRect(x: 0, y: 0, width: indexed.width, height: indexed.height)
        #expect(SixelEncoder.encode(indexed, rect: whole) == SixelEncoder.encode(indexed))
    }
}
