/// A rectangle of pixels: the part of an ``IndexedImage`` to encode, such as the rows of a page
/// that are visible after scrolling.
///
/// Each of its four numbers is within `Int32`'s range (clamped there when made), as MuPDF's
/// pixel coordinates are, so that an edge plus a width never overflows, whatever made the
/// rectangle: its far edges are always numbers to compare with an image's size.
///
/// `PixelRect` is `Sendable`: it is a plain value.
public struct PixelRect: Hashable, Sendable {
    /// Left edge, in pixels from the image's left.
    public let x: Int
    /// Top edge, in pixels from the image's top.
    public let y: Int
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// A rectangle with its top-left corner at (`x`, `y`), each number clamped to `Int32`'s range.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = Int(Int32(clamping: x))
        self.y = Int(Int32(clamping: y))
        self.width = Int(Int32(clamping: width))
        self.height = Int(Int32(clamping: height))
    }
}

extension PixelRect {
    /// This rectangle cut into tiles that a terminal limiting sixel images to
    /// `maxWidth`×`maxHeight` pixels draws whole, in rows from top to bottom, each row left to
    /// right; a single tile (this rectangle) when it fits.
    ///
    /// xterm draws nothing of an image declared larger than its limit (`maxGraphicSize`), and
    /// stops reading an image at the first six-pixel band that reaches past the limit — even
    /// when only the band's unused bottom rows would — so a tile's height rounded up to a
    /// multiple of 6 must fit too. Tiles are whole cells (`cellWidth`×`cellHeight`) except at the
    /// right and bottom edges, so that each one can be placed at a cell of its own.
    public func sixelTiles(maxWidth: Int, maxHeight: Int, cellWidth: Int, cellHeight: Int) -> [PixelRect] {
        precondition(maxWidth > 0 && maxHeight >= 6 && cellWidth > 0 && cellHeight > 0)
        let bandedHeight = maxHeight / 6 * 6
        guard width > maxWidth || height > bandedHeight else { return [self] }
        // Whole cells per tile where a cell fits in the limit; otherwise as much as fits.
        let stepX = maxWidth >= cellWidth ? maxWidth / cellWidth * cellWidth : maxWidth
        let stepY = bandedHeight >= cellHeight ? bandedHeight / cellHeight * cellHeight : bandedHeight
        var tiles: [PixelRect] = []
        for top in stride(from: y, to: y + height, by: stepY) {
            for left in stride(from: x, to: x + width, by: stepX) {
                tiles.append(
                    PixelRect(
                        x: left, y: top, width: min(stepX, x + width - left), height: min(stepY, y + height - top)))
            }
        }
        return tiles
    }
}
