import FolioCore
import FolioSixel
import FolioTerminal

/// Turns a placement of a cached image into the escape sequences that draw it, in the protocol
/// the terminal was found to speak. (A new image protocol is a new case here and in
/// ``PageImage``.)
struct PageImageWriter {
    let support: GraphicsSupport

    /// The pieces that draw the part of `image` that `placement` shows: a sixel image (or one
    /// tile of it) or a row of half blocks each; empty when nothing of it is visible.
    func pieces(drawing image: PageImage, at placement: ImagePlacement) -> [ImagePiece] {
        switch image {
        case .sixel(let indexed):
            sixelPieces(indexed, at: placement)
        case .halfBlocks(let rgb):
            halfBlockPieces(rgb, at: placement)
        }
    }

    private func sixelPieces(_ image: IndexedImage, at placement: ImagePlacement) -> [ImagePiece] {
        let cell = support.cellPixels
        let x = placement.sourceColumn * cell.width
        let y = placement.sourceRow * cell.height
        let rect = PixelRect(
            x: x, y: y, width: min(placement.columns * cell.width, image.width - x),
            height: min(placement.rows * cell.height, image.height - y))
        guard rect.width > 0, rect.height > 0 else { return [] }
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
                    row: placement.screenRow + (tile.y - y) / cell.height,
                    column: placement.screenColumn + (tile.x - x) / cell.width),
                bytes: SixelEncoder.encode(image, rect: tile))
        }
    }

    private func halfBlockPieces(_ image: RGBImage, at placement: ImagePlacement) -> [ImagePiece] {
        guard case .halfBlocks(let trueColor) = support.method else { return [] }
        return (0..<max(placement.rows, 0)).map { row in
            ImagePiece(
                position: FramePosition(row: placement.screenRow + row, column: placement.screenColumn),
                bytes: HalfBlockEncoder.encodeRow(
                    image, cellRow: placement.sourceRow + row, firstColumn: placement.sourceColumn,
                    columns: placement.columns, trueColor: trueColor))
        }
    }
}
