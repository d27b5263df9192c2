/// Work put off until a page's content arrives: where to scroll once the current page's text or
/// image is here, and what to do with links and the outline once they are loaded.
struct PendingArrival: Sendable {
    /// The current page was entered by scrolling up before its text arrived: once it does,
    /// show its bottom rather than its top.
    var anchorsAtBottom = false
    /// A page a search found, whose matching line to scroll to once its text is here.
    var match: (page: Int, direction: SearchDirection)?
    /// Where a jump lands on its page (a link's or outline entry's point, a mark's or the
    /// history's line), until the page's content is here to find the line.
    var landing: (page: Int, place: Landing)?
    /// The share of the current page above the screen, kept while a relayout waits for the
    /// page's new content (switching to an image that is still rendering, and back).
    var scrollShare: Double?
    /// The share of a page image's width at the middle of the screen, kept while a zoom, fit
    /// change or resize of an image scrolled sideways waits for the image at the new size, so
    /// the same part of the page is centred once it is here.
    var imageCentreShare: Double?
    /// A click on a page image waiting for the page's links: the page and the point clicked.
    var linkClick: (page: Int, x: Double, y: Double)?
    /// Where the reader was before a reload to a shorter version moved them to page `landedOn`.
    var reloadAnchor: (page: Int, topLine: Int, landedOn: Int)?
    /// The user asked for the outline and it is still loading.
    var outline = false
    /// The user asked for the annotation list and it is still loading.
    var annotationList = false

    /// Forgets what waited on a version of the document that is gone: the outline asked for,
    /// a search's match and a click's links (a place kept across the reload stays).
    mutating func forgetDocument() {
        outline = false
        match = nil
        linkClick = nil
    }
}

/// Where on its page a jump lands.
enum Landing: Sendable, Equatable {
    /// The line at `y` points from the page's top: a link's or an outline entry's destination.
    case point(y: Double)
    /// Laid-out line `line` of a layout `lineCount` lines long (nil: the layout is not known, as
    /// for a mark from an earlier run): a mark or a place in the jump history. In a layout of
    /// another length (after a resize or a layout switch) it lands at the same share of the page.
    case line(Int, of: Int?)
}
