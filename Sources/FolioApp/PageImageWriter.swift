import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal
import Foundation

/// Turns a placement of a cached image into the escape sequences that draw it, in the protocol
/// the terminal was found to speak. (A new image protocol is a new case here and in
/// ``PageImage``.)
///
/// For the kitty protocol it also keeps track of the images the terminal holds: a page is sent
/// once and placed (and cropped, as the view scrolls) by id afterwards; a few pages stay in the
/// terminal for going back. They are held under a fixed ring of ids, and a new page is sent under
/// the id of the least recently placed one, which the terminal then replaces: no image is ever
/// deleted by id while the reader runs, since kitty before 0.38.1 takes any deletion that frees
/// data (`d=I`) as one of every image not placed, the page just sent with it included, and the
/// lower-case form (`d=i`) removes placements only, freeing no image that has an id: no delete
/// frees exactly one image there (kitty 0.26.5's `filter_refs`). A transmission under an id in
/// use replaces that image's data in place (`handle_add_command`), freeing exactly the one.
struct PageImageWriter {
    let support: GraphicsSupport
    /// The kitty image ids this writer uses, ``heldImageLimit`` of them, starting where the
    /// process id says, so that two readers in panes of one terminal (tmux) seldom share one;
    /// all within 1 to 255, so that Unicode placeholders can carry an id as a 256-colour
    /// foreground, which tmux passes on unchanged.
    let imageIDs: [UInt32]
    /// The kitty images the terminal holds, least recently placed first.
    private(set) var heldImages: [HeldImage] = []
    /// The ids of the kitty images placed on screen now (two or more while scrolling
    /// continuously).
    private var placedImages: Set<UInt32> = []

    /// A page image the terminal holds: the id it is held under, and which render it is.
    struct HeldImage: Equatable {
        var id: UInt32
        var serial: UInt64
    }

    /// How many kitty images stay in the terminal: the page on screen, the pages either side
    /// sent ahead (``preloading(_:)``) and about six shown before, so that paging back and forth
    /// sends no pixels.
    static let heldImageLimit = 8

    /// A writer for a terminal that draws as `support` says, its kitty ids starting where
    /// `processID` says.
    init(support: GraphicsSupport, processID: Int32 = ProcessInfo.processInfo.processIdentifier) {
        self.support = support
        let first = UInt32(processID % 255)
        imageIDs = (0..<UInt32(Self.heldImageLimit)).map { (first + $0) % 255 + 1 }
    }

    /// The pixels of one cell in the images this writer draws: the terminal's cell, but for
    /// half blocks, where each cell is one pixel across and two down.
    private var drawnCellPixels: PixelSize {
        if case .halfBlocks = support.method { return PixelSize(width: 1, height: 2) }
        return support.cellPixels
    }

    /// Whether an image stands in the cells it covers, so that changing or removing it needs
    /// the screen repainted (sixel, iTerm2, half blocks); kitty images are placed apart from the
    /// text, and replaced, moved and deleted by command with the text beneath untouched.
    var drawsIntoCells: Bool { support.method != .kitty || support.throughTmux }

    /// A page image and where it goes on screen.
    typealias Placed = (image: PageImage, placement: ImagePlacement)

    /// The grey of the seam between two pages' images drawn into the cells (continuous
    /// scrolling), painted so that the rows between them never keep an old image's pixels.
    static let seamGrey: UInt8 = 0x80

    /// The pieces that draw the part of `image` that `placement` shows: a sixel image (or one
    /// tile of it), a kitty transmission and placement, an iTerm2 image, or a row of half
    /// blocks each; empty when nothing of it is visible.
    mutating func pieces(drawing image: PageImage, at placement: ImagePlacement) -> [ImagePiece] {
        pieces(drawing: [(image, placement)])
    }

