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
    public var visualText: String?

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
}
