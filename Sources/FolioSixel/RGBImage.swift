/// An 8-bit RGB picture: three bytes per pixel (red, green, blue), rows packed top to bottom
/// with no padding, as MuPDF renders a page into an RGB pixmap without alpha.
///
/// `RGBImage` is `Sendable`: it is a plain value.
public struct RGBImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 3` bytes, row after row.
    public let pixels: [UInt8]

    /// An image over `pixels`, which must hold exactly `width × height × 3` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        precondition(pixels.count == width * height * 3, "an RGB image has three bytes per pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