    /// The pieces that draw `images`, top to bottom, in one write: each as
    /// ``pieces(drawing:at:)`` says (kitty's placements of other images taken away first) and,
    /// in a terminal whose images stand in the cells, the rows between one and the next painted
    /// grey (the seam of continuous scrolling), so that nothing between them stays of an old
    /// image.
    mutating func pieces(drawing images: [Placed]) -> [ImagePiece] {
        // The seams go first: an image whose last row of cells it only partly fills is drawn
        // over the seam's top.
        var pieces: [ImagePiece] =
            drawsIntoCells
            ? zip(images, images.dropFirst()).flatMap { seamPieces(between: $0, and: $1) } : []
        var placed: Set<UInt32> = []
        for (image, placement) in images {
            switch image {
            case .sixel(let indexed):
                pieces += sixelPieces(indexed, at: placement)
            case .kitty(let kitty):
                pieces += kittyPieces(kitty, at: placement, placing: &placed)
            case .iterm(let rgb):
                pieces += itermPieces(rgb, at: placement)
            case .halfBlocks(let rgb):
                pieces += halfBlockPieces(rgb, at: placement)
            }
        }
        // Another page's placement goes in the same write as this one's, so nothing flickers;
        // placeholder cells are text, which the repaint takes away.
        if !placedImages.isSubset(of: placed), !support.throughTmux {
            let deletion = KittyGraphics.deletePlacements
            if pieces.isEmpty {
                pieces = [ImagePiece(position: FramePosition(row: 0, column: 0), bytes: deletion)]
            } else {
                pieces[0].bytes = deletion + pieces[0].bytes
            }
        }
        placedImages = placed
        return pieces
    }

    /// The seam between `upper` and the image below it, `lower`: the rows of cells from
    /// `upper`'s last (which it may fill only partly) down to `lower`'s first, as wide as
    /// either, painted grey for sixel and iTerm2 and blank for images made of text (half
    /// blocks, placeholders); nothing where the two touch.
    private func seamPieces(between upper: Placed, and lower: Placed) -> [ImagePiece] {
        let top = upper.placement.screenRow + max(upper.placement.rows - 1, 0)
        let rows = lower.placement.screenRow - top
        let column = min(upper.placement.screenColumn, lower.placement.screenColumn)
        let right = max(
            upper.placement.screenColumn + upper.placement.columns,
            lower.placement.screenColumn + lower.placement.columns)
        let columns = right - column
        guard rows > 0, columns > 0 else { return [] }
        let cell = drawnCellPixels
        // Within the images' own pixels sideways: the wider one's, from the leftmost.
        let areas = [upper, lower].compactMap { screenArea(of: $0.image, at: $0.placement) }
        let left = areas.map(\.x).min() ?? column * cell.width
        let width = (areas.map { $0.x + $0.width }.max() ?? right * cell.width) - left
        let seam = ImagePlacement(
            request: upper.placement.request, sourceRow: 0, sourceColumn: 0, rows: rows, columns: columns,
            screenRow: top, screenColumn: column)
        switch upper.image {
        case .sixel, .iterm:
            let grey = RGBImage(
                width: max(width, 1), height: rows * cell.height,
                pixels: [UInt8](repeating: Self.seamGrey, count: max(width, 1) * rows * cell.height * 3))
            if case .sixel = upper.image {
                return sixelPieces(IndexedImage(grey, maxColors: 2), at: seam)
            }
            return itermPieces(grey, at: seam)
        case .halfBlocks, .kitty:
            let blank = Self.plainAttributes + [UInt8](repeating: UInt8(ascii: " "), count: columns)
            return (0..<rows).map { row in
                ImagePiece(position: FramePosition(row: top + row, column: column), bytes: blank)
            }
        }
    }

    /// The part of the screen `images` paint over, seams included (``screenArea(of:at:)``):
    /// nil when nothing of them shows, or when they are not one block of the same left and
    /// right edges (pages of different widths), which no single area describes.
    func screenArea(of images: [Placed]) -> PixelRect? {
        let areas = images.compactMap { screenArea(of: $0.image, at: $0.placement) }
        guard let first = areas.first, areas.count == images.count,
            areas.allSatisfy({ $0.x == first.x && $0.width == first.width })
        else { return nil }
        let bottom = areas.map { $0.y + $0.height }.max() ?? first.y
        return PixelRect(x: first.x, y: first.y, width: first.width, height: bottom - first.y)
    }

