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

    @Test func paletteOutOfRangeIsAnError() {
        #expect(throws: DocumentError.self) {
            try PNGEncoder.encode(width: 2, height: 1, palette: [UInt8](repeating: 0, count: 3 * 257), indices: [0, 1])
        }
        #expect(throws: DocumentError.self) {
            try PNGEncoder.encode(width: 2, height: 2, palette: [0, 0, 0], indices: [0, 0])
        }
    }
}
