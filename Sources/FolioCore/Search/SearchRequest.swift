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

/// A count of every match of a pattern in the document, page by page from the first, for the
/// owner to run in the background (``ReaderEffect/countMatches(_:)``).
public struct MatchCountRequest: Sendable, Hashable {
    /// Identifies the count's events; results of older counts are ignored.
    public var id: Int
    public var pattern: SearchPattern

    public init(id: Int, pattern: SearchPattern) {
        self.id = id
        self.pattern = pattern
    }
}

/// How many matches a page (0-based) has.
public struct PageMatchCount: Sendable, Hashable {
    public var page: Int
    public var matches: Int

    public init(page: Int, matches: Int) {
        self.page = page
        self.matches = matches
    }
}
