/// The size of the terminal, in character cells.
///
/// Each side is between 0 and ``largestSide``, whatever the terminal reports: a size is made
/// into frames, line widths and image viewports, so an absurd one must not reach them.
public struct ScreenSize: Sendable, Hashable {
    /// The largest number of rows or columns a size holds: what a terminal's window size
    /// (`TIOCGWINSZ`, 16 bits a side) can say.
    public static let largestSide = 65_535

    /// The number of rows.
    public let rows: Int
    /// The number of columns.
    public let columns: Int

    /// Creates a size; a negative side is 0 and one beyond ``largestSide`` is ``largestSide``.
    public init(rows: Int, columns: Int) {
        self.rows = min(max(rows, 0), Self.largestSide)
        self.columns = min(max(columns, 0), Self.largestSide)
    }
}
