/// A search for the owner to run page by page, away from the input path.
public struct SearchRequest: Sendable, Hashable {
    /// Identifies the search's events; results of older searches are ignored.
    public var id: Int
    /// What to look for (smart case).
    public var pattern: SearchPattern
    /// The first page to look at (0-based).
    public var startPage: Int
    public var direction: SearchDirection
    /// How many pages to look at, stepping from `startPage` in `direction` and wrapping past the
    /// ends of the document when the reader wraps (so never more than the page count).
    public var pageCount: Int

    public init(id: Int, pattern: SearchPattern, startPage: Int, direction: SearchDirection, pageCount: Int) {
        self.id = id
        self.pattern = pattern
        self.startPage = startPage
        self.direction = direction
        self.pageCount = pageCount
    }

    /// The `index`th page to search in a document of `documentPages` pages.
    public func page(at index: Int, documentPages: Int) -> Int {
        let step = direction == .forward ? index : -index
        let page = (startPage + step) % documentPages
        return page < 0 ? page + documentPages : page
    }
}
