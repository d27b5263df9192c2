/// A place marked with `m` and a letter: lowercase letters mark places in one document,
/// uppercase ones a place in any document (the document and the place).
public struct Mark: Sendable, Equatable {
    /// The letter, `a`–`z` or `A`–`Z`.
    public var letter: Character
    /// The page (0-based) and the laid-out line at the top of the screen.
    public var page: Int
    public var topLine: Int
    /// The document of an uppercase mark set in another document; nil for this one.
    public var document: String?
    /// How many lines the page had in the layout `topLine` counts in, so that after a resize
    /// or a layout switch the mark lands at the same share of the page; nil when not known (a
    /// mark from an earlier run, or set before the page was here). Not saved: the marks file
    /// keeps the line.
    public var lineCount: Int?

    /// A mark `letter` at `page` and `topLine` of a layout `lineCount` lines long, in `document`
    /// (nil: the open one).
    public init(letter: Character, page: Int, topLine: Int, lineCount: Int? = nil, document: String? = nil) {
        self.letter = letter
        self.page = page
        self.topLine = topLine
        self.lineCount = lineCount
        self.document = document
    }

    /// Whether `letter` can name a mark, and whether the mark is global (uppercase).
    public static func isLetter(_ letter: Character) -> Bool {
        letter.isASCII && letter.isLetter
    }

    /// Whether the mark names a place in any document (an uppercase letter).
    public var isGlobal: Bool { letter.isUppercase }
}
