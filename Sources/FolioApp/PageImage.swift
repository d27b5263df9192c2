import FolioGraphics

/// A rendered page, ready to draw: palette indices for sixel (converted once, so scrolling only
/// re-encodes the visible rectangle), a PNG under an id for kitty (sent once, then cropped by the
/// terminal), or RGB for iTerm2 and half blocks (whose visible part is encoded each time).
enum PageImage: Sendable {
    case sixel(IndexedImage)
    case kitty(KittyPageImage)
    case iterm(RGBImage)
    case halfBlocks(RGBImage)

    /// The memory the image holds.
    var byteCount: Int {
        switch self {
        case .sixel(let image): image.byteCount
        case .kitty(let image): image.png.count
        case .iterm(let image), .halfBlocks(let image): image.pixels.count
        }
    }
}

/// A page for the kitty graphics protocol: its PNG, its size, and the id it is sent under (unique
/// in the session, so the terminal can hold several pages at once).
struct KittyPageImage: Sendable {
    var id: UInt32
    var width: Int
    var height: Int
    var png: [UInt8]
}
