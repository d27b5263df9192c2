/// The document's outline once loaded, and the section of it the current page belongs to.
struct DocumentOutline: Sendable {
    /// The outline's entries; nil before they are loaded.
    var items: [OutlineItem]?
    /// The entry the current page belongs to, for the status line (`§ 3.2 Installing`), found
    /// again only when the page or the outline changes: the page, and the entry's title.
    var section: (page: Int, outlineCount: Int, title: String?)?
}
