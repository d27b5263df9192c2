/// Where the owner draws a rendered page image: the part of the image from cell row
/// `sourceRow` and cell column `sourceColumn`, `rows` × `columns` cells, at `screenRow`,
/// `screenColumn` of the screen, the image drawn `scale` times its size (1 but while a terminal
/// that scales images shows the image of another zoom). Images never reach the status line.
public struct ImagePlacement: Sendable, Equatable {
    public var request: RenderRequest
    public var sourceRow: Int
    public var sourceColumn: Int
    public var rows: Int
    public var columns: Int
    public var screenRow: Int
    public var screenColumn: Int
    public var scale: Double = 1

    /// A placement of `request`'s image from its cell `sourceRow`, `sourceColumn`, `rows` ×
    /// `columns` cells at `screenRow`, `screenColumn`, drawn `scale` times its size.
    public init(
        request: RenderRequest, sourceRow: Int, sourceColumn: Int, rows: Int, columns: Int, screenRow: Int,
        screenColumn: Int, scale: Double = 1
    ) {
        self.request = request
        self.sourceRow = sourceRow
        self.sourceColumn = sourceColumn
        self.rows = rows
        self.columns = columns
        self.screenRow = screenRow
        self.screenColumn = screenColumn
        self.scale = scale
    }
}
