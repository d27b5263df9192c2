import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal
import Foundation

/// Renders page images for the image view in the background, on a document of its own; each
/// finished request comes back as an ``Outcome``, its bytes for the session's
/// ``PageImageCache``. Renders for pages the reader has left are dropped or cancelled. A cropped
/// request (``RenderRequest/crop``) renders only the page's content box with a margin
/// (``PageCrop/box(around:pageWidth:pageHeight:)``), sized to the viewport as a whole page is,
/// and answers with that box; the content boxes are found once per page.
final class PageImageRenderer: Sendable {
    /// What became of a request.
    enum Outcome: Sendable {
        /// The image, ready to be cached and drawn.
        case rendered(RenderRequest, PageImageCache.Entry)
        /// The image could not be made, and why.
        case failed(RenderRequest, reason: DocumentFailure)
    }

    private let worker: BackgroundWorker<RenderRequest>

    /// Starts the renderer's thread; `deliver` receives each result on it.
    init(source: Document, support: GraphicsSupport, deliver: @escaping @Sendable (Outcome) -> Void) {
        let copy = WorkerDocument(reopening: source)
        let serials = RenderSerials()
        let facts = PageFacts()
        worker = BackgroundWorker(name: "folio.page-images", timeLimit: TimeLimits.pageImage) { job in
            let outcome = Self.render(
                job, in: copy, support: support, serials: serials, facts: facts)
            if let outcome, !job.isStopped {
                deliver(outcome)
            }
        }
    }

    /// Renders `requests`, most wanted first.
    func render(_ requests: [RenderRequest]) {
        worker.submit(requests)
    }

    /// Drops queued or running renders not in `requests`.
    func cancel(keeping requests: Set<RenderRequest>) {
        worker.cancel(keeping: requests)
    }

    /// Stops the renderer's thread.
    func stop() {
        worker.stop()
    }

    private static func render(
        _ job: BackgroundWorker<RenderRequest>.Job, in copy: WorkerDocument, support: GraphicsSupport,
        serials: RenderSerials, facts: PageFacts
    ) -> Outcome? {
        let request = job.request
        let cancellation = job.operation()
        do throws(DocumentError) {
            let document = try copy.document()
            let drawn =
                request.spreadPages.count > 1
                ? try renderSpread(
                    request, in: document, support: support, facts: facts, cancellation: cancellation)
                : try renderPage(
                    request, in: document, support: support, facts: facts, cancellation: cancellation)
            var rgb = drawn.image
            let image: PageImage
            switch support.method {
            case .sixel(let registers):
                let indexed = IndexedImage(page: rgb, maxColors: min(registers, 256), compact: support.compactGreys)
                image = .sixel(request.inverted ? indexed.inverted() : indexed)
            case .kitty:
                if request.inverted {
                    rgb = rgb.inverted()
                }
                // Through a temporary file the page costs no wire bytes: lossless then.
                let png =
                    support.kittyTemporaryFiles
                    ? try PNGEncoder.encode(width: rgb.width, height: rgb.height, rgb: rgb.pixels)
                    : try WirePNG.encode(rgb)
                image = .kitty(KittyPageImage(serial: serials.next(), width: rgb.width, height: rgb.height, png: png))
            case .iterm:
                image = .iterm(request.inverted ? rgb.inverted() : rgb)
            case .halfBlocks, .none:
                image = .halfBlocks(request.inverted ? rgb.inverted() : rgb)
            }
            return .rendered(
                request,
                .init(
                    image: image, rows: drawn.rows, columns: drawn.columns, cropBox: drawn.cropBox, parts: drawn.parts))
        } catch {
            if error == .cancelled { return nil }
            return .failed(request, reason: DocumentFailure(cancellation.explain(error)))
        }
    }

    /// A page image before it is encoded for the terminal: its pixels, its extent in cells, and
    /// what of the document it shows.
    private struct DrawnImage {
        var image: RGBImage
        var rows: Int
        var columns: Int
        /// The part of the page shown, for one page's image (nil for the whole page).
        var cropBox: TextRect? = nil
        /// Where each page is, for a spread's image.
        var parts: [SpreadPart] = []
    }