    /// The part of the screen, in its cells' pixels from the top-left corner, that `image` drawn
    /// at `placement` paints over (for an image drawn into the cells: sixel, iTerm2, half blocks,
    /// placeholders); nil when nothing of it shows. A sixel image's last band of six pixel rows
    /// may reach up to five rows further.
    func screenArea(of image: PageImage, at placement: ImagePlacement) -> PixelRect? {
        let cell = drawnCellPixels
        let size: (width: Int, height: Int)
        switch image {
        case .sixel(let indexed): size = (indexed.width, indexed.height)
        case .kitty(let kitty): size = (kitty.width, kitty.height)
        case .iterm(let rgb), .halfBlocks(let rgb): size = (rgb.width, rgb.height)
        }
        guard let rect = visibleRect(width: size.width, height: size.height, at: placement) else { return nil }
        let x = placement.screenColumn * cell.width
        let y = placement.screenRow * cell.height
        switch image {
        case .sixel:
            return PixelRect(x: x, y: y, width: rect.width, height: rect.height)
        case .kitty, .iterm, .halfBlocks:
            // Whole cells: placeholders, an image fitted to its cells, a row of half blocks.
            let columns = (rect.width + cell.width - 1) / cell.width
            let rows = (rect.height + cell.height - 1) / cell.height
            return PixelRect(x: x, y: y, width: columns * cell.width, height: rows * cell.height)
        }
    }

    /// Whether an image painting over `area` (``screenArea(of:at:)``) hides every pixel of one
    /// that painted over `shown`, so that it can be drawn over it with no repaint in between: it
    /// covers it, and its bottom edge is the same or lower by a whole sixel band (the old
    /// image's last band may reach past its edge).
    static func covers(_ area: PixelRect, _ shown: PixelRect) -> Bool {
        let bottom = area.y + area.height
        let shownBottom = shown.y + shown.height
        return area.x <= shown.x && area.y <= shown.y && area.x + area.width >= shown.x + shown.width
            && (bottom == shownBottom || bottom >= shownBottom + 6)
    }

    /// The pieces that blank the cells of `shown` (the area the images on screen paint over)
    /// that `kept` (the area of the images about to be drawn, nil when it is not one block) does
    /// not wholly cover, within the text area's `textRows` rows: each run of such cells on a row
    /// written over with spaces, which takes the pixels of an image drawn into the cells away
    /// with the cells (sixel, iTerm2, half blocks, placeholders). Written just before the new
    /// images, they let a smaller image replace a larger one with no repaint, which would blank
    /// the whole screen until the new one is out. The cells below `shown` that an old sixel
    /// image's last band may reach (five pixel rows) are blanked too.
    func erasure(of shown: PixelRect, keeping kept: PixelRect?, textRows: Int) -> [ImagePiece] {
        let cell = drawnCellPixels
        guard cell.width > 0, cell.height > 0, shown.width > 0, shown.height > 0 else { return [] }
        let top = max(shown.y / cell.height, 0)
        let bottom = min((shown.y + shown.height + 5 + cell.height - 1) / cell.height, textRows)
        let left = max(shown.x / cell.width, 0)
        let right = (shown.x + shown.width + cell.width - 1) / cell.width
        guard top < bottom, left < right else { return [] }
        return (top..<bottom).flatMap { row -> [ImagePiece] in
            var runs = [left..<right]
            // A row the new images fill from its top to its bottom keeps the columns they wholly cover.
            if let kept, kept.y <= row * cell.height, kept.y + kept.height >= (row + 1) * cell.height {
                let keptLeft = (kept.x + cell.width - 1) / cell.width
                let keptRight = (kept.x + kept.width) / cell.width
                runs = [left..<max(min(keptLeft, right), left), min(max(keptRight, left), right)..<right]
            }
            return runs.filter { !$0.isEmpty }.map { run in
                ImagePiece(
                    position: FramePosition(row: row, column: run.lowerBound),
                    bytes: Self.plainAttributes + [UInt8](repeating: UInt8(ascii: " "), count: run.count))
            }
        }
    }

