/// Spreads in the image view (`d`): facing pages side by side, paired by ``PageSpread``'s rule
/// from the sizes of the pages the reader holds (a page's text carries its size; one that could
/// not be read is shown alone). The current page stays the page the reader is on, which the text
/// view shows; the image view shows the spread holding it, and flipping moves a spread at a
/// time. The text view is not changed by spreads.
extension ReaderState {
    /// Whether facing pages are shown side by side now: spreads on, in the image view.
    var showsSpreads: Bool {
        images.spreads && images.viewMode == .image
    }

    /// Whether spreads are on (`d`, `set spread`), in either view.
    public var spreadsOn: Bool { images.spreads }

    /// What the reader knows of `page`'s size: its text's, unreadable when its text could not be
    /// read, unknown until it is here.
    func pageShape(_ page: Int) -> PageSpread.PageShape {
        if let text = cache.text(of: page) {
            return .size(width: text.width, height: text.height)
        }
        return cache.failures[page] == nil ? .unknown : .unreadable
    }

    /// The spread holding `page` while spreads show; nil while they do not, and while the size
    /// of `page` or of its partner is not known yet.
    func spread(holding page: Int) -> PageSpread? {
        guard showsSpreads else { return nil }
        return PageSpread.holding(
            page, pageCount: paging.pageCount, firstPageAlone: preferences.spreadFirstPageAlone, shape: pageShape)
    }

    /// The pages the status line names, first to last in reading order: the spread holding the
    /// page filling the screen (``pageFillingScreen``: the current page but while scrolling
    /// continuously), or that page alone (no spreads, or its spread not known yet).
    public var shownPages: ClosedRange<Int> {
        pages(of: pageFillingScreen)
    }

    /// The pages of the spread holding `page`, first to last, or `page` alone.
    func pages(of page: Int) -> ClosedRange<Int> {
        guard let spread = spread(holding: page) else { return page...page }
        return spread.first...spread.last
    }

    /// The page `delta` pages (or spreads) away from the current one: ``page(_:movedBy:)`` from
    /// the current page.
    func page(movedBy delta: Int) -> Int? {
        page(currentPage, movedBy: delta)
    }

    /// The page `delta` pages away from `from`, or `delta` spreads while spreads show;
    /// nil at a bounded end, as ``PagingController/page(_:movedBy:)`` says. A spread at a time
    /// while the pages' sizes are known (those the reader holds, the spreads either side); a
    /// count that goes further, or a spread not yet known, goes on by position, two pages a
    /// spread (one for the first step), so a count costs the same in a document of any length; with
    /// wrap-around, a count larger than the spreads of a round goes round only its remainder.
    func page(_ from: Int, movedBy delta: Int) -> Int? {
        guard showsSpreads, delta != 0 else { return paging.page(from, movedBy: delta) }
        let forward = delta > 0
        var reached = from
        var remaining = delta.magnitude
        var taken: UInt = 0
        let start = spread(holding: from)
        while remaining > 0, let spread = spread(holding: reached) {
            guard let next = paging.page(forward ? spread.last : spread.first, movedBy: forward ? 1 : -1) else {
                return reached == from ? nil : reached
            }
            reached = next
            remaining -= 1
            taken += 1
            // Round the document (wrap-around) and back at the starting spread: every further
            // round of `taken` spreads ends here too, so only the remainder is walked.
            if start?.contains(reached) == true {
                remaining %= taken
            }
        }
        guard remaining > 0 else { return reached }
        let (extra, overflow) = (remaining - 1).multipliedReportingOverflow(by: 2)
        let steps = overflow || extra >= UInt(Int.max) ? Int.max : Int(extra) + 1
        guard let moved = paging.page(reached, movedBy: forward ? steps : -steps) else {
            return reached == from ? nil : reached
        }
        return moved
    }

    /// `d`: spreads on or off. In the text view the setting changes for the image view, and the
    /// notice says so.
    mutating func toggleSpreads() -> [ReaderEffect] {
        guard images.viewMode == .image else {
            images.spreads.toggle()
            message = .spreads(on: images.spreads, inImageView: false)
            return []
        }
        relayout { $0.images.spreads.toggle() }
        message = .spreads(on: images.spreads, inImageView: true)
        // The window holds the pages beside the neighbouring spreads too.
        return refreshWindow()
    }
}
