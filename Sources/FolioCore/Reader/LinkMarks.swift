/// The links of the pages whose text is loaded, and where the current page's links show in its
/// laid-out lines, for underlining them in the text view and following them with a click.
struct LinkMarks: Sendable {
    /// The links of pages whose text is loaded, with their words (kept only for pages the page
    /// cache holds).
    var pageLinks: [Int: [LinkItem]] = [:] {
        didSet { version += 1 }
    }
    /// Counts the changes to `pageLinks`, so that `places` knows when to be found again.
    private(set) var version = 0
    /// Where the current page's links show in its laid-out lines, found again only when the
    /// page, its layout or its links change (never per frame).
    var places = LinkPlaces()
}