    /// The pieces that blank every cell of a screen of `size`, the status line's row included,
    /// but those that `kept` (the area of the images drawn with them) wholly covers: with those
    /// images, they paint every cell, so that after a resize nothing of what the terminal kept
    /// of the old screen, wherever it kept it, stays (``TerminalBackend/writeOverWholeScreen(_:)``).
    func erasure(ofScreen size: ScreenSize, keeping kept: PixelRect) -> [ImagePiece] {
        let cell = drawnCellPixels
        let screen = PixelRect(x: 0, y: 0, width: size.columns * cell.width, height: size.rows * cell.height)
        return erasure(of: screen, keeping: kept, textRows: size.rows)
    }

    /// Select Graphic Rendition 0: the terminal's own colours for the blanks written next.
    private static let plainAttributes: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")]

    /// What removes the image on screen when the view no longer shows one (kitty's placement;
    /// the other protocols are painted over by the repaint).
    mutating func removal() -> [ImagePiece] {
        guard !placedImages.isEmpty else { return [] }
        placedImages = []
        // Placeholder cells are text: the repaint took them away.
        if support.throughTmux { return [] }
        return [ImagePiece(position: FramePosition(row: 0, column: 0), bytes: KittyGraphics.deletePlacements)]
    }

    /// What deletes every image the terminal holds for this session, its data included (on the
    /// way out of the reader).
    mutating func farewell() -> [ImagePiece] {
        var bytes = removal().flatMap(\.bytes)
        for held in heldImages {
            bytes += KittyGraphics.delete(id: held.id)
        }
        heldImages = []
        if support.throughTmux, !bytes.isEmpty {
            bytes = TmuxPassthrough.wrapEachCommand(bytes)
        }
        return bytes.isEmpty ? [] : [ImagePiece(position: FramePosition(row: 0, column: 0), bytes: bytes)]
    }

    /// Takes note that the terminal no longer has image `id` (it answered `ENOENT`: evicted),
    /// and may have lost the others too: kitty drops every image of the full screen when it is
    /// left (Ctrl-Z), a page sent ahead and never placed among them, and evicts the oldest
    /// beyond its quota. None is taken as held any more, so each is sent again when next
    /// placed, never placed missing. Returns whether `id` was on screen.
    mutating func forget(imageID id: Int) -> Bool {
        heldImages.removeAll()
        guard let placed = placedImages.first(where: { Int($0) == id }) else { return false }
        placedImages.remove(placed)
        return true
    }

    /// The visible pixels of an image `width` × `height` shown from `placement`'s source cell.
    private func visibleRect(width: Int, height: Int, at placement: ImagePlacement) -> PixelRect? {
        let cell = drawnCellPixels
        let x = placement.sourceColumn * cell.width
        let y = placement.sourceRow * cell.height
        let rect = PixelRect(
            x: x, y: y, width: min(placement.columns * cell.width, width - x),
            height: min(placement.rows * cell.height, height - y))
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }

    private func sixelPieces(_ image: IndexedImage, at placement: ImagePlacement) -> [ImagePiece] {
        guard let rect = visibleRect(width: image.width, height: image.height, at: placement) else { return [] }
        let cell = support.cellPixels
        // xterm draws nothing of an image beyond its maxGraphicSize (1000×1000 px unless
        // configured): a larger crop — a tall text area, or zoomed in — goes out as tiles
        // within it, each placed at its own cell. (A limit under one cell makes no sense.)
        let limit = support.maxImageSize
        let tiles = rect.sixelTiles(
            maxWidth: max(limit.width, cell.width), maxHeight: max(limit.height, cell.height, 6),
            cellWidth: cell.width, cellHeight: cell.height)
        return tiles.map { tile in
            ImagePiece(
                position: FramePosition(
                    row: placement.screenRow + (tile.y - rect.y) / cell.height,
                    column: placement.screenColumn + (tile.x - rect.x) / cell.width),
                bytes: SixelEncoder.encode(image, rect: tile))
        }
    }

