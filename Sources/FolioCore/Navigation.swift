/// One entry of a document's outline, as the reader's outline view needs it.
public struct OutlineItem: Sendable, Equatable {
    /// The title as the document gives it (sanitised when drawn).
    public var title: String
    /// Nesting depth, 0 for top-level entries.
    public var level: Int
    /// The 0-based target page, or nil when the entry points nowhere in the document.
    public var page: Int?

    public init(title: String, level: Int, page: Int?) {
        self.title = title
        self.level = level
        self.page = page
    }
}

/// A link on a page, as the link list needs it.
public struct LinkItem: Sendable, Equatable {
    /// The 0-based target page of an internal link.
    public var page: Int?
    /// The address of an external link.
    public var uri: String?

    public init(page: Int?, uri: String?) {
        self.page = page
        self.uri = uri
    }
}

/// Which way a search goes through the document.
public enum SearchDirection: Sendable, Hashable {
    case forward
    case backward
}

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
