/// Continuous scrolling in the image view (`s`, `set continuous`): scrolling down past a page's
/// end goes on into the next page's top, drawn below it after a one-row seam, and scrolling up
/// past a page's top into the previous page's end, as in a GUI reader. The current page is the
/// one at the top of the screen, its image scrolled by the viewport's top line as in a page at a
/// time; the pages below it are drawn from its image's end on, as far as the screen goes. The
/// status line names the page that fills most of the screen (``pageFillingScreen``), and flips
/// start from it. The text views are not changed by it.
extension ReaderState {
    /// The blank rows between one page's image and the next one's.
    static let continuousSeamRows = 1

    /// The most pages drawn below the current one (pages zoomed far out, or short pages on a
    /// tall screen): fewer than the images a kitty terminal holds at once, so that every image
    /// of a frame has an id of its own.
    static let maximumPagesBelow = 5

    /// Whether pages scroll into each other now: continuous scrolling on, in the image view.
    var scrollsContinuously: Bool {
        images.continuous && images.viewMode == .image
    }

    /// Whether continuous scrolling is on (`s`, `set continuous`), in either view.
    public var continuousOn: Bool { images.continuous }

    /// A page image drawn below the current page's while scrolling continuously: the page (the
    /// first of a spread's), its image, and the screen row its top is at.
    struct ContinuedImage {
        var page: Int
        var shown: ShownImage
        var screenRow: Int
    }

    /// The pages whose images go below the current page's on screen, top to bottom, while
    /// scrolling continuously: each starts a seam below the last one's end, as long as it
    /// starts on screen and its image is here (the first one still on its way ends the list;
    /// its place stays blank until it comes), ``maximumPagesBelow`` at most. Empty when not
    /// scrolling continuously, and while the current page's image is not here. A page is listed
    /// once, even wrapping round a short document.
    var continuedImages: [ContinuedImage] {
        guard scrollsContinuously, let current = shownImage(of: currentPage) else { return [] }
        var images: [ContinuedImage] = []
        var row = current.extent.rows - viewport.topLine + Self.continuousSeamRows
        var page = currentPage
        var shownFirstPages: Set<Int> = [renderRequest(for: currentPage).page]
        while row < textRows, images.count < Self.maximumPagesBelow, let next = self.page(page, movedBy: 1),
            shownFirstPages.insert(renderRequest(for: next).page).inserted,
            let shown = shownImage(of: next)
        {
            images.append(ContinuedImage(page: next, shown: shown, screenRow: row))
            let (end, overflow) = row.addingReportingOverflow(shown.extent.rows)
            guard !overflow else { break }
            row = end + Self.continuousSeamRows
            page = next
        }
        return images
    }

    /// A page image on screen: where it is drawn, and its extent in cells.
    struct PlacedImage {
        var placement: ImagePlacement
        var extent: ImageExtent
    }

    /// The page images on screen, top to bottom: the current page's (``imagePlacement``; none
    /// while only the seam below it is on screen), then, while scrolling continuously, the
    /// pages below it, each in the rows left to it.
    var placedImages: [PlacedImage] {
        let current = imagePlacement.flatMap { placement in
            shownImage(of: currentPage).map { PlacedImage(placement: placement, extent: $0.extent) }
        }
        let below = continuedImages.compactMap { continued in
            placement(of: continued.shown, atScreenRow: continued.screenRow).map {
                PlacedImage(placement: $0, extent: continued.shown.extent)
            }
        }
        return (current.map { [$0] } ?? []) + below
    }

    /// Where `shown` goes when its top is at `screenRow` of the text area: from its first row,
    /// as far down as the text area goes, sideways as the current page's image (centred when
    /// narrower than the text area); nil when no row of it is on screen.
    func placement(of shown: ShownImage, atScreenRow screenRow: Int) -> ImagePlacement? {
        let extent = shown.extent
        let rows = min(extent.rows, textRows - screenRow)
        let sourceColumn = min(viewport.imageColumn, max(extent.columns - textColumns, 0))
        let columns = min(extent.columns - sourceColumn, textColumns)
        guard screenRow >= 0, rows > 0, columns > 0 else { return nil }
        let margin = max((textColumns - extent.columns) / 2, 0)
        return ImagePlacement(
            request: shown.request, sourceRow: 0, sourceColumn: sourceColumn, rows: rows, columns: columns,
            screenRow: screenRow, screenColumn: 1 + margin, scale: shown.scale)
    }

