/// The size of a rendered page image in cells.
///
/// Each side is between 0 and ``largestSide``, whatever the renderer reports, so that scrolling
/// through the image, scaling it and placing it never overflow.
struct ImageExtent: Sendable, Equatable {
    /// The most rows or columns an image extent holds.
    static let largestSide = 1 << 24

    let rows: Int
    let columns: Int
    /// The part of the page the image shows, in points from the page's top-left corner; nil for
    /// the whole page.
    let cropBox: TextRect?
    /// Where each page of a spread's image is, left to right; empty for one page's image.
    let parts: [SpreadPart]

    /// An extent of `rows` by `columns` cells, each clamped to 0 through ``largestSide``, of an
    /// image of the page's `cropBox` (nil for the whole page), or of a spread's `parts`.
    init(rows: Int, columns: Int, cropBox: TextRect? = nil, parts: [SpreadPart] = []) {
        self.rows = min(max(rows, 0), Self.largestSide)
        self.columns = min(max(columns, 0), Self.largestSide)
        self.cropBox = cropBox
        self.parts = parts
    }

    /// The part of the image that shows `page`, when the image is a spread's.
    func part(showing page: Int) -> SpreadPart? {
        parts.first { $0.page == page }
    }
}

/// One page of a spread's image: which page, which columns of the image it covers, and the part
/// of the page they show. Every page of a spread is as tall as the image.
public struct SpreadPart: Sendable, Hashable {
    /// The page (counted from 0).
    public var page: Int
    /// Where the page starts, in cells from the image's left edge (a fraction where its edge
    /// falls within a cell).
    public var firstColumn: Double
    /// How wide the page is drawn, in cells.
    public var columns: Double
    /// The part of the page shown, in points from its top-left corner: the whole page unless it
    /// is cropped.
    public var box: TextRect

    /// The part of a spread's image showing `box` of `page`, `columns` cells wide from
    /// `firstColumn`.
    public init(page: Int, firstColumn: Double, columns: Double, box: TextRect) {
        self.page = page
        self.firstColumn = firstColumn
        self.columns = columns
        self.box = box
    }
}