    /// The image of `request`'s page, with its marks.
    private static func renderPage(
        _ request: RenderRequest, in document: Document, support: GraphicsSupport, facts: PageFacts,
        cancellation: Cancellation
    ) throws(DocumentError) -> DrawnImage {
        let pageSize = try document.pageSize(request.page)
        let cropBox = try cropBox(
            of: request.page, for: request, size: pageSize, in: document, contentBounds: facts.contentBounds,
            cancellation: cancellation)
        let shown = cropBox.map { PageSize(width: $0.width, height: $0.height) } ?? pageSize
        let sizing = PageImageSizing(request, page: shown, support: support)
        let rgb = try markedRender(
            of: request.page, for: request, zoom: sizing.zoom, clip: cropBox, in: document, facts: facts,
            cancellation: cancellation)
        return DrawnImage(image: rgb, rows: sizing.rows, columns: sizing.columns, cropBox: cropBox)
    }

    /// The image of `request`'s spread: its pages left to right, each scaled to one height and
    /// marked as a page alone is, joined by a grey gap one cell wide, and sized to the viewport
    /// as one page of their width and height would be. Cropped, both pages are trimmed to one
    /// box, the union of the boxes the crop gives each, so that they are cut alike.
    private static func renderSpread(
        _ request: RenderRequest, in document: Document, support: GraphicsSupport, facts: PageFacts,
        cancellation: Cancellation
    ) throws(DocumentError) -> DrawnImage {
        var boxes: [TextRect] = []
        var pageBoxes: [TextRect] = []
        for page in request.spreadPages {
            let size = try document.pageSize(page)
            let whole = TextRect(x0: 0, y0: 0, x1: size.width, y1: size.height)
            pageBoxes.append(whole)
            boxes.append(
                try cropBox(
                    of: page, for: request, size: size, in: document, contentBounds: facts.contentBounds,
                    cancellation: cancellation) ?? whole)
        }
        if request.crop != .off, let first = boxes.first {
            let union = boxes.dropFirst().reduce(first) { $0.union($1) }
            boxes = pageBoxes.map { page in
                TextRect(
                    x0: max(union.x0, page.x0), y0: max(union.y0, page.y0), x1: min(union.x1, page.x1),
                    y1: min(union.y1, page.y1))
            }
        }
        // Each page drawn as tall as the tallest: its width in the tallest's points.
        let height = boxes.map(\.height).max() ?? 1
        let widths = boxes.map { $0.height > 0 ? $0.width * height / $0.height : $0.width }
        let cell = PageImageSizing.cell(for: support)
        // A cell's width of gap, and a pixel a page for MuPDF's rounding of its width up.
        let gap = max(Int(cell.width), 1) + request.spreadPages.count
        let sizing = PageImageSizing(
            request, page: PageSize(width: widths.reduce(0, +), height: height), support: support, gapPixels: gap)
        var halves: [RGBImage] = []
        for (page, box) in zip(request.spreadPages, boxes) {
            let zoom = box.height > 0 ? sizing.zoom * height / box.height : sizing.zoom
            let clip = request.crop == .off ? nil : box
            halves.append(
                try markedRender(
                    of: page, for: request, zoom: zoom, clip: clip, in: document, facts: facts,
                    cancellation: cancellation))
        }
        // The pages' widths are rounded up each: the gap gives up the pixels they gain, so that
        // a spread fitted to the width stays within it (never less than a pixel).
        let planned =
            Int((widths.reduce(0, +) * sizing.zoom).rounded(), clampedTo: 0...PageImageSizing.largestSide) + gap
        let gapWidth = max(planned - halves.map(\.width).reduce(0, +), 1)
        let joined = RGBImage.sideBySide(halves, gap: gapWidth)
        var parts: [SpreadPart] = []
        var x = 0
        for ((page, box), half) in zip(zip(request.spreadPages, boxes), halves) {
            parts.append(
                SpreadPart(
                    page: page, firstColumn: Double(x) / cell.width, columns: Double(half.width) / cell.width, box: box)
            )
            x += half.width + gapWidth
        }
        return DrawnImage(
            image: joined, rows: Int((Double(joined.height) / cell.height).rounded(.up)),
            columns: Int((Double(joined.width) / cell.width).rounded(.up)), parts: parts)
    }