    /// The pages below the current one whose images scrolling continuously needs: those drawn
    /// below it and the one after them, which comes into view next (or is still on its way to a
    /// place on screen). Empty when not scrolling continuously.
    var pagesBelowNeeded: [Int] {
        guard scrollsContinuously else { return [] }
        let below = continuedImages.map(\.page)
        guard let next = page(below.last ?? currentPage, movedBy: 1),
            !below.contains(next), renderRequest(for: next).page != renderRequest(for: currentPage).page
        else { return below }
        return below + [next]
    }

    /// The pages with a part on screen, first to last: the current page's spread (or the page
    /// alone) and, while scrolling continuously, the pages drawn below it.
    var pagesOnScreen: [Int] {
        ([currentPage] + continuedImages.map(\.page)).flatMap { Array(pages(of: $0)) }
    }

    /// The page the status line names and flips start from: while scrolling continuously, the
    /// one whose image fills most rows of the screen (the upper one of two filling as many),
    /// else the current page.
    public var pageFillingScreen: Int {
        guard scrollsContinuously, let current = shownImage(of: currentPage) else { return currentPage }
        var filling = (page: currentPage, rows: min(max(current.extent.rows - viewport.topLine, 0), textRows))
        for continued in continuedImages {
            let rows = min(continued.shown.extent.rows, textRows - continued.screenRow)
            if rows > filling.rows {
                filling = (continued.page, rows)
            }
        }
        return filling.page
    }

    /// The largest top line for `page` when it is the current page: while scrolling
    /// continuously and a page comes after it, its last row and the seam may go above the
    /// screen's top (the next page then fills the screen); else the top line that fills the
    /// screen with the page (``maximumTopLine(of:)``), as for a document of one page (or one
    /// spread) wrapping round onto itself.
    func topLineLimit(of page: Int) -> Int {
        guard scrollsContinuously, let next = self.page(page, movedBy: 1),
            renderRequest(for: next).page != renderRequest(for: page).page, let rows = contentHeight(of: page)
        else {
            return maximumTopLine(of: page)
        }
        return max(rows + Self.continuousSeamRows - 1, maximumTopLine(of: page))
    }

    /// `s`: continuous scrolling on or off. In the text view the setting changes for the image
    /// view, and the notice says so. Turned off, the page filling most of the screen becomes
    /// the current page, from its top line on screen.
    mutating func toggleContinuous() -> [ReaderEffect] {
        guard images.viewMode == .image else {
            images.continuous.toggle()
            message = .continuous(on: images.continuous, inImageView: false)
            return []
        }
        var effects: [ReaderEffect] = []
        if images.continuous {
            effects = settleOnPageFillingScreen()
        }
        images.continuous.toggle()
        message = .continuous(on: images.continuous, inImageView: true)
        viewport.clampTopLine(to: topLineLimit(of: currentPage))
        return effects + refreshImages()
    }

    /// Makes the page filling most of the screen the current page, from its top (leaving
    /// continuous scrolling or the image view, where a page shows alone).
    mutating func settleOnPageFillingScreen() -> [ReaderEffect] {
        let filling = pageFillingScreen
        return filling == currentPage ? [] : go(to: filling)
    }

    /// Scrolls down `lines` rows through the pages' images, on into the next pages past a page's
    /// end, no further than the document's last row at the screen's bottom (nor back above where
    /// the screen was: a last page shorter than the screen stays at its top). A page whose image
    /// is not here yet is taken to be as tall as the current page's, and the place is kept
    /// within it when it comes. Says "last page" when it cannot move at all.
    mutating func scrollDownContinuously(by lines: Int) -> [ReaderEffect] {
        guard let room = roomBelow(wanting: lines), room > 0, let estimate = shownImage(of: currentPage)?.extent.rows
        else {
            message = .lastPage
            return []
        }
        let (sum, overflow) = viewport.topLine.addingReportingOverflow(min(lines, room))
        var target = roundsTaken(off: overflow ? Int.max : sum, estimate: estimate)
        var page = currentPage
        while let next = self.page(page, movedBy: 1) {
            let rows = shownImage(of: page)?.extent.rows ?? estimate
            guard target >= rows + Self.continuousSeamRows else { break }
            target -= rows + Self.continuousSeamRows
            page = next
        }
        return show(page, fromTopLine: target)
    }

