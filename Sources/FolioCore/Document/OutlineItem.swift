/// One entry of a document's outline, as the reader's outline view needs it.
public struct OutlineItem: Sendable, Equatable {
    /// The title as the document gives it (sanitised when drawn).
    public var title: String
    /// Nesting depth, 0 for top-level entries.
    public var level: Int
    /// The 0-based target page, or nil when the entry points nowhere in the document.
    public var page: Int?
    /// Where on the target page the entry lands, in points from the top, when it says (its
    /// heading); nil for the top of the page.
    public var targetY: Double?

    /// Creates an entry titled `title` at nesting depth `level`, pointing at `page` (landing
    /// `targetY` points down it).
    public init(title: String, level: Int, page: Int?, targetY: Double? = nil) {
        self.title = title
        self.level = level
        self.page = page
        self.targetY = targetY
    }
}
