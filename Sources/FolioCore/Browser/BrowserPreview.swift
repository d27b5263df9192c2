/// What the edge found out about a document for the preview pane.
public struct BrowserPreview: Sendable, Equatable {
    /// The title from the document's metadata, if it has one.
    public var title: String?
    /// The document's format as a reader would name it: "PDF", "EPUB", "CBZ".
    public var format: String
    /// The number of pages.
    public var pageCount: Int
    /// The beginning of page 1's text, one paragraph or line per line; the view word-wraps it
    /// to the pane and shows as much as fits, so a few screenfuls are plenty.
    public var firstLines: String

    /// Creates a preview.
    public init(title: String?, format: String, pageCount: Int, firstLines: String) {
        self.title = title
        self.format = format
        self.pageCount = pageCount
        self.firstLines = firstLines
    }
}
