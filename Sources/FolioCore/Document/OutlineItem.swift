/// One entry of a document's outline, as the reader's outline view needs it.
public struct OutlineItem: Sendable, Equatable {
    /// The title as the document gives it (sanitised when drawn).
    public var title: String
    /// Nesting depth, 0 for top-level entries.
    public var level: Int
    /// The 0-based target page, or nil when the entry points nowhere in the document.
    public var page: Int?

    /// Creates an entry titled `title` at nesting depth `level`, pointing at `page`.
    public init(title: String, level: Int, page: Int?) {
        self.title = title
        self.level = level
        self.page = page
    }
}
