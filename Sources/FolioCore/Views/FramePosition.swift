/// A cell on the screen, counted from the top-left corner.
public struct FramePosition: Sendable, Equatable {
    /// The row, from 0 at the top.
    public var row: Int
    /// The column, from 0 at the left.
    public var column: Int

    /// Creates a position.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
