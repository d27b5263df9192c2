/// The size of the terminal, in character cells.
public struct ScreenSize: Sendable, Hashable {
    /// The number of rows.
    public var rows: Int
    /// The number of columns.
    public var columns: Int

    /// Creates a size.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}
