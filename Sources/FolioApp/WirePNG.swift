import FolioDocument
import FolioGraphics

/// The PNG a page goes as when it travels through the terminal's input (kitty's direct
/// transmission, iTerm2, `--image`), where every byte is on the wire: the lossless PNG, or, for
/// a page of more than 256 colours (a photo), a 256-colour palette PNG (the palette sixel would
/// use, from the same quantiser) when that is smaller. A photo page 1200 px wide is then about a
/// third of the lossless PNG's bytes, at the quality sixel shows it. Grey pages (text, grey
/// scans) stay lossless: their greyscale PNG is already smaller than any palette one. A scan with
/// a colour cast is not grey and goes as the palette PNG: its noise does not compress, and its
/// lossless PNG is more than twice the bytes (docs/READER.md has the figures).
///
/// A page that goes through a temporary file on this machine costs no wire bytes and is sent
/// lossless (``PNGEncoder/encode(width:height:rgb:)``).
enum WirePNG {
    /// The smaller of `image`'s lossless PNG and its 256-colour palette PNG.
    static func encode(_ image: RGBImage) throws(DocumentError) -> [UInt8] {
        let lossless = try PNGEncoder.encode(width: image.width, height: image.height, rgb: image.pixels)
        guard !PNGEncoder.isGrey(image.pixels) else { return lossless }
        let indexed = IndexedImage(image, maxColors: 256)
        guard !indexed.isExact, let indices = indexed.byteIndices else { return lossless }
        let palette = indexed.palette.flatMap { color in
            [color.red, color.green, color.blue].map(SixelColor.byte(ofLevel:))
        }
        let quantised = try PNGEncoder.encode(
            width: image.width, height: image.height, palette: palette, indices: indices)
        return quantised.count < lossless.count ? quantised : lossless
    }
}
