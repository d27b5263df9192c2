/// One line of text laid out for the terminal, with its width in cells.
public struct LaidOutLine: Sendable, Equatable {
    /// The line's text, without trailing spaces.
    public var text: String
    /// The number of terminal cells the text occupies.
    public var width: Int
    /// Whether the line is page furniture (a running header or footer, a page number): shown
    /// dimmed, left out of `folio --text --reflow`.
    public var isFurniture = false
    /// Whether the line belongs to a right-to-left paragraph: the text views align it right.
    public var isRightToLeft = false
    /// The line in visual order, as a terminal without bidirectional support must be sent it,
    /// where that differs from `text` (which stays in logical order for search and copy).
    public var visual: VisualOrder?
    /// The text block of the page the line's paragraph comes from (an index among the blocks the
    /// reflow view reads, in its order), so that a search match the view splits into two
    /// paragraphs of one block is still shown; nil for an empty line, a row of the layout view,
    /// code and notes the view adds.
    public var block: Int?

    /// Creates a line from its text and width in cells.
    public init(text: String, width: Int, isFurniture: Bool = false) {
        self.text = text
        self.width = width
        self.isFurniture = isFurniture
    }

    /// Creates a line from its text, measuring its width with ``DisplayWidth``.
    public init(text: String) {
        self.init(text: text, width: DisplayWidth.of(text))
    }

    /// The spaces the text views put before the line in a text area `columns` cells wide: a
    /// right-to-left line in visual order that fits is set against the right edge. (Without a
    /// visual order the terminal reorders, and aligns, the line itself.)
    public func margin(inColumns columns: Int) -> Int {
        guard isRightToLeft, let visual, visual.width < columns else { return 0 }
        return columns - visual.width
    }

    /// The line as the text views draw it in a text area `columns` cells wide: the margin, then
    /// the text in visual order.
    public func shown(inColumns columns: Int) -> String {
        String(repeating: " ", count: margin(inColumns: columns)) + (visual?.text ?? text)
    }

    /// Where the Characters `range` of ``text`` are drawn in ``shown(inColumns:)``: one run,
    /// or several where visual reordering takes the range apart; left to right.
    public func shownRuns(of range: Range<Int>, inColumns columns: Int) -> [Range<Int>] {
        let margin = margin(inColumns: columns)
        return (visual?.runs(of: range) ?? [range]).map { ($0.lowerBound + margin)..<($0.upperBound + margin) }
    }

    /// The Character of ``text`` drawn at Character `offset` of ``shown(inColumns:)``; nil in
    /// the margin or past the end.
    public func character(atShownOffset offset: Int, inColumns columns: Int) -> Int? {
        let drawn = offset - margin(inColumns: columns)
        guard drawn >= 0 else { return nil }
        guard let visual else { return drawn < text.count ? drawn : nil }
        return visual.drawnAt.firstIndex(of: drawn)
    }
}
