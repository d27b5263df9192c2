/// A block of text on a page (a paragraph, a heading, a column), as MuPDF groups lines.
public struct TextBlock: Sendable, Equatable {
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// The block's box on the page, in points.
    public var box: TextRect

    /// Creates a block from its lines and box.
    public init(lines: [TextLine], box: TextRect) {
        self.lines = lines
        self.box = box
    }
}
