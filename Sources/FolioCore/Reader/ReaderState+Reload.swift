/// A new version of the document, reopened after its file changed (or `R`): the reader stays
/// on the same page and at the same place in it (the last page when the document got shorter),
/// in the same view, and forgets what belonged to the old version (page texts, images, the
/// outline, a running search, an open list).
extension ReaderState {
    mutating func documentReplaced(by summary: DocumentSummary, currentPageText: PageText?) -> [ReaderEffect] {
        // A version too short for the page read sent the reader to its last page; when the
        // reader has stayed there, the next version takes them back to where they were.
        var wanted = (page: currentPage, topLine: viewport.topLine)
        if let anchor = pending.reloadAnchor, anchor.landedOn == currentPage {
            wanted = (anchor.page, anchor.topLine)
        }
        let keptTopLine = wanted.topLine
        let pageCount = max(summary.pageCount, 0)
        let page = min(wanted.page, max(pageCount - 1, 0))
        let samePage = page == wanted.page
        pending.reloadAnchor = samePage ? nil : (wanted.page, wanted.topLine, page)
        document = summary
        paging = PagingController(pageCount: pageCount, mode: paging.mode)
        currentPage = page
        cache = PageCache(bidi: cache.bidi, shapesArabic: cache.shapesArabic)
        outline = DocumentOutline()
        pending.forgetDocument()
        closePageMode()
        search.forgetDocument()
        linkMarks.pageLinks = [:]
        images.forgetRenders()
        jumps.keepPages(below: pageCount)
        viewport.topLine = samePage ? keptTopLine : 0
        if let currentPageText {
            record(.text(currentPageText), for: page)
        }
        // Without the text yet, the place is kept and clamped when the text arrives.
        if currentLines != nil {
            viewport.clampTopLine(to: maximumTopLine(of: page))
        }
        message = .reloaded(pageCount: pageCount)
        // The new version's outline, for the section on the status line.
        return refreshWindow() + (pageCount > 0 ? [.loadOutline] : [])
    }
}
