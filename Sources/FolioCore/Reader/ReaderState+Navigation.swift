/// Moving between pages and scrolling within them.
extension ReaderState {
    /// Where to put a newly entered page on screen.
    enum PageAnchor {
        case top
        case bottom
    }

    /// Shows `page`, loading it and its neighbours and forgetting pages now out of reach. A page
    /// past either end shows the nearest end (an outline entry or a link past the end is refused
    /// with a notice by ``jump(to:)`` before it comes here; this keeps every other way in).
    mutating func go(to page: Int, anchor: PageAnchor = .top) -> [ReaderEffect] {
        guard paging.pageCount > 0 else {
            return []
        }
        currentPage = min(max(page, 0), paging.pageCount - 1)
        viewport.topLine = 0
        pending.anchorsAtBottom = false
        pending.scrollShare = nil
        pending.landing = nil
        pending.imageCentreShare = nil
        let effects = refreshWindow()
        if anchor == .bottom {
            if contentHeight(of: currentPage) != nil {
                viewport.topLine = maximumTopLine(of: currentPage)
            } else {
                pending.anchorsAtBottom = true
            }
        }
        clampHorizontalOffset()
        clampImageColumn()
        return effects
    }

    /// Moves `delta` pages (spreads, while they show) from the page the status line names (the
    /// one filling most of the screen, scrolling continuously); at a bounded end, stays and says
    /// so.
    mutating func movePages(by delta: Int) -> [ReaderEffect] {
        guard paging.pageCount > 0 else {
            return []
        }
        guard let target = page(pageFillingScreen, movedBy: delta) else {
            message = delta > 0 ? .lastPage : .firstPage
            return []
        }
        return go(to: target)
    }

    /// Jumps to the page the user numbered (1-based), or explains why there is none.
    mutating func jump(toPageNumber number: Int) -> [ReaderEffect] {
        guard paging.pageCount > 0 else {
            message = .noPages
            return []
        }
        guard let target = paging.resolveJump(number) else {
            message = .noSuchPage(number: number, pageCount: paging.pageCount)
            return []
        }
        let effects = jump(to: target)
        if number > paging.pageCount {
            message = .pageWraps(number: number, page: target)
        }
        return effects
    }

    /// Jumps to the page typed into the go-to prompt: the page labelled so when there is one
    /// (`xiv`, `714`), else the page with that number; when the document labels its pages, the
    /// message says which was meant.
    mutating func jump(toTyped typed: String) -> [ReaderEffect] {
        let labels = document.pageLabels
        switch labels.lookUp(typed) {
        case .labelled(let page):
            let effects = jump(to: page)
            if typed != String(page + 1) {
                message = .labelledPage(label: typed, page: page, pageCount: paging.pageCount)
            }
            return effects
        case .physical(let page):
            let effects = jump(to: page)
            if !labels.isEmpty {
                message = .notALabel(typed: typed, page: page, pageCount: paging.pageCount)
            }
            return effects
        case .beyondEnd(let number):
            return jump(toPageNumber: number)
        case .unknown:
            if labels.isEmpty {
                message = .noPageNamed(typed: typed, pageCount: paging.pageCount)
            } else {
                message = .noPageLabelled(typed: typed, labels: labels.summary)
            }
            return []
        }
    }

    /// The last page, or nil for a document without pages.
    var lastPage: Int? {
        paging.pageCount > 0 ? paging.pageCount - 1 : nil
    }

    /// Scrolls down `lines` lines, stopping at the page's last screenful; from there, the
    /// next page starts at its top. `pastTheEnd` (a screenful at a time) lets the last
    /// screen of a page start where the scroll takes it, with blank rows below the page's
    /// end, rather than showing again lines already read.
    /// While the page is still on its way, the scroll is kept and applied, within the page,
    /// once it is here: a key typed before the text arrives never turns the page.
    mutating func scrollDown(by lines: Int, pastTheEnd: Bool = false) -> [ReaderEffect] {
        if currentPageIsOnItsWay {
            let (sum, overflow) = max(viewport.topLine, 0).addingReportingOverflow(lines)
            viewport.topLine = overflow ? Int.max : sum
            return []
        }
        if scrollsContinuously, shownImage(of: currentPage) != nil {
            return scrollDownContinuously(by: lines)
        }
        let maximum = maximumTopLine(of: currentPage)
        if viewport.topLine < maximum {
            let (sum, overflow) = viewport.topLine.addingReportingOverflow(lines)
            let target = overflow ? Int.max : sum
            let lastLine = max((contentHeight(of: currentPage) ?? 0) - 1, 0)
            viewport.topLine = pastTheEnd ? min(target, max(lastLine, maximum)) : min(target, maximum)
            return []
        }
        guard let next = page(movedBy: 1) else {
            message = .lastPage
            return []
        }
        return go(to: next, anchor: .top)
    }

