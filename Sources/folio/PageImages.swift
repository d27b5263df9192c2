import FolioCore
import FolioDocument
import FolioSixel
import FolioTerminal
import Foundation

/// Renders page images for the image view in the background, on a document of its own, and
/// keeps them ready to draw: as palette indices for sixel (converted once, so scrolling only
/// re-encodes the visible rectangle) or as RGB for half blocks. The cache is bounded in bytes, so
/// going back to a page seen a moment ago costs no render; renders for pages the reader has left
/// are dropped or cancelled.
final class PageImages: @unchecked Sendable {
    /// A rendered page, ready to draw.
    enum Ready {
        case sixel(IndexedImage)
        case halfBlocks(RGBImage)

        var byteCount: Int {
            switch self {
            case .sixel(let image): image.byteCount
            case .halfBlocks(let image): image.pixels.count
            }
        }
    }

    /// Memory for ready images, whatever the document's length: at a byte a pixel, about 24
    /// text pages 1000 pixels wide, or 7 pages 1900 pixels wide. The images most recently used
    /// stay even beyond it (see ``keptImages``).
    static let cacheBytes = 32 << 20
    /// How many of the most recently used images are never evicted: the page on screen and the
    /// two the reader prefetches, however large they are.
    static let keptImages = 3
    /// Give up on a page after this long.
    static let timeLimit = 20.0

    private let source: Document
    private let support: GraphicsSupport
    private let deliver: @Sendable (ReaderEvent) -> Void
    private let condition = NSCondition()
    private var queue: [RenderRequest] = []
    private var inFlight: (request: RenderRequest, cancellation: Cancellation)?
    private var ready: [RenderRequest: (image: Ready, rows: Int, columns: Int)] = [:]
    private var recentlyUsed: [RenderRequest] = []
    private var isStopped = false
    private var document: Document?

    init(source: Document, support: GraphicsSupport, deliver: @escaping @Sendable (ReaderEvent) -> Void) {
        self.source = source
        self.support = support
        self.deliver = deliver
        let thread = Thread { [weak self] in self?.run() }
        thread.name = "folio.page-images"
        thread.start()
    }

    func render(_ requests: [RenderRequest]) {
        condition.withLock {
            queue.removeAll { requests.contains($0) }
            queue.insert(contentsOf: requests.filter { $0 != inFlight?.request }, at: 0)
            condition.signal()
        }
    }

    func cancel(keeping requests: Set<RenderRequest>) {
        condition.withLock {
            queue.removeAll { !requests.contains($0) }
            if let inFlight, !requests.contains(inFlight.request) {
                inFlight.cancellation.cancel()
            }
        }
    }

    func stop() {
        condition.withLock {
            isStopped = true
            queue.removeAll()
            inFlight?.cancellation.cancel()
            condition.signal()
        }
    }

    /// The bytes that draw `placement`, or nil when its image is not (or no longer) cached.
    func drawing(_ placement: ImagePlacement) -> [UInt8]? {
        let cached = condition.withLock { () -> Ready? in
            guard let entry = ready[placement.request] else { return nil }
            touch(placement.request)
            return entry.image
        }
        guard let image = cached else { return nil }
        let cell = support.cellPixels
        let restore = Array("\u{1B}8".utf8)
        switch image {
        case .sixel(let indexed):
            let x = placement.sourceColumn * cell.width
            let y = placement.sourceRow * cell.height
            let rect = PixelRect(
                x: x, y: y, width: min(placement.columns * cell.width, indexed.width - x),
                height: min(placement.rows * cell.height, indexed.height - y))
            guard rect.width > 0, rect.height > 0 else { return nil }
            // xterm draws nothing of an image beyond its maxGraphicSize (1000×1000 px unless
            // configured): a larger crop — a tall text area, or zoomed in — goes out as tiles
            // within it, each placed at its own cell. (A limit under one cell makes no sense.)
            let limit = support.maxImageSize
            let tiles = rect.sixelTiles(
                maxWidth: max(limit.width, cell.width), maxHeight: max(limit.height, cell.height, 6),
                cellWidth: cell.width, cellHeight: cell.height)
            var bytes = Array("\u{1B}7".utf8)
            for tile in tiles {
                let row = placement.screenRow + (tile.y - y) / cell.height
                let column = placement.screenColumn + (tile.x - x) / cell.width
                bytes += Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
                bytes += SixelEncoder.encode(indexed, rect: tile)
            }
            return bytes + restore
        case .halfBlocks(let rgb):
            guard case .halfBlocks(let trueColor) = support.method else { return nil }
            let cells = PixelRect(x: placement.sourceColumn, y: placement.sourceRow, width: placement.columns,
                                  height: placement.rows)
            return Array("\u{1B}7".utf8)
                + HalfBlockEncoder.encode(rgb, cells: cells, screenRow: placement.screenRow,
                                          screenColumn: placement.screenColumn, trueColor: trueColor)
                + restore
        }
    }

