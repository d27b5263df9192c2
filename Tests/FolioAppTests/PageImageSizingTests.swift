import FolioCore
import FolioGraphics
import Testing

@testable import FolioApp
@testable import FolioDocument

/// Fit height: the image is as many rows as the text area, and as wide as the page's aspect
/// makes it in the terminal's cells (worked out here by hand from the points and the cell size).
@Suite struct PageImageSizingTests {
    /// A text area of 23 rows and 78 columns, at `fit` and `zoom`.
    private func request(_ fit: ImageFit, zoom: Double = 1) -> RenderRequest {
        RenderRequest(
            page: 0, viewport: ScreenSize(rows: 23, columns: 78), fit: fit, zoom: zoom, inverted: false, highlight: nil)
    }

    /// A portrait Letter page (612 × 792 points) on sixel's 10 × 20-pixel cells: 23 rows are
    /// 460 px, a scale of 460/792; the page is then 612 × 460/792 = 355.45 → 355 px wide, 36
    /// columns (35.5 rounded up), narrower than the text area.
    @Test func aPortraitPageAtFitHeightFillsTheRows() {
        let sizing = PageImageSizing(
            request(.height), page: PageSize(width: 612, height: 792), support: TestGraphics.sixel)
        #expect(sizing.rows == 23)
        #expect(sizing.columns == 36)
        #expect(abs(sizing.zoom - 460.0 / 792) < 1e-12)
        // Fit page gives the same on this page (its height is the tighter side), fit width more rows.
        let page = PageImageSizing(request(.page), page: PageSize(width: 612, height: 792), support: TestGraphics.sixel)
        #expect(page == sizing)
        let width = PageImageSizing(
            request(.width), page: PageSize(width: 612, height: 792), support: TestGraphics.sixel)
        #expect(width.columns == 78 && width.rows > 23)
    }

    /// A landscape page (1224 × 612 points, two Letter pages side by side) on kitty's 8 × 17
    /// cells: 23 rows are 391 px, a scale of 391/612; 1224 × 391/612 = 782 px, 98 columns (97.75
    /// rounded up): wider than the 78-column text area, so it scrolls sideways. Fit page would
    /// have made it the text area's width instead.
    @Test func aLandscapePageAtFitHeightIsWiderThanTheTextArea() {
        let size = PageSize(width: 1224, height: 612)
        let sizing = PageImageSizing(request(.height), page: size, support: TestGraphics.kitty)
        #expect(sizing.rows == 23)
        #expect(sizing.columns == 98)
        #expect(abs(sizing.zoom - 391.0 / 612) < 1e-12)
        let page = PageImageSizing(request(.page), page: size, support: TestGraphics.kitty)
        #expect(page.columns == 78 && page.rows < 23)
    }

    /// The zoom multiplies the fit-height scale: at 2, 46 rows (twice the text area), and
    /// 612 × 920/792 = 710.9 → 711 px, 72 columns (71.1 rounded up).
    @Test func theZoomIsOnTopOfFitHeight() {
        let sizing = PageImageSizing(
            request(.height, zoom: 2), page: PageSize(width: 612, height: 792), support: TestGraphics.sixel)
        #expect(sizing.rows == 46)
        #expect(sizing.columns == 72)
    }

    /// Half blocks: one pixel a column and two a row, so 23 rows are 46 pixels.
    @Test func halfBlocksAtFitHeight() {
        let sizing = PageImageSizing(
            request(.height), page: PageSize(width: 612, height: 792), support: TestGraphics.halfBlocks)
        #expect(sizing.rows == 23)
        // 612 × 46/792 = 35.5 → 36 pixels, one a column.
        #expect(sizing.columns == 36)
    }
}
