/// A rectangle of pixels: the part of an ``IndexedImage`` to encode, such as the rows of a page
/// that are visible after scrolling.
///
/// `PixelRect` is `Sendable`: it is a plain value.
public struct PixelRect: Hashable, Sendable {
    /// Left edge, in pixels from the image's left.
    public var x: Int
    /// Top edge, in pixels from the image's top.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A rectangle with its top-left corner at (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
