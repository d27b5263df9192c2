import FolioCore
import FolioGraphics
import Testing

@testable import FolioApp
@testable import FolioDocument

/// Page sizes and glyph boxes a document gives, at their extremes: made into image sizes and
/// highlight rectangles without the `Int(Double)` conversions that trapped on them.
@Suite struct OutsideSizeTests {
    private let request = RenderRequest(
        page: 0, viewport: ScreenSize(rows: 23, columns: 78), fit: .width, zoom: 1, inverted: false, highlight: nil)

    @Test func anAbsurdPageSizeGivesAnImageSizeWithinBounds() {
        let sizes = [
            PageSize(width: 1, height: 1e30), PageSize(width: .infinity, height: 792),
            PageSize(width: .nan, height: .nan),
            PageSize(width: -5, height: -1e300), PageSize(width: 612, height: .infinity),
        ]
        for support in [TestGraphics.sixel, TestGraphics.kitty] {
            for size in sizes {
                let sizing = PageImageSizing(request, page: size, support: support)
                #expect((1...PageImageSizing.largestSide).contains(sizing.rows), "\(size)")
                #expect((1...PageImageSizing.largestSide).contains(sizing.columns), "\(size)")
            }
        }
        // An ordinary page is unchanged: 78 columns of 10 pixels, 612 × 792 points.
        let letter = PageImageSizing(request, page: PageSize(width: 612, height: 792), support: TestGraphics.sixel)
        #expect(letter.columns == 78)
        #expect(letter.rows == 51)
    }

    @Test func anAbsurdGlyphBoxGivesARectangleWithinBounds() {
        let huge = PageImageRenderer.pixelRect(around: TextRect(x0: -1e300, y0: 0, x1: .infinity, y1: 1e30), zoom: 2)
        #expect(huge?.x == -PageImageSizing.largestSide - 1)
        #expect(huge?.width == 2 * PageImageSizing.largestSide + 2)
        #expect(PageImageRenderer.pixelRect(around: TextRect(x0: .nan, y0: 0, x1: 1, y1: 1), zoom: 2) == nil)
        let word = PageImageRenderer.pixelRect(around: TextRect(x0: 10, y0: 20, x1: 30.2, y1: 25), zoom: 2)
        #expect(word == PixelRect(x: 19, y: 39, width: 43, height: 12))
    }
}