    /// `page` rendered at `zoom` (within `clip`, points from its top-left corner, when given),
    /// with `request`'s marks (its search matches and a forward search's boxes), in dark mode's
    /// colours when it asks for them.
    private static func markedRender(
        of page: Int, for request: RenderRequest, zoom: Double, clip: TextRect?, in document: Document,
        facts: PageFacts, cancellation: Cancellation
    ) throws(DocumentError) -> RGBImage {
        let rendered = try document.render(
            page: page, zoom: zoom, clip: clip, annotations: request.showsAnnotations, cancellation: cancellation)
        var rgb = RGBImage(width: rendered.width, height: rendered.height, pixels: rendered.pixels)
        // Marks are found in page points; the image's top-left pixel is the crop box's corner.
        let origin = (x: clip?.x0 ?? 0, y: clip?.y0 ?? 0)
        if let pattern = request.highlight {
            rgb = rgb.marking(
                try hitRects(
                    of: pattern, on: page, of: document, zoom: zoom, origin: origin, cancellation: cancellation))
        }
        if !request.syncTeXBoxes.isEmpty, (request.syncTeXPage ?? request.page) == page {
            // At least two pixels, however small the render: the frame must show.
            let thickness = max(2, Int((zoom * 1.5).rounded()))
            rgb = rgb.framing(
                request.syncTeXBoxes.compactMap { pixelRect(around: $0, zoom: zoom, origin: origin) },
                thickness: thickness)
        }
        if let recolor = request.recolor {
            let kept = try keptImages(
                of: page, for: request, recolor: recolor, in: document, keptAreas: facts.keptImageAreas,
                cancellation: cancellation)
            rgb = rgb.recolored(
                recolor, keeping: kept.compactMap { pixelRect(around: $0, zoom: zoom, origin: origin, margin: 0) })
        }
        return rgb
    }

    /// The part of `page` (of `size` points) `request` shows, in points: nil for the whole page
    /// (crop off), else the page's content box with a margin; for ``PageCrop/evenOdd``, the union
    /// of its content box and its facing page's (``PageCrop/facingPage(of:pageCount:)``), so both
    /// are cut alike.
    private static func cropBox(
        of page: Int, for request: RenderRequest, size: PageSize, in document: Document,
        contentBounds: PageFactCache<TextRect>, cancellation: Cancellation
    ) throws(DocumentError) -> TextRect? {
        func bounds(of number: Int) throws(DocumentError) -> TextRect {
            try contentBounds.fact(of: number, annotations: request.showsAnnotations) { page throws(DocumentError) in
                try document.contentBounds(
                    page: page, annotations: request.showsAnnotations, cancellation: cancellation)
            }
        }
        var content: TextRect
        switch request.crop {
        case .off: return nil
        case .auto: content = try bounds(of: page)
        case .evenOdd:
            content = try bounds(of: page)
            if let facing = PageCrop.facingPage(of: page, pageCount: try document.pageCount) {
                content = content.union(try bounds(of: facing))
            }
        }
        return PageCrop.box(around: content, pageWidth: size.width, pageHeight: size.height)
    }

    /// The raster images on `page` that dark mode leaves as they are (``PageRecolor/keptImages(of:pageWidth:pageHeight:)``),
    /// in points; none when `recolor` recolours images too (the page is not run for them then).
    private static func keptImages(
        of page: Int, for request: RenderRequest, recolor: PageRecolor, in document: Document,
        keptAreas: PageFactCache<[TextRect]>, cancellation: Cancellation
    ) throws(DocumentError) -> [TextRect] {
        guard !recolor.recolorsImages else { return [] }
        // Found once a page: which images are kept depends on the page alone from here.
        return try keptAreas.fact(of: page, annotations: request.showsAnnotations) { page throws(DocumentError) in
            let size = try document.pageSize(page)
            let areas = try document.imageAreas(
                page: page, annotations: request.showsAnnotations, cancellation: cancellation)
            return recolor.keptImages(of: areas, pageWidth: size.width, pageHeight: size.height)
        }
    }