    /// The pixel size to render `request` at, for a page of `size` points: its width in pixels
    /// as the zoom MuPDF needs, and the image's extent in cells.
    static func sizing(
        _ request: RenderRequest, page size: PageSize, support: GraphicsSupport
    ) -> (zoom: Double, rows: Int, columns: Int) {
        let (cellWidth, cellHeight): (Double, Double)
        let maximum: PixelSize
        switch support.method {
        case .halfBlocks, .none:
            // One pixel per cell across, two down: square pixels on cells twice as tall as wide.
            (cellWidth, cellHeight) = (1, 2)
            maximum = PixelSize(width: 4096, height: 1 << 20)
        case .sixel:
            // As wide as the text area even beyond the terminal's largest image: `drawing` sends
            // a crop wider or taller than that as tiles within it.
            (cellWidth, cellHeight) = (Double(support.cellPixels.width), Double(support.cellPixels.height))
            maximum = PixelSize(width: 8192, height: 1 << 20)
        }
        let areaWidth = min(Double(request.viewport.columns) * cellWidth, Double(maximum.width))
        let areaHeight = Double(request.viewport.rows) * cellHeight
        var scale = areaWidth / max(size.width, 1)
        if request.fit == .page {
            scale = min(scale, areaHeight / max(size.height, 1))
        }
        scale *= request.zoom
        // Wider than the terminal accepts (zoomed in): capped, so every crop can be drawn.
        scale = min(scale, 8192 / max(size.width, 1))
        let width = max(Int((size.width * scale).rounded()), 1)
        let height = max(Int((size.height * scale).rounded()), 1)
        let columns = Int((Double(width) / cellWidth).rounded(.up))
        let rows = Int((Double(height) / cellHeight).rounded(.up))
        return (scale, rows, columns)
    }

    private func run() {
        while true {
            let next: (request: RenderRequest, cancellation: Cancellation)? = condition.withLock {
                while queue.isEmpty && !isStopped { condition.wait() }
                guard !isStopped else { return nil }
                let work = (request: queue.removeFirst(), cancellation: Cancellation(timeLimit: Self.timeLimit))
                inFlight = work
                return work
            }
            guard let next else { return }
            let event = cached(next.request) ?? make(next.request, cancellation: next.cancellation)
            let dropped = condition.withLock {
                inFlight = nil
                return isStopped
            }
            if !dropped, let event {
                deliver(event)
            }
        }
    }

    private func make(_ request: RenderRequest, cancellation: Cancellation) -> ReaderEvent? {
        do throws(DocumentError) {
            let document: Document
            if let opened = self.document {
                document = opened
            } else {
                document = try source.reopened()
                self.document = document
            }
            let size = try document.pageSize(request.page)
            let sizing = Self.sizing(request, page: size, support: support)
            let page = try document.render(page: request.page, zoom: sizing.zoom, cancellation: cancellation)
            var rgb = RGBImage(width: page.width, height: page.height, pixels: page.pixels)
            if let pattern = request.highlight {
                rgb = rgb.marking(try Self.hitRects(of: pattern, on: request.page, of: document, zoom: sizing.zoom,
                                                    cancellation: cancellation))
            }
            let image: Ready
            switch support.method {
            case .sixel(let registers):
                let indexed = IndexedImage(rgb, maxColors: min(registers, 256))
                image = .sixel(request.inverted ? indexed.inverted() : indexed)
            case .halfBlocks, .none:
                if request.inverted {
                    rgb = RGBImage(width: rgb.width, height: rgb.height, pixels: rgb.pixels.map { 255 - $0 })
                }
                image = .halfBlocks(rgb)
            }
            store(image, rows: sizing.rows, columns: sizing.columns, for: request)
            return .pageRendered(request, rows: sizing.rows, columns: sizing.columns)
        } catch {
            if error == .cancelled { return nil }
            return .renderFailed(request, message: cancellation.explain(error).description)
        }
    }

    /// Where `pattern` matches on `page`, in the pixels of a render at `zoom` (page coordinates
    /// start at the page's top-left corner, as the render does), a pixel of margin around each.
    private static func hitRects(
        of pattern: SearchPattern, on page: Int, of document: Document, zoom: Double, cancellation: Cancellation
    ) throws(DocumentError) -> [PixelRect] {
        try pattern.matchBoxes(in: document.text(page: page, cancellation: cancellation)).map { box in
            let x0 = Int((box.x0 * zoom).rounded(.down)) - 1
            let y0 = Int((box.y0 * zoom).rounded(.down)) - 1
            let x1 = Int((box.x1 * zoom).rounded(.up)) + 1
            let y1 = Int((box.y1 * zoom).rounded(.up)) + 1
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// The event for a request whose image is still cached (the reader forgets images it moved
    /// away from; coming back, it asks again), or nil when it must be rendered.
    private func cached(_ request: RenderRequest) -> ReaderEvent? {
        condition.withLock {
            guard let entry = ready[request] else { return nil }
            touch(request)
            return .pageRendered(request, rows: entry.rows, columns: entry.columns)
        }
    }

    private func store(_ image: Ready, rows: Int, columns: Int, for request: RenderRequest) {
        condition.withLock {
            ready[request] = (image, rows, columns)
            touch(request)
            var total = ready.values.reduce(0) { $0 + $1.image.byteCount }
            while total > Self.cacheBytes, recentlyUsed.count > Self.keptImages {
                let oldest = recentlyUsed.removeFirst()
                total -= ready.removeValue(forKey: oldest)?.image.byteCount ?? 0
            }
        }
    }

    /// Marks `request` as the most recently used. Call with the lock held.
    private func touch(_ request: RenderRequest) {
        recentlyUsed.removeAll { $0 == request }
        recentlyUsed.append(request)
    }
}
