import FolioCore
import FolioTerminal
import FolioTestSupport
import Testing

@testable import FolioApp

/// A fit change, a zoom and a resize in a sixel session, through the fake terminal: until the
/// page is rendered for the new settings the old image stays on screen; no frame in between
/// shows the page's text.
@Suite struct ImageStandInSessionTests {
    /// The frames from `start` on, up to the first that names an image with `arrived`, and
    /// whether one does.
    private func frames(from start: Int, of terminal: FakeTerminal, until arrived: (RenderRequest) -> Bool) -> (
        frames: ArraySlice<Frame>, arrived: Bool
    ) {
        let found = terminal.waitUntil { terminal in
            terminal.frames.dropFirst(start).contains { $0.image.map { arrived($0.request) } == true }
        }
        let frames = terminal.frames.dropFirst(start)
        let end = frames.firstIndex { $0.image.map { arrived($0.request) } == true } ?? frames.endIndex
        return (frames[..<end], found)
    }

    /// Whether a frame shows any of the first page's text (its title's first word).
    private func showsPageText(_ frame: Frame) -> Bool {
        frame.lines.dropLast().contains { $0.contains("Trace-based") }
    }

    @Test(arguments: ["z", "+", "-"])
    func theOldImageStaysUntilTheNewOneIsDrawn(key: String) throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.sixel)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { $0.frames.last?.image?.request.fit == .width })
        let first = try #require(reader.terminal.frames.last?.image?.request)
        let start = reader.terminal.frameCount
        reader.terminal.type(key)
        let (between, arrived) = frames(from: start, of: reader.terminal) { $0 != first }
        #expect(arrived)
        #expect(!between.isEmpty, "the key's own frame comes before the render")
        for frame in between {
            #expect(frame.image?.request == first)
            #expect(!showsPageText(frame))
        }
        // From the top of the page, the stand-in is placed where the old image was: it stays on
        // screen as it is, nothing written over it until the new image.
        let arrival = start + between.count + 1
        #expect(!reader.terminal.images.contains { $0.afterFrame > start && $0.afterFrame < arrival })
        #expect(reader.terminal.waitUntil { $0.images.contains { $0.afterFrame == arrival } })
        _ = reader.quit()
    }

    @Test func aResizeKeepsTheOldImageUntilTheNewOneIsDrawn() throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.sixel)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { $0.frames.last?.image != nil })
        let first = try #require(reader.terminal.frames.last?.image?.request)
        let start = reader.terminal.frameCount
        reader.terminal.resize(to: ScreenSize(rows: 24, columns: 60))
        let (between, arrived) = frames(from: start, of: reader.terminal) {
            $0.viewport == ScreenSize(rows: 23, columns: 58)
        }
        #expect(arrived)
        let resized = between.indices.filter { between[$0].size == ScreenSize(rows: 24, columns: 60) }
        #expect(!resized.isEmpty)
        for index in resized {
            #expect(between[index].image?.request == first)
            #expect(!showsPageText(between[index]))
        }
        // The old image, 78 cells wide, drawn unscaled in the 58 × 23 cells of the new text area:
        // its first 580 pixels across (10 × 20 px cells), at most 460 down. It goes out before
        // the frame's text, in place of the resize's repaint, which would blank the screen until
        // it is out: every other cell is blanked with it, the status line's row too.
        let standIn = try #require(resized.first)
        let wholeScreen = reader.terminal.images.indices.filter { reader.terminal.images[$0].overWholeScreen }
        try #require(wholeScreen.count == 1)
        let written = reader.terminal.images[wholeScreen[0]]
        #expect(written.afterFrame == standIn)
        #expect(!reader.terminal.repaintedFrames.contains(standIn + 1))
        let image = try #require(written.pieces.first { SixelRaster($0.bytes) != nil })
        let raster = try #require(SixelRaster(image.bytes))
        #expect(image.position == FramePosition(row: 0, column: 1))
        #expect(raster.width == 580)
        #expect(raster.height <= 23 * 20)
        let blank = Array("\u{1B}[0m".utf8)
        var painted = Array(repeating: Set<Int>(), count: 24)
        for piece in written.pieces where piece.bytes.starts(with: blank) {
            try #require(painted.indices.contains(piece.position.row), "\(piece.position)")
            let width = piece.bytes.count - blank.count
            painted[piece.position.row].formUnion(piece.position.column..<(piece.position.column + width))
        }
        for row in 0..<(raster.height / 20) {
            painted[row].formUnion(1..<59)
        }
        #expect(painted.allSatisfy { $0 == Set(0..<60) })
        _ = reader.quit()
    }
}