    /// Where `pattern` matches on `page`, in the pixels of a render at `zoom` whose top-left
    /// pixel is `origin` (in points from the page's top-left corner, as page coordinates are), a
    /// pixel of margin around each.
    private static func hitRects(
        of pattern: SearchPattern, on page: Int, of document: Document, zoom: Double, origin: (x: Double, y: Double),
        cancellation: Cancellation
    ) throws(DocumentError) -> [PixelRect] {
        try pattern.matchBoxes(in: document.text(page: page, cancellation: cancellation)).compactMap {
            pixelRect(around: $0, zoom: zoom, origin: origin)
        }
    }

    /// The pixels of a render at `zoom` that `box` (in points) covers, for a render whose
    /// top-left pixel is at `origin` (in points; the page's corner unless it is cropped): every
    /// pixel it touches and `margin` more around them (a mark's frame, one by default), or, with
    /// no margin, the pixels whose centres it holds (an image's own, not the paper its edge
    /// shares a pixel with). Nil for a box with an edge that is not a number. A box is the
    /// document's to say: edges beyond any image are clamped, never converted with a trap.
    static func pixelRect(
        around box: TextRect, zoom: Double, origin: (x: Double, y: Double) = (0, 0), margin: Int = 1
    ) -> PixelRect? {
        guard [box.x0, box.y0, box.x1, box.y1].allSatisfy({ !$0.isNaN }) else { return nil }
        let edges = -PageImageSizing.largestSide...PageImageSizing.largestSide
        let outwards: (FloatingPointRoundingRule, FloatingPointRoundingRule) =
            margin > 0 ? (.down, .up) : (.toNearestOrAwayFromZero, .toNearestOrAwayFromZero)
        let x0 = Int(((box.x0 - origin.x) * zoom).rounded(outwards.0), clampedTo: edges) - margin
        let y0 = Int(((box.y0 - origin.y) * zoom).rounded(outwards.0), clampedTo: edges) - margin
        let x1 = Int(((box.x1 - origin.x) * zoom).rounded(outwards.1), clampedTo: edges) + margin
        let y1 = Int(((box.y1 - origin.y) * zoom).rounded(outwards.1), clampedTo: edges) + margin
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// What one renderer has found out about pages by running them (their content boxes,
/// ``Document/contentBounds(page:annotations:cancellation:)``; the images dark mode keeps, of
/// ``Document/imageAreas(page:annotations:cancellation:)``), by page and whether annotations
/// were drawn: found once for a page, however often its image is rendered at another size.
final class PageFactCache<Fact: Sendable>: @unchecked Sendable {
    /// A page, with or without its annotations.
    struct Key: Hashable {
        var page: Int
        var annotations: Bool
    }

    private let lock = NSLock()
    private var facts: [Key: Fact] = [:]

    /// The fact found for `key`'s page, or nil before it is.
    subscript(key: Key) -> Fact? {
        get { lock.withLock { facts[key] } }
        set { lock.withLock { facts[key] = newValue } }
    }

    /// The fact for `page` (with or without `annotations`), found by `find` the first time.
    func fact(
        of page: Int, annotations: Bool, find: (Int) throws(DocumentError) -> Fact
    ) throws(DocumentError) -> Fact {
        let key = Key(page: page, annotations: annotations)
        if let known = self[key] { return known }
        let found = try find(page)
        self[key] = found
        return found
    }
}

/// What one renderer has found out about pages.
final class PageFacts: Sendable {
    /// Each page's content box, for crop (`c`).
    let contentBounds = PageFactCache<TextRect>()
    /// Each page's raster images that dark mode (`C`) leaves as they are.
    let keptImageAreas = PageFactCache<[TextRect]>()
}

/// Numbers for one renderer's kitty images, each new: which render an image is.
final class RenderSerials: @unchecked Sendable {
    private let lock = NSLock()
    private var last: UInt64 = 0

    /// A number no image of this renderer had before.
    func next() -> UInt64 {
        lock.withLock {
            last += 1
            return last
        }
    }
}