    /// Scrolls up `lines` lines, stopping at the page's top; from there, the previous page
    /// shows its last screenful.
    mutating func scrollUp(by lines: Int) -> [ReaderEffect] {
        if scrollsContinuously, shownImage(of: currentPage) != nil {
            return scrollUpContinuously(by: lines)
        }
        if viewport.topLine > 0 {
            viewport.topLine = max(viewport.topLine - lines, 0)
            return []
        }
        guard let previous = page(movedBy: -1) else {
            message = .firstPage
            return []
        }
        return go(to: previous, anchor: .bottom)
    }

    /// Scrolls the physical layout, or a page image wider than the text area, `cells` cells
    /// right (negative: left), no further than its right edge (the image's right edge at the
    /// text area's) or its left. In the reflowed text it says that needs the layout, unless
    /// `quietly` (a touchpad's sideways turns come with its vertical ones).
    mutating func scrollSideways(by cells: Int, quietly: Bool = false) {
        if images.viewMode == .image {
            // Until the page's image is here, its width is not known: the column stays.
            guard let maximum = maximumImageColumn else { return }
            viewport.imageColumn = Self.moved(viewport.imageColumn, by: cells, within: maximum)
            return
        }
        guard layoutMode == .physical else {
            if !quietly { message = .sidewaysNeedsLayout }
            return
        }
        viewport.horizontalOffset = Self.moved(viewport.horizontalOffset, by: cells, within: maximumHorizontalOffset)
    }

    /// How far the screen is scrolled sideways and how wide what scrolls is, in cells, when it
    /// is wider than the text area: a page image in the image view, the widest line in the
    /// physical layout; nil when all of it fits.
    var sidewaysExtent: (offset: Int, width: Int)? {
        if images.viewMode == .image {
            guard let placement = imagePlacement, let width = shownImage(of: currentPage)?.extent.columns,
                width > textColumns
            else { return nil }
            return (placement.sourceColumn, width)
        }
        guard layoutMode == .physical, let width = currentLines?.map(\.width).max(), width > textColumns else {
            return nil
        }
        return (min(viewport.horizontalOffset, width - textColumns), width)
    }

    /// `offset` moved `cells` and kept within `0...maximum`, an overflow taken as the far end.
    private static func moved(_ offset: Int, by cells: Int, within maximum: Int) -> Int {
        let (sum, overflow) = offset.addingReportingOverflow(cells)
        let target = overflow ? (cells > 0 ? Int.max : 0) : sum
        return min(max(target, 0), max(maximum, 0))
    }

    mutating func toggleWrap() -> [ReaderEffect] {
        paging.mode = paging.mode == .bounded ? .wrapAround : .bounded
        message = .wrapAround(on: paging.mode == .wrapAround)
        return refreshWindow()
    }

    mutating func toggleLayout() {
        relayout { state in
            state.layoutMode = state.layoutMode == .reflow ? .physical : .reflow
            state.viewport.horizontalOffset = 0
        }
        message = .layout(layoutMode)
    }

    /// The current page and its neighbours, most needed first: the page itself, then one
    /// page after, one before, two after, two before (as the paging mode allows); three each
    /// way while spreads show.
    func windowPages() -> [Int] {
        guard paging.pageCount > 0 else {
            return []
        }
        var pages = [currentPage]
        var after = currentPage
        var before = currentPage
        // With spreads, also the partners of the pages of the spreads either side, so that
        // those can be paired and rendered before they are flipped to.
        for _ in 0..<(showsSpreads ? Self.windowRadius + 1 : Self.windowRadius) {
            if let next = paging.pageAfter(after) {
                pages.append(next)
                after = next
            }
            if let previous = paging.pageBefore(before) {
                pages.append(previous)
                before = previous
            }
        }
        var seen: Set<Int> = []
        return pages.filter { seen.insert($0).inserted }
    }

    /// Drops pages outside the window (cancelling their loads) and asks for missing ones.
    mutating func refreshWindow() -> [ReaderEffect] {
        let pages = windowPages()
        let window = Set(pages)
        var effects: [ReaderEffect] = []
        if cache.keep(only: window) {
            effects.append(.cancelLoads(keeping: window))
        }
        let missing = cache.request(pages)
        if !missing.isEmpty {
            effects.append(.loadPages(missing))
        }
        cache.prepareLayouts(mode: layoutMode, width: textColumns, labels: document.pageLabels)
        return effects + (images.viewMode == .image ? refreshImages() : [])
    }
}
