import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal
import Foundation

/// Renders page images for the image view in the background, on a document of its own; each
/// finished request comes back as an ``Outcome``, its bytes for the session's
/// ``PageImageCache``. Renders for pages the reader has left are dropped or cancelled.
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
        worker = BackgroundWorker(name: "folio.page-images", timeLimit: TimeLimits.pageImage) { job in
            let outcome = Self.render(job, in: copy, support: support, serials: serials)
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
        serials: RenderSerials
    ) -> Outcome? {
        let request = job.request
        let cancellation = job.operation()
        do throws(DocumentError) {
            let document = try copy.document()
            let sizing = PageImageSizing(request, page: try document.pageSize(request.page), support: support)
            let page = try document.render(
                page: request.page, zoom: sizing.zoom, annotations: request.showsAnnotations, cancellation: cancellation
            )
            var rgb = RGBImage(width: page.width, height: page.height, pixels: page.pixels)
            if let pattern = request.highlight {
                rgb = rgb.marking(
                    try hitRects(
                        of: pattern, on: request.page, of: document, zoom: sizing.zoom, cancellation: cancellation))
            }
            if !request.syncTeXBoxes.isEmpty {
                // At least two pixels, however small the render: the frame must show.
                let thickness = max(2, Int((sizing.zoom * 1.5).rounded()))
                rgb = rgb.framing(
                    request.syncTeXBoxes.compactMap { pixelRect(around: $0, zoom: sizing.zoom) }, thickness: thickness)
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
            return .rendered(request, .init(image: image, rows: sizing.rows, columns: sizing.columns))
        } catch {
            if error == .cancelled { return nil }
            return .failed(request, reason: DocumentFailure(cancellation.explain(error)))
        }
    }

    /// Where `pattern` matches on `page`, in the pixels of a render at `zoom` (page coordinates
    /// start at the page's top-left corner, as the render does), a pixel of margin around each.
    private static func hitRects(
        of pattern: SearchPattern, on page: Int, of document: Document, zoom: Double, cancellation: Cancellation
    ) throws(DocumentError) -> [PixelRect] {
        try pattern.matchBoxes(in: document.text(page: page, cancellation: cancellation)).compactMap {
            pixelRect(around: $0, zoom: zoom)
        }
    }

    /// The pixels of a render at `zoom` that `box` (in points) covers, with a pixel of margin;
    /// nil for a box with an edge that is not a number. A glyph's box is the document's to say:
    /// edges beyond any image are clamped, never converted with a trap.
    static func pixelRect(around box: TextRect, zoom: Double) -> PixelRect? {
        guard [box.x0, box.y0, box.x1, box.y1].allSatisfy({ !$0.isNaN }) else { return nil }
        let edges = -PageImageSizing.largestSide...PageImageSizing.largestSide
        let x0 = Int((box.x0 * zoom).rounded(.down), clampedTo: edges) - 1
        let y0 = Int((box.y0 * zoom).rounded(.down), clampedTo: edges) - 1
        let x1 = Int((box.x1 * zoom).rounded(.up), clampedTo: edges) + 1
        let y1 = Int((box.y1 * zoom).rounded(.up), clampedTo: edges) + 1
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
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
