import FolioDocument
import FolioGraphics
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// The PNG a page goes as through the terminal's input: a photo page as a 256-colour palette PNG
/// (decoded by MuPDF, every pixel is its colour in sixel's palette), a text page lossless.
@Suite struct WirePNGTests {
    /// The pixels of a PNG, decoded by MuPDF.
    private func decoded(_ png: [UInt8], width: Int) throws -> RenderedPage {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-wire-\(UUID()).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try Document(path: file.path).render(page: 0, width: width)
    }

    private func page(_ name: String, width: Int) throws -> RGBImage {
        let rendered = try Document(path: Corpus.path(name)).render(page: 0, width: width)
        return RGBImage(width: rendered.width, height: rendered.height, pixels: rendered.pixels)
    }

    @Test func photoPageGoesAsAPaletteOfSixelsColors() throws {
        let photo = try page("pypdf-cmyk-image.pdf", width: 600)
        let png = try WirePNG.encode(photo)
        let lossless = try PNGEncoder.encode(width: photo.width, height: photo.height, rgb: photo.pixels)
        print("photo page, 600 px: palette PNG \(png.count) bytes, lossless \(lossless.count)")
        #expect(Double(png.count) < 0.5 * Double(lossless.count))
        let indexed = IndexedImage(photo, maxColors: 256)
        #expect(!indexed.isExact)
        var meant = [UInt8]()
        meant.reserveCapacity(photo.pixels.count)
        for y in 0..<photo.height {
            for x in 0..<photo.width {
                let color = indexed.palette[indexed.paletteIndex(x: x, y: y)]
                meant += [color.red, color.green, color.blue].map(SixelColor.byte(ofLevel:))
            }
        }
        let shown = try decoded(png, width: photo.width)
        #expect(shown.width == photo.width && shown.height == photo.height)
        #expect(shown.pixels == meant)
    }

    @Test(arguments: ["pdfjs-tracemonkey.pdf", "pdfjs-issue12963-scan-jbig2.pdf"])
    func greyPagesStayLossless(name: String) throws {
        let grey = try page(name, width: 600)
        let png = try WirePNG.encode(grey)
        #expect(png == (try PNGEncoder.encode(width: grey.width, height: grey.height, rgb: grey.pixels)))
        #expect(try decoded(png, width: grey.width).pixels == grey.pixels)
    }

    /// A scan with a colour cast (the grey scan on yellowed paper, with a scanner's noise) has
    /// thousands of colours, none far from grey: it goes as a palette PNG, as READER.md says,
    /// because its lossless PNG is more than twice the bytes (its noise does not compress).
    @Test func aColourCastScanGoesAsAPalettePNG() throws {
        let grey = try page("pdfjs-issue12963-scan-jbig2.pdf", width: 600)
        var pixels = grey.pixels
        // A fixed pseudo-random noise of ±4 levels, the same on every run.
        var seed: UInt32 = 24
        for offset in stride(from: 0, to: pixels.count, by: 3) {
            for (channel, paper) in [244, 236, 214].enumerated() {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int(seed >> 29) - 4
                let tinted = Int(pixels[offset + channel]) * paper / 255 + noise
                pixels[offset + channel] = UInt8(min(max(tinted, 0), 255))
            }
        }
        let scan = RGBImage(width: grey.width, height: grey.height, pixels: pixels)
        #expect(!IndexedImage(scan, maxColors: 256).isExact, "more than 256 colours")
        let png = try WirePNG.encode(scan)
        let lossless = try PNGEncoder.encode(width: scan.width, height: scan.height, rgb: scan.pixels)
        print("colour-cast scan, 600 px: palette PNG \(png.count) bytes, lossless \(lossless.count)")
        // PNG's IHDR: the colour type is byte 25, 3 for a palette.
        #expect(png[25] == 3)
        #expect(2 * png.count < lossless.count)
    }

    @Test func paletteOutOfRangeIsAnError() {
        #expect(throws: DocumentError.self) {
            try PNGEncoder.encode(width: 2, height: 1, palette: [UInt8](repeating: 0, count: 3 * 257), indices: [0, 1])
        }
        #expect(throws: DocumentError.self) {
            try PNGEncoder.encode(width: 2, height: 2, palette: [0, 0, 0], indices: [0, 0])
        }
    }
}
