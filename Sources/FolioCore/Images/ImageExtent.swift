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

    /// An extent of `rows` by `columns` cells, each clamped to 0 through ``largestSide``, of an
    /// image of the page's `cropBox` (nil for the whole page).
    init(rows: Int, columns: Int, cropBox: TextRect? = nil) {
        self.rows = min(max(rows, 0), Self.largestSide)
        self.columns = min(max(columns, 0), Self.largestSide)
        self.cropBox = cropBox
    }
}
