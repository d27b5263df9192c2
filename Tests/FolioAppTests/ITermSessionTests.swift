import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// The image view in iTerm2's protocol, through the fake terminal: the visible part of the page
/// as a PNG sized in cells, sent again (cropped anew) when the view scrolls.
@Suite struct ITermSessionTests {
    /// The PNG an `ESC ] 1337 ; File=…` sequence carries, and its header's fields.
    private func decode(_ bytes: [UInt8]) throws -> (fields: [String: String], png: Data) {
        let text = String(decoding: bytes, as: UTF8.self)
        try #require(text.hasPrefix("\u{1B}]1337;File=") && text.hasSuffix("\u{07}"))
        let colon = try #require(text.firstIndex(of: ":"))
        let header = text[text.index(text.startIndex, offsetBy: "\u{1B}]1337;File=".count)..<colon]
        var fields: [String: String] = [:]
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            fields[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        let png = try #require(Data(base64Encoded: String(text[text.index(after: colon)...].dropLast())))
        return (fields, png)
    }

    /// The pixels of a PNG, decoded by MuPDF.
    private func pixels(of png: Data, width: Int) throws -> RenderedPage {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-iterm-\(UUID()).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try Document(path: file.path).render(page: 0, width: width)
    }

    @Test func visiblePartIsAPNGSizedInCells() throws {
        try #require(TestGraphics.iterm.method == .iterm)
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 24, columns: 80), graphics: TestGraphics.iterm)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let piece = try #require(reader.terminal.images.first?.pieces.first)
        #expect(piece.position == FramePosition(row: 0, column: 1))
        let (fields, png) = try decode(piece.bytes)
        // 78 columns of 10 px and the 23 text rows of 20 px: 780 × 460 px.
        #expect(fields["inline"] == "1" && fields["width"] == "78" && fields["height"] == "23")
        #expect(fields["preserveAspectRatio"] == "0" && fields["size"] == "\(png.count)")
        let page = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf")).render(page: 0, width: 780)
        let shown = try pixels(of: png, width: 780)
        #expect(shown.height == 460)
        #expect(shown.pixels == Array(page.pixels.prefix(780 * 460 * 3)))

        // A row down: the crop from 20 px, sent again.
        let seen = reader.terminal.images.count
        reader.terminal.type("j")
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        let scrolled = try decode(try #require(reader.terminal.images.last?.pieces.first).bytes)
        let moved = try pixels(of: scrolled.png, width: 780)
        #expect(moved.pixels == Array(page.pixels[(780 * 20 * 3)..<(780 * 480 * 3)]))
        _ = reader.quit()
    }
}
