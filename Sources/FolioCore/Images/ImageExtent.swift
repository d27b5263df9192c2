/// The size of a rendered page image in cells.
///
/// Each side is between 0 and ``largestSide``, whatever the renderer reports, so that scrolling
/// through the image, scaling it and placing it never overflow.
struct ImageExtent: Sendable, Equatable {
    /// The most rows or columns an image extent holds.
    static let largestSide = 1 << 24

    let rows: Int
    let columns: Int

    /// An extent of `rows` by `columns` cells, each clamped to 0 through ``largestSide``.
    init(rows: Int, columns: Int) {
        self.rows = min(max(rows, 0), Self.largestSide)
        self.columns = min(max(columns, 0), Self.largestSide)
    }
}
