import FolioCore
import FolioTestSupport
import Testing

@testable import FolioApp

/// Spreads in a session on the TraceMonkey paper with half blocks: `d` shows pages 1–2 side by
/// side, Right the next spread, 3–4, drawn as one image twice as wide as a page; in the text
/// view `d` only says where spreads show.
@Suite struct SpreadSessionTests {
    @Test func dThenRightShowsPagesThreeAndFour() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 40, columns: 160))
        _ = try #require(reader.terminal.waitForScreen(containing: "reflow  1/14"))
        var seen = reader.terminal.frameCount
        reader.terminal.type(.tab)
        _ = try #require(reader.terminal.waitForScreen(containing: "image ▀  1/14", after: seen))
        seen = reader.terminal.frameCount
        reader.terminal.type("z")
        reader.terminal.type("d")
        let first = try #require(reader.terminal.waitForScreen(containing: "spread  1–2/14", after: seen))
        #expect(first.last?.contains("Spreads: facing pages side by side") == true)
        seen = reader.terminal.frameCount
        reader.terminal.type(.right)
        let frame = try #require(
            reader.terminal.waitForFrame(after: seen) { frame in
                frame.lines.last?.hasSuffix("image ▀ spread  3–4/14 ") == true && frame.image != nil
            })
        // Fit page in 39 rows: two pages of 78 pixels tall are 2 × 60 columns and a gap.
        let placement = try #require(frame.image)
        #expect(placement.columns > 110 && placement.columns < 130, "\(placement.columns) columns")
        #expect(placement.request.spreadPages == [2, 3])
        _ = reader.quit()
    }

    @Test func dInTheTextViewSaysWhereSpreadsShow() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 24, columns: 100))
        _ = try #require(reader.terminal.waitForScreen(containing: "reflow  1/14"))
        let seen = reader.terminal.frameCount
        reader.terminal.type("d")
        let screen = try #require(
            reader.terminal.waitForScreen(containing: "Spreads on: they show in the image view (Tab)", after: seen))
        #expect(screen.last?.hasSuffix("reflow  1/14 ") == true)
        _ = reader.quit()
    }
}
