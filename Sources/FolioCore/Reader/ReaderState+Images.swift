/// The image view: `Tab` switches between text and page images, `z` from fitting the width to
/// the whole page to the height and back, `+`/`-` zoom, `i` inverts colours, `c` trims the
/// margins. Scrolling, paging, counts and jumps
/// work as in the text view, in cell rows of the image. Images are rendered by the owner for
/// the current page first, then its neighbours; until a page has an image its text shows, and
/// while a page is rendered again (another fit, zoom or size) its last image stands in.
extension ReaderState {
    /// Zoom steps for `+` and `-`.
    static let zoomStep = 1.25
    static let zoomRange = 0.25...8.0

    /// The request for `page` under the current viewport and settings: while spreads show and
    /// `page` has a partner beside it, the request for their spread, named by its first page,
    /// with a forward search's boxes on whichever of its pages they are.
    func renderRequest(for page: Int) -> RenderRequest {
        var request = RenderRequest(
            page: page, viewport: ScreenSize(rows: textRows, columns: textColumns), fit: images.fit,
            zoom: images.zoom, inverted: images.inverts, highlight: search.lastSearch,
            showsAnnotations: preferences.showsAnnotations,
            syncTeXBoxes: syncTeXMark?.page == page ? syncTeXMark?.boxes ?? [] : [], crop: images.crop,
            recolor: recolor)
        if let spread = spread(holding: page), spread.second != nil {
            request.page = spread.first
            request.spreadPages = spread.pagesLeftToRight(preferences.spreadDirection)
            if let mark = syncTeXMark, request.spreadPages.contains(mark.page) {
                request.syncTeXBoxes = mark.boxes
                request.syncTeXPage = mark.page
            } else {
                request.syncTeXBoxes = []
            }
        }
        return request
    }

    /// The row of an image `rows` rows tall of `text`'s page at `y` points from the page's top
    /// (a point above or below the page, or of a cropped image's `cropBox`, is on its first or
    /// last row); nil when the page's height or `y` is not a number (the document's to say).
    static func imageRow(atPoint y: Double, of text: PageText, rows: Int, cropBox: TextRect? = nil) -> Int? {
        let top = cropBox?.y0 ?? 0
        let height = cropBox?.height ?? text.height
        guard top.isFinite, height.isFinite, height > 0, !y.isNaN else { return nil }
        return Int((min(max(y - top, 0), height) / height * Double(rows)).rounded(.down))
    }

    /// The part of the current page its image shows, in points (in a spread's image, the part
    /// of the current page's half); nil for the whole page or while the image is not here.
    var currentImageCropBox: TextRect? {
        guard let extent = shownImage(of: currentPage)?.extent else { return nil }
        return extent.part(showing: currentPage)?.box ?? extent.cropBox
    }

    /// The current page's image size, when it has been rendered for the current settings.
    var currentImage: ImageExtent? {
        shownImage(of: currentPage)?.extent
    }

    /// The image to show for `page`: the one for the current settings or, while that is being
    /// made, a stand-in, so that the page does not fall back to its text for a moment: the same
    /// page (or spread) with the old marks (after a new search); on a terminal that scales
    /// images, the same page at another zoom, scaled to the current one (so a zoom shows at
    /// once); else any image showing the page there is (another fit, zoom, size or colours, or
    /// the page alone for its spread and the spread for the page alone, `d`), drawn as it is,
    /// from the same top-left cell. Nil when the page has no image at all (its text shows), and
    /// when the image for the current settings could not be made (that is said instead).
    func shownImage(of page: Int) -> ShownImage? {
        let request = renderRequest(for: page)
        if let extent = images.rendered[request] {
            return ShownImage(request: request, extent: extent, scale: 1)
        }
        guard images.failed[request] == nil else { return nil }
        // The same crop with other marks first: it differs least; then another crop.
        if let standIn = images.rendered.first(where: { $0.key.isSameImage(ignoringMarks: request) })
            ?? images.rendered.first(where: { $0.key.isSameImage(ignoringCropAndMarks: request) })
        {
            return ShownImage(request: standIn.key, extent: standIn.value, scale: 1)
        }
        if images.scalesImages, let scaled = scaledStandIn(for: request) {
            return scaled
        }
        // The closest to the wanted one, when there are several: the same colours, marks and
        // fit first, then the most pixels (the choice made the same way every time).
        func preference(_ image: RenderRequest) -> (Int, Int, Int, Double, Int, Int) {
            (
                image.inverted == request.inverted && image.recolor == request.recolor ? 1 : 0,
                image.highlight == request.highlight ? 1 : 0,
                image.fit == request.fit ? 1 : 0, image.zoom, image.viewport.columns, image.viewport.rows
            )
        }
        let unscaled = images.rendered.filter { $0.key.shows(page) }.max {
            preference($0.key) < preference($1.key)
        }
        return unscaled.map { ShownImage(request: $0.key, extent: $0.value, scale: 1) }
    }