    /// Scrolls up `lines` rows through the pages' images, on into the previous pages past a
    /// page's top, no further than the document's first row; a page whose image is not here yet
    /// is taken to be as tall as the current page's. Says "first page" when it cannot move at
    /// all.
    mutating func scrollUpContinuously(by lines: Int) -> [ReaderEffect] {
        guard let estimate = shownImage(of: currentPage)?.extent.rows else { return [] }
        // The top line is never negative, so this never overflows.
        var target = -roundsTaken(off: lines - viewport.topLine, estimate: estimate)
        var page = currentPage
        // (A document of one page or spread wrapping round onto itself has no page before.)
        while target < 0, let previous = self.page(page, movedBy: -1),
            renderRequest(for: previous).page != renderRequest(for: page).page
        {
            target += (shownImage(of: previous)?.extent.rows ?? estimate) + Self.continuousSeamRows
            page = previous
        }
        target = max(target, 0)
        if page == currentPage, target == viewport.topLine {
            message = .firstPage
            return []
        }
        return show(page, fromTopLine: target)
    }

    /// `rows` with the whole rounds of the document taken off when it wraps around, so that a
    /// scroll of any length walks at most one round of pages: the round is measured page by page
    /// from the current one (a page whose image is not here counted `estimate` rows tall), and
    /// only when `rows` goes past it. `rows` itself otherwise, where the document's ends stop the
    /// walk.
    private func roundsTaken(off rows: Int, estimate: Int) -> Int {
        guard paging.mode == .wrapAround, rows > 0 else { return rows }
        var round = 0
        var page = currentPage
        repeat {
            let (sum, overflow) = round.addingReportingOverflow(
                (shownImage(of: page)?.extent.rows ?? estimate) + Self.continuousSeamRows)
            guard !overflow else { return rows }
            round = sum
            // Within one round: nothing to take off.
            guard round <= rows, let next = self.page(page, movedBy: 1) else { return rows }
            page = next
        } while renderRequest(for: page).page != renderRequest(for: currentPage).page
        return rows % round
    }

    /// How many rows the screen can scroll down, looking no further than `lines` rows: the rows
    /// from the screen's top to the document's last row, less a screenful, when the document
    /// ends that near; nil while the current page's image is not here.
    private func roomBelow(wanting lines: Int) -> Int? {
        guard let rows = shownImage(of: currentPage)?.extent.rows else { return nil }
        // A screen with no row for the page counts one, as ``maximumTopLine(of:)`` does.
        let screenRows = max(textRows, 1)
        let (sum, overflow) = lines.addingReportingOverflow(screenRows)
        let reach = overflow ? Int.max : sum
        var total = rows - viewport.topLine
        var page = currentPage
        var seen: Set<Int> = [renderRequest(for: currentPage).page]
        while total < reach {
            // A document of one page (or spread) wrapping round onto itself ends there.
            guard let next = self.page(page, movedBy: 1),
                renderRequest(for: next).page != renderRequest(for: currentPage).page || page != currentPage
            else { return max(total - screenRows, 0) }
            // Round a longer document wrapping around: it never ends.
            guard seen.insert(renderRequest(for: next).page).inserted else { return lines }
            // A page still on its way: the room past it is not known yet, so the scroll may go in.
            guard let nextRows = shownImage(of: next)?.extent.rows else { return lines }
            total += Self.continuousSeamRows + nextRows
            page = next
        }
        return lines
    }

    /// Shows `page` from `topLine`: the same page scrolled, or another page entered (loading
    /// its neighbours and asking for the images now on screen).
    private mutating func show(_ page: Int, fromTopLine topLine: Int) -> [ReaderEffect] {
        if page == currentPage {
            viewport.topLine = topLine
            return refreshImages()
        }
        let effects = go(to: page)
        viewport.topLine = topLine
        return effects
    }
}
