/// The structured text of one page: blocks of lines of characters, with their positions.
///
/// The MuPDF side builds this from `fz_stext_page`; everything in FolioCore lays it out.
public struct PageText: Sendable, Equatable {
    /// The page width, in points.
    public var width: Double
    /// The page height, in points.
    public var height: Double
    /// The text blocks, in reading order.
    public var blocks: [TextBlock]

    /// Creates a page from its size and blocks.
    public init(width: Double, height: Double, blocks: [TextBlock]) {
        self.width = width
        self.height = height
        self.blocks = blocks
    }

    /// The page's text: lines joined by newlines, with a blank line between blocks.
    ///
    /// Blocks without lines are skipped, so they never add extra blank lines.
    public var plainText: String {
        blocks
            .filter { !$0.lines.isEmpty }
            .map { block in block.lines.map(\.text).joined(separator: "\n") }
            .joined(separator: "\n\n")
    }

    /// Whether the page has a character that shows: not white space, not zero-width.
    public var hasVisibleText: Bool {
        blocks.contains { ParagraphBuilder.hasVisibleText($0.lines) }
    }
}
