import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal

/// How large a page image is rendered: its zoom for MuPDF and its extent in cells.
struct PageImageSizing: Equatable {
    /// The most pixels a page image is wide or high: a page of absurd points (a document may
    /// say 1 × 10³⁰) is made a size that fits in a cell count and a render request.
    static let largestSide = 1 << 24

    /// The zoom to render at (1 = 72 dpi).
    var zoom: Double
    /// The image's height in cells.
    var rows: Int
    /// The image's width in cells.
    var columns: Int

    /// The pixels of one cell of an image on a terminal with `support`, and the widest image
    /// rendered for it.
    static func cell(for support: GraphicsSupport) -> (width: Double, height: Double, maximumWidth: Int) {
        switch support.method {
        case .halfBlocks, .none:
            // One pixel per cell across, two down: square pixels on cells twice as tall as wide.
            (1, 2, 4096)
        case .sixel, .kitty, .iterm:
            // As wide as the text area even beyond the terminal's largest image: the writer
            // sends a crop wider or taller than that as tiles within it.
            (Double(support.cellPixels.width), Double(support.cellPixels.height), 8192)
        }
    }

    /// The sizing of `request` for a page of `size` points on a terminal with `support`; for a
    /// spread, `size` is its pages side by side and `gapPixels` the gap between them, which the
    /// pages leave room for (fitted to the width, the pages and the gap fill it).
    init(_ request: RenderRequest, page size: PageSize, support: GraphicsSupport, gapPixels: Int = 0) {
        let (cellWidth, cellHeight, maximumWidth) = Self.cell(for: support)
        let wholeWidth = min(Double(request.viewport.columns) * cellWidth, Double(maximumWidth))
        let areaWidth = gapPixels > 0 ? max(wholeWidth - Double(gapPixels), 1) : wholeWidth
        let areaHeight = Double(request.viewport.rows) * cellHeight
        let widthScale = areaWidth / max(size.width, 1)
        let heightScale = areaHeight / max(size.height, 1)
        var scale: Double
        switch request.fit {
        case .width: scale = widthScale
        case .page: scale = min(widthScale, heightScale)
        // As many rows as the text area; a landscape page is then wider than it, and scrolls sideways.
        case .height: scale = heightScale
        }
        scale *= request.zoom
        // Wider than the terminal accepts (zoomed in): capped, so every crop can be drawn.
        scale = min(scale, 8192 / max(size.width, 1))
        // A page size that is NaN, infinite or huge makes no trap here; its render fails on
        // the zoom with a message.
        let width = Int((size.width * scale).rounded(), clampedTo: 1...Self.largestSide)
        let height = Int((size.height * scale).rounded(), clampedTo: 1...Self.largestSide)
        zoom = scale
        columns = Int((Double(width + gapPixels) / cellWidth).rounded(.up))
        rows = Int((Double(height) / cellHeight).rounded(.up))
    }
}
