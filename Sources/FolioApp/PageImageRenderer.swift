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
            let outcome = Self.render(job, in: copy, support: support, serials: serials, facts: facts)
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
            let pageSize = try document.pageSize(request.page)
            let cropBox = try cropBox(
                of: request, size: pageSize, in: document, contentBounds: facts.contentBounds,
                cancellation: cancellation)
            let shown = cropBox.map { PageSize(width: $0.width, height: $0.height) } ?? pageSize
            let sizing = PageImageSizing(request, page: shown, support: support)
            let page = try document.render(
                page: request.page, zoom: sizing.zoom, clip: cropBox, annotations: request.showsAnnotations,
                cancellation: cancellation)
            var rgb = RGBImage(width: page.width, height: page.height, pixels: page.pixels)
            // Marks are found in page points; the image's top-left pixel is the crop box's corner.
            let origin = (x: cropBox?.x0 ?? 0, y: cropBox?.y0 ?? 0)
            if let pattern = request.highlight {
                rgb = rgb.marking(
                    try hitRects(
                        of: pattern, on: request.page, of: document, zoom: sizing.zoom, origin: origin,
                        cancellation: cancellation))
            }
            if !request.syncTeXBoxes.isEmpty {
                // At least two pixels, however small the render: the frame must show.
                let thickness = max(2, Int((sizing.zoom * 1.5).rounded()))
                rgb = rgb.framing(
                    request.syncTeXBoxes.compactMap { pixelRect(around: $0, zoom: sizing.zoom, origin: origin) },
                    thickness: thickness)
            }
            if let recolor = request.recolor {
                let kept = try keptImages(
                    of: request, recolor: recolor, size: pageSize, in: document, imageAreas: facts.imageAreas,
                    cancellation: cancellation)
                rgb = rgb.recolored(
                    recolor,
                    keeping: kept.compactMap { pixelRect(around: $0, zoom: sizing.zoom, origin: origin, margin: 0) })
            }
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
                request, .init(image: image, rows: sizing.rows, columns: sizing.columns, cropBox: cropBox))
        } catch {
            if error == .cancelled { return nil }
            return .failed(request, reason: DocumentFailure(cancellation.explain(error)))
        }
    }

    /// The part of the page `request` shows, in points: nil for the whole page (crop off), else
    /// the page's content box with a margin; for ``PageCrop/evenOdd``, the union of its content
    /// box and its facing page's (``PageCrop/facingPage(of:pageCount:)``), so both are cut alike.
    private static func cropBox(
        of request: RenderRequest, size: PageSize, in document: Document, contentBounds: PageFactCache<TextRect>,
        cancellation: Cancellation
    ) throws(DocumentError) -> TextRect? {
        func bounds(of page: Int) throws(DocumentError) -> TextRect {
            try contentBounds.fact(of: page, annotations: request.showsAnnotations) { page throws(DocumentError) in
                try document.contentBounds(
                    page: page, annotations: request.showsAnnotations, cancellation: cancellation)
            }
        }
        var content: TextRect
        switch request.crop {
        case .off: return nil
        case .auto: content = try bounds(of: request.page)
        case .evenOdd:
            content = try bounds(of: request.page)
            if let facing = PageCrop.facingPage(of: request.page, pageCount: try document.pageCount) {
                content = content.union(try bounds(of: facing))
            }
        }
        return PageCrop.box(around: content, pageWidth: size.width, pageHeight: size.height)
    }

    /// The raster images on `request`'s page that dark mode leaves as they are (``PageRecolor/keptImages(of:pageWidth:pageHeight:)``),
    /// in points; none when `recolor` recolours images too (the page is not run for them then).
    private static func keptImages(
        of request: RenderRequest, recolor: PageRecolor, size: PageSize, in document: Document,
        imageAreas: PageFactCache<[TextRect]>, cancellation: Cancellation
    ) throws(DocumentError) -> [TextRect] {
        guard !recolor.recolorsImages else { return [] }
        let areas = try imageAreas.fact(of: request.page, annotations: request.showsAnnotations) {
            page throws(DocumentError) in
            try document.imageAreas(page: page, annotations: request.showsAnnotations, cancellation: cancellation)
        }
        return recolor.keptImages(of: areas, pageWidth: size.width, pageHeight: size.height)
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
/// ``Document/contentBounds(page:annotations:cancellation:)``; where their images are,
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
    /// Where each page's raster images are, for dark mode (`C`) to leave them.
    let imageAreas = PageFactCache<[TextRect]>()
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
