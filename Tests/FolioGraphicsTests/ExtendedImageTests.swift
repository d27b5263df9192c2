import FolioGraphics
import Testing

/// A page fitted in a box of cells is made exactly the pixels of its cells: kept from its
/// top-left corner, white paper added right and below, cut where it is larger.
@Suite struct ExtendedImageTests {
    /// A picture whose every pixel says where it is: red its column, green its row, blue 7.
    static func numbered(width: Int, height: Int) -> RGBImage {
        RGBImage(
            width: width, height: height,
            pixels: (0..<height).flatMap { y in (0..<width).flatMap { x in [UInt8(x), UInt8(y), 7] } })
    }

    /// The pixel at `x`, `y`.
    static func pixel(_ image: RGBImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.pixels[((y * image.width + x) * 3)..<((y * image.width + x) * 3 + 3)])
    }

    @Test(arguments: [(5, 4, 8, 6), (5, 4, 3, 2), (5, 4, 5, 4), (5, 4, 7, 3), (5, 4, 0, 0)])
    func everyPixelIsThePicturesOrPaper(width: Int, height: Int, newWidth: Int, newHeight: Int) {
        let picture = Self.numbered(width: width, height: height)
        let extended = picture.extended(toWidth: newWidth, height: newHeight)
        #expect(extended.width == newWidth && extended.height == newHeight)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                let expected: [UInt8] = x < width && y < height ? [UInt8(x), UInt8(y), 7] : [255, 255, 255]
                #expect(Self.pixel(extended, x, y) == expected, "pixel \(x), \(y)")
            }
        }
    }
}
