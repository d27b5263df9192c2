import FolioGraphics

/// A rendered page, ready to draw: palette indices for sixel (converted once, so scrolling only
/// re-encodes the visible rectangle), a PNG for kitty (sent once, then cropped by the
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

/// A page for the kitty graphics protocol: its PNG, its size, and which render it is (unique in
/// the session; ``PageImageWriter`` chooses the id the terminal holds it under).
struct KittyPageImage: Sendable {
    var serial: UInt64
    var width: Int
    var height: Int
    var png: [UInt8]
}