    /// A kitty image's transmission (when the terminal does not hold it) and placement, its id
    /// added to `placed`; nothing when no part of it is visible.
    private mutating func kittyPieces(
        _ image: KittyPageImage, at placement: ImagePlacement, placing placed: inout Set<UInt32>
    ) -> [ImagePiece] {
        if placement.scale != 1 {
            return scaledKittyPieces(image, at: placement, placing: &placed)
        }
        guard let rect = visibleRect(width: image.width, height: image.height, at: placement) else {
            return []
        }
        if support.throughTmux {
            return placeholderPieces(image, at: placement, placing: &placed)
        }
        let held = holding(image)
        var bytes = held.bytes
        let cell = support.cellPixels
        // Scaled to its cells only when the cell size is a guess: then the image is never
        // taller than the rows it was given, and the status line stays visible.
        let cells =
            support.cellSizeKnown
            ? nil
            : (
                columns: (rect.width + cell.width - 1) / cell.width,
                rows: (rect.height + cell.height - 1) / cell.height
            )
        bytes += KittyGraphics.place(id: held.id, source: rect, cells: cells)
        placed.insert(held.id)
        return [
            ImagePiece(
                position: FramePosition(row: placement.screenRow, column: placement.screenColumn), bytes: bytes)
        ]
    }

    /// An image of another zoom, drawn `placement.scale` times its size while the page is
    /// rendered at the new one: the crop of it that covers the placement's cells, placed scaled
    /// to those cells (kitty scales it), so the zoom shows at once with no pixels sent.
    private mutating func scaledKittyPieces(
        _ image: KittyPageImage, at placement: ImagePlacement, placing placed: inout Set<UInt32>
    ) -> [ImagePiece] {
        let cell = support.cellPixels
        let scale = placement.scale
        // The visible part in the pixels of the image as shown, then in the image's own.
        let shownX = placement.sourceColumn * cell.width
        let shownY = placement.sourceRow * cell.height
        let shownWidth = min(placement.columns * cell.width, Int(Double(image.width) * scale) - shownX)
        let shownHeight = min(placement.rows * cell.height, Int(Double(image.height) * scale) - shownY)
        guard shownWidth > 0, shownHeight > 0 else { return [] }
        let x = min(Int(Double(shownX) / scale), image.width - 1)
        let y = min(Int(Double(shownY) / scale), image.height - 1)
        let source = PixelRect(
            x: x, y: y, width: max(min(Int((Double(shownWidth) / scale).rounded()), image.width - x), 1),
            height: max(min(Int((Double(shownHeight) / scale).rounded()), image.height - y), 1))
        let held = holding(image)
        var bytes = held.bytes
        let cells = (
            columns: (shownWidth + cell.width - 1) / cell.width, rows: (shownHeight + cell.height - 1) / cell.height
        )
        bytes += KittyGraphics.place(id: held.id, source: source, cells: cells)
        placed.insert(held.id)
        return [
            ImagePiece(
                position: FramePosition(row: placement.screenRow, column: placement.screenColumn), bytes: bytes)
        ]
    }

    /// Whether pages are sent to the terminal ahead of their placement (``preloading(_:)``): kitty
    /// outside tmux.
    var sendsAhead: Bool {
        guard case .kitty = support.method else { return false }
        return !support.throughTmux
    }

    /// What sends `image` to a kitty terminal ahead of its placement (a page rendered beside the
    /// one on screen, which a flip is about to show), so that the flip only places it and the
    /// terminal has decoded it meanwhile: its transmission under a free id of the ring, or under
    /// the least recently placed one not on screen. Nothing when the terminal holds it already,
    /// when every id is on screen, inside tmux (placeholders are sent with their rows) and for the
    /// other protocols.
    mutating func preloading(_ image: PageImage) -> [ImagePiece] {
        guard sendsAhead, case .kitty(let kitty) = image,
            !heldImages.contains(where: { $0.serial == kitty.serial })
        else { return [] }
        let id: UInt32
        // Never under an id on screen, held or not (after an eviction nothing is held).
        if let free = imageIDs.first(where: { id in !heldImages.contains { $0.id == id } && !placedImages.contains(id) }
        ) {
            id = free
        } else if let index = heldImages.firstIndex(where: { !placedImages.contains($0.id) }) {
            id = heldImages.remove(at: index).id
        } else {
            return []
        }
        heldImages.append(HeldImage(id: id, serial: kitty.serial))
        return [ImagePiece(position: FramePosition(row: 0, column: 0), bytes: transmission(of: kitty, id: id))]
    }

