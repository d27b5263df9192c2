import FolioSixel

/// A rendered page, ready to draw: palette indices for sixel (converted once, so scrolling only
/// re-encodes the visible rectangle), or RGB for half blocks.
enum PageImage: Sendable {
    case sixel(IndexedImage)
    case halfBlocks(RGBImage)

    /// The memory the image holds.
    var byteCount: Int {
        switch self {
        case .sixel(let image): image.byteCount
        case .halfBlocks(let image): image.pixels.count
        }
    }
}