    /// On a terminal that scales images: the image of `request`'s page at another zoom (in the
    /// same view, size and colours), scaled to `request`'s zoom; nil when there is none.
    private func scaledStandIn(for request: RenderRequest) -> ShownImage? {
        // The one with the same marks and the most pixels, when there are several.
        func preference(_ image: RenderRequest) -> (Int, Double) {
            (image.highlight == request.highlight ? 1 : 0, image.zoom)
        }
        let otherZoom = images.rendered.filter { $0.key.isSamePage(ignoringZoomAndMarks: request) }
            .max { preference($0.key) < preference($1.key) }
        return otherZoom.map { image in
            let scale = request.zoom / image.key.zoom
            return ShownImage(
                request: image.key,
                extent: ImageExtent(
                    rows: Int((Double(image.value.rows) * scale).rounded(.up)),
                    columns: Int((Double(image.value.columns) * scale).rounded(.up)),
                    cropBox: image.value.cropBox),
                scale: scale)
        }
    }

    /// The page images ready to draw: the one record of it. An image is listed from its
    /// ``ReaderEvent/pageRendered(_:rows:columns:cropBox:parts:)`` until the reader has no more use for it (it
    /// moved away, changed the size or marks, or the document was reloaded). The owner keeps the
    /// bytes of every image listed, so a frame never names one it cannot draw.
    public var readyImages: Set<RenderRequest> {
        Set(images.rendered.keys)
    }

    /// Why the current page's image could not be made, if it could not.
    var currentRenderFailure: DocumentFailure? {
        images.failed[renderRequest(for: currentPage)]
    }

    mutating func toggleView() -> [ReaderEffect] {
        if case .unavailable(let reason) = images.availability, images.viewMode == .text {
            message = .noImageView(reason: reason)
            return []
        }
        if case .selection = mode {
            mode = .reading
        }
        // Scrolling continuously, the text view shows the page that filled the screen.
        let settled = scrollsContinuously ? settleOnPageFillingScreen() : []
        relayout { state in
            state.images.viewMode = state.images.viewMode == .text ? .image : .text
            state.viewport.horizontalOffset = 0
            state.viewport.imageColumn = 0
            state.pending.imageCentreShare = nil
        }
        // The match shown is a line of the text views and a box of the image view: `n` starts
        // again from the top of the screen in the other view.
        search.currentMatch = nil
        if images.viewMode == .text {
            // The renders are dropped unanswered: none is pending any more, and the way back asks again.
            images.pending = []
            return settled + [.cancelRenders(keeping: [])]
        }
        // Spreads hold the pages beside the neighbouring spreads too (``windowPages()``).
        return images.spreads ? refreshWindow() : refreshImages()
    }

    mutating func cycleFit() -> [ReaderEffect] {
        guard images.viewMode == .image else {
            message = .fitNeedsImages
            return []
        }
        relayout { state in
            state.images.fit = state.images.fit.next
            state.images.zoom = 1
        }
        message = .fit(images.fit)
        return refreshImages()
    }