    /// The id the terminal holds `image` under, and what makes it hold it: nothing when it does
    /// already, else its transmission under an id of the ring
    /// not in use or, all in use, the least recently placed image's, whose data the terminal
    /// then replaces.
    private mutating func holding(_ image: KittyPageImage) -> (id: UInt32, bytes: [UInt8]) {
        if let index = heldImages.firstIndex(where: { $0.serial == image.serial }) {
            let held = heldImages.remove(at: index)
            heldImages.append(held)
            return (held.id, [])
        }
        let free = imageIDs.first { id in !heldImages.contains { $0.id == id } }
        let id = free ?? heldImages.removeFirst().id
        heldImages.append(HeldImage(id: id, serial: image.serial))
        return (id, transmission(of: image, id: id))
    }

    /// Sends `image` under `id`: through a temporary file when the terminal reads them (it is on
    /// this machine: a hundred bytes instead of the page), else in base64 chunks through its input.
    private func transmission(of image: KittyPageImage, id: UInt32) -> [UInt8] {
        if support.kittyTemporaryFiles {
            if let path = TemporaryImageFile.write(image.png, id: id) {
                return KittyGraphics.transmit(temporaryFile: path, id: id)
            }
        }
        return KittyGraphics.transmit(png: image.png, id: id)
    }

    /// Inside tmux: the image goes to the terminal outside through passthrough with a virtual
    /// placement over its whole cell grid, and each visible row of the view is a row of
    /// placeholder cells numbering the image's rows and columns — scrolling rewrites text only.
    private mutating func placeholderPieces(
        _ image: KittyPageImage, at placement: ImagePlacement, placing placed: inout Set<UInt32>
    ) -> [ImagePiece] {
        let cell = support.cellPixels
        let grid = (
            columns: (image.width + cell.width - 1) / cell.width, rows: (image.height + cell.height - 1) / cell.height
        )
        let held = holding(image)
        let commands =
            held.bytes.isEmpty
            ? [] : held.bytes + KittyPlaceholder.virtualPlacement(id: held.id, columns: grid.columns, rows: grid.rows)
        placed.insert(held.id)
        let rows = (0..<max(min(placement.rows, grid.rows - placement.sourceRow), 0)).map { row in
            ImagePiece(
                position: FramePosition(row: placement.screenRow + row, column: placement.screenColumn),
                bytes: KittyPlaceholder.row(
                    id: held.id, row: placement.sourceRow + row, firstColumn: placement.sourceColumn,
                    columns: min(placement.columns, grid.columns - placement.sourceColumn)))
        }
        guard !commands.isEmpty else { return rows }
        return [
            ImagePiece(
                position: FramePosition(row: placement.screenRow, column: placement.screenColumn),
                bytes: TmuxPassthrough.wrapEachCommand(commands))
        ] + rows
    }

    private func itermPieces(_ image: RGBImage, at placement: ImagePlacement) -> [ImagePiece] {
        guard let rect = visibleRect(width: image.width, height: image.height, at: placement) else { return [] }
        let crop = image.cropped(to: rect)
        guard let png = try? WirePNG.encode(crop) else {
            return []
        }
        let cell = support.cellPixels
        let columns = (rect.width + cell.width - 1) / cell.width
        let rows = (rect.height + cell.height - 1) / cell.height
        return [
            ImagePiece(
                position: FramePosition(row: placement.screenRow, column: placement.screenColumn),
                bytes: ITermImage.encode(png: png, columns: columns, rows: rows))
        ]
    }

    private func halfBlockPieces(_ image: RGBImage, at placement: ImagePlacement) -> [ImagePiece] {
        guard case .halfBlocks(let colors) = support.method else { return [] }
        return (0..<max(placement.rows, 0)).map { row in
            ImagePiece(
                position: FramePosition(row: placement.screenRow + row, column: placement.screenColumn),
                bytes: HalfBlockEncoder.encodeRow(
                    image, cellRow: placement.sourceRow + row, firstColumn: placement.sourceColumn,
                    columns: placement.columns, colors: colors))
        }
    }
}
