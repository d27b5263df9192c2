/// What the reader needs to know about the open document before any page is loaded.
public struct DocumentSummary: Sendable, Equatable {
    /// The file name shown on the status line (not sanitised: the renderer does that).
    public var fileName: String
    /// The title from the document's metadata, if it has one.
    public var title: String?
    /// The number of pages.
    public var pageCount: Int
    /// The printed page numbers, made once when the document opens.
    public var pageLabels: PageLabels

    /// Creates a summary of a document whose pages are labelled by `labelRanges` (none by
    /// default).
    public init(fileName: String, title: String?, pageCount: Int, labelRanges: [PageLabels.Range] = []) {
        self.fileName = fileName
        self.title = title
        self.pageCount = pageCount
        pageLabels = PageLabels(ranges: labelRanges, pageCount: pageCount)
    }
}