    mutating func zoom(in zoomingIn: Bool) -> [ReaderEffect] {
        guard images.viewMode == .image else {
            message = .zoomNeedsImages
            return []
        }
        let factor = zoomingIn ? Self.zoomStep : 1 / Self.zoomStep
        let zoom = min(max(images.zoom * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        guard zoom != images.zoom else {
            message = .zoomLimit(largest: zoomingIn)
            return []
        }
        relayout { $0.images.zoom = zoom }
        message = .zoom(percent: Int((zoom * 100).rounded()))
        return refreshImages()
    }

    /// `c`: the next crop setting (off, auto, even-odd), in either view (it is a setting of the
    /// page images, kept for them while the text shows).
    mutating func cycleCrop() -> [ReaderEffect] {
        relayout { $0.images.crop = $0.images.crop.next }
        message = .crop(images.crop)
        return images.viewMode == .image ? refreshImages() : []
    }

    /// `i`: page images in negative, or not; it ends dark mode (`C`), which it would fight.
    mutating func toggleInvert() -> [ReaderEffect] {
        images.inverts.toggle()
        if images.inverts {
            images.recolors = false
        }
        message = .inverted(images.inverts)
        return images.viewMode == .image ? refreshImages() : []
    }

    /// `C`: dark mode that keeps colour, or not, for page images and the text views alike; it
    /// ends inverted images (`i`).
    mutating func toggleRecolor() -> [ReaderEffect] {
        images.recolors.toggle()
        if images.recolors {
            images.inverts = false
        }
        message = .recolored(images.recolors)
        return images.viewMode == .image ? refreshImages() : []
    }

    /// Asks for the images of the current page and its nearest neighbours that are missing, and
    /// drops every other render.
    mutating func refreshImages() -> [ReaderEffect] {
        guard images.viewMode == .image, paging.pageCount > 0 else { return [] }
        var pages = [currentPage]
        if let next = page(movedBy: 1) { pages.append(next) }
        if let previous = page(movedBy: -1) { pages.append(previous) }
        pages += pagesBelowNeeded
        // A spread is asked for once the sizes of both its pages are known, and once (wrapping
        // round a short document, the spread after may be the one before).
        var asked: Set<RenderRequest> = []
        let wanted = pages.filter { !showsSpreads || spread(holding: $0) != nil }.map(renderRequest(for:))
            .filter { asked.insert($0).inserted }
        let keep = Set(wanted)
        // Every image of a wanted page (or of a page of a wanted spread) stays, as a stand-in,
        // until its replacement arrives.
        images.rendered = images.rendered.filter { image in
            wanted.contains { $0.page == image.key.page || $0.spreadPages.contains(where: image.key.shows) }
        }
        images.failed = images.failed.filter { keep.contains($0.key) }
        let dropped = images.pending.subtracting(keep)
        images.pending.formIntersection(keep)
        let missing = wanted.filter {
            images.rendered[$0] == nil && images.failed[$0] == nil && !images.pending.contains($0)
        }
        images.pending.formUnion(missing)
        var effects: [ReaderEffect] = []
        if !dropped.isEmpty { effects.append(.cancelRenders(keeping: keep)) }
        if !missing.isEmpty { effects.append(.renderPages(missing)) }
        return effects
    }

    mutating func imageRendered(_ request: RenderRequest, extent: ImageExtent) -> [ReaderEffect] {
        images.pending.remove(request)
        guard request == renderRequest(for: request.page), images.viewMode == .image else { return [] }
        let showsCurrentPage = request.page == renderRequest(for: currentPage).page
        let standIn = showsCurrentPage ? shownImage(of: currentPage) : nil
        // At the image's left edge (where reading starts, and where a fitted image is), it stays there.
        let centreShare = viewport.imageColumn == 0 ? nil : imageCentreShare
        images.rendered[request] = extent
        // The page's other images, stand-ins, have done their job (a spread's: its pages' alone).
        images.rendered = images.rendered.filter { image in
            let alonePageOfTheSpread = image.key.spreadPages.isEmpty && request.spreadPages.contains(image.key.page)
            return image.key == request || (image.key.page != request.page && !alonePageOfTheSpread)
        }
        if showsCurrentPage {
            if let standIn, standIn.request != request {
                replaceStandIn(standIn, keepingCentreShare: centreShare)
            }
            if pending.anchorsAtBottom {
                viewport.topLine = maximumTopLine(of: currentPage)
                pending.anchorsAtBottom = false
            }
            applyPendingScrollShare()
            applyPendingImageCentreShare()
            scrollToPendingMatch()
            scrollToPendingLanding()
            viewport.clampTopLine(to: topLineLimit(of: currentPage))
            clampImageColumn()
        }
        // Scrolling continuously, an image's arrival may bring the page after it on screen.
        return scrollsContinuously ? refreshImages() : []
    }

    /// The current page's image has arrived where `standIn` was shown: the same share of the page
    /// stays above the screen, and the same share of its width at the screen's middle
    /// (`centreShare`, nil at the left edge).
    private mutating func replaceStandIn(_ standIn: ShownImage, keepingCentreShare centreShare: Double?) {
        guard let extent = shownImage(of: currentPage)?.extent, extent != standIn.extent, standIn.extent.rows > 0
        else { return }
        let rows = extent.rows
        // The top line is kept within the stand-in's height, so the share is at most 1; the
        // product is taken in full width, never overflowing.
        let topLine = min(max(viewport.topLine, 0), standIn.extent.rows)
        viewport.topLine = standIn.extent.rows.dividingFullWidth(topLine.multipliedFullWidth(by: rows)).quotient
        if let centreShare {
            centreImage(atShare: centreShare)
        }
    }

    /// The largest first column of the current page's image on screen: the one that puts the
    /// image's right edge at the text area's right edge (0 for an image no wider than the text
    /// area); nil until the image is here.
    var maximumImageColumn: Int? {
        shownImage(of: currentPage).map { max($0.extent.columns - textColumns, 0) }
    }

    /// Keeps the image's first column on screen within the current page's image, once that is
    /// here (until then it is kept as it is, and clamped when the image arrives).
    mutating func clampImageColumn() {
        if let maximum = maximumImageColumn {
            viewport.clampImageColumn(to: maximum)
        }
    }

    /// The share of the current page image's width at the middle of the text area, when the
    /// image is here.
    var imageCentreShare: Double? {
        guard let columns = shownImage(of: currentPage)?.extent.columns, columns > 0 else { return nil }
        let shown = min(textColumns, max(columns - viewport.imageColumn, 0))
        return (Double(viewport.imageColumn) + Double(shown) / 2) / Double(columns)
    }

    /// Scrolls the current page's image sideways so that `share` of its width is at the middle
    /// of the text area, as far as the image allows; kept for the image's arrival while it is
    /// not here.
    mutating func centreImage(atShare share: Double) {
        guard let columns = shownImage(of: currentPage)?.extent.columns else {
            pending.imageCentreShare = share
            return
        }
        pending.imageCentreShare = nil
        let column = (share * Double(columns) - Double(textColumns) / 2).rounded()
        // The share is within 0...1, so the column is within ±columns: no overflow.
        viewport.imageColumn = column.isFinite ? Int(max(min(column, Double(columns)), 0)) : 0
        clampImageColumn()
    }

    /// Puts back the share of the image kept centred by ``relayout(_:)`` once the image is here.
    mutating func applyPendingImageCentreShare() {
        guard let share = pending.imageCentreShare else { return }
        centreImage(atShare: share)
    }

    /// Where the current page's image goes on screen, when it is ready.
    var imagePlacement: ImagePlacement? {
        guard images.viewMode == .image, let shown = shownImage(of: currentPage) else { return nil }
        let extent = shown.extent
        let rows = min(max(extent.rows - viewport.topLine, 0), textRows)
        // Narrower than the text area (fit page, zoomed out): centred; wider: cropped from
        // the image's first column on screen, which never leaves the text area short of image.
        let sourceColumn = min(viewport.imageColumn, max(extent.columns - textColumns, 0))
        let columns = min(extent.columns - sourceColumn, textColumns)
        guard rows > 0, columns > 0 else { return nil }
        let margin = max((textColumns - extent.columns) / 2, 0)
        return ImagePlacement(
            request: shown.request, sourceRow: viewport.topLine, sourceColumn: sourceColumn,
            rows: rows, columns: columns, screenRow: 0, screenColumn: 1 + margin, scale: shown.scale)
    }
}

/// A page image as the view shows it: the rendered image (its request), its extent on screen in
/// cells, and how much larger than rendered it is drawn (1 but for a terminal that scales
/// images, while the page is rendered again at a new zoom).
struct ShownImage {
    var request: RenderRequest
    var extent: ImageExtent
    var scale: Double
}
