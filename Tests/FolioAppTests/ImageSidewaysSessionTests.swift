import FolioCore
import FolioTestSupport
import Testing

@testable import FolioApp

/// A page image zoomed past the screen's width, scrolled sideways in a session with half
/// blocks: what is drawn is the part of the page the view names.
@Suite struct ImageSidewaysSessionTests {
    /// One half-block cell: the colours of its upper and lower pixel.
    struct Cell: Equatable {
        var upper: [UInt8]
        var lower: [UInt8]
    }

    /// The cells of a row of half blocks in 24-bit colour (`ESC [ 38;2;R;G;B m` sets the upper
    /// pixel's colour, `48` the lower's, each `▀` is a cell; a colour is only sent when it
    /// changes).
    static func cells(of bytes: [UInt8]) -> [Cell] {
        var cells: [Cell] = []
        var upper: [UInt8] = []
        var lower: [UInt8] = []
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = Substring(text)
        while let first = rest.first {
            if first == "▀" {
                cells.append(Cell(upper: upper, lower: lower))
                rest = rest.dropFirst()
            } else if rest.hasPrefix("\u{1B}["), let end = rest.firstIndex(of: "m") {
                let numbers = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";").compactMap {
                    UInt8($0)
                }
                if numbers.count == 5, numbers[1] == 2 {
                    if numbers[0] == 38 { upper = Array(numbers[2...]) }
                    if numbers[0] == 48 { lower = Array(numbers[2...]) }
                }
                rest = rest[rest.index(after: end)...]
            } else {
                rest = rest.dropFirst()
            }
        }
        return cells
    }

    /// The image rows drawn over the latest frame, once the status line shows `marker` and the
    /// frame's image is the page rendered at the test's zoom, 1.25³ (not the image of another
    /// zoom standing in while it is rendered).
    private func drawnRows(_ reader: ReaderUnderTest, statusShowing marker: String) throws -> [[Cell]] {
        // The last image written is the one the latest frame shows (a later frame, such as one
        // drawn when a neighbour's image arrives, leaves it on screen unwritten).
        let drawn = reader.terminal.waitUntil { terminal in
            let frames = terminal.frames
            guard let shown = frames.last?.image, let write = terminal.images.last, write.afterFrame >= 1 else {
                return false
            }
            return terminal.screen.last?.contains(marker) == true && shown.request.zoom == 1.25 * 1.25 * 1.25
                && frames[write.afterFrame - 1].image == shown
        }
        try #require(drawn, "status line: \(reader.terminal.screen.last ?? "")")
        let pieces = try #require(reader.terminal.images.last?.pieces)
        // Every row of the text area, at the text area's first column.
        #expect(pieces.map(\.position) == (0..<23).map { FramePosition(row: $0, column: 1) })
        return pieces.map { Self.cells(of: $0.bytes) }
    }

    /// The first page of the TraceMonkey paper at about twice the fit width: `>` draws the
    /// image from 39 cells (half the 78-cell text area) further right, so its first 39 cells
    /// are the 39 last of the view before; at the right edge the image still fills the text
    /// area; `<` back to the left edge draws the first view again.
    @Test func halfBlocksDrawThePartOfThePageScrolledTo() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 24, columns: 80))
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        reader.terminal.type("+++")
        let left = try drawnRows(reader, statusShowing: "Zoom 195%")
        // At the left edge with more to the right: `▸ 51%` or so.
        let status = reader.terminal.screen.last ?? ""
        let share = try #require(status.firstMatch(of: try Regex("▸ [0-9]+%")).map { String(status[$0.range]) })
        #expect(!status.contains("◂"))
        #expect(left.allSatisfy { $0.count == 78 })
        // The page's text is on these rows: not every cell is the same colour.
        #expect(Set(left.flatMap { $0 }.map(\.upper)).count > 2)

        reader.terminal.type(">")
        let moved = try drawnRows(reader, statusShowing: "◂▸ ")
        #expect(moved.allSatisfy { $0.count == 78 })
        for (before, after) in zip(left, moved) {
            #expect(Array(after.prefix(39)) == Array(before.suffix(39)))
        }
        #expect(moved != left)

        reader.terminal.type("9>")
        let rightEdge = try drawnRows(reader, statusShowing: "◂ 100%")
        #expect(rightEdge.allSatisfy { $0.count == 78 }, "the image's right edge at the text area's")
        // One step back from the right edge: its first 39 cells again ahead of it.
        reader.terminal.type("<")
        let back = try drawnRows(reader, statusShowing: "◂▸ ")
        for (before, after) in zip(back, rightEdge) {
            #expect(Array(after.prefix(39)) == Array(before.suffix(39)))
        }

        reader.terminal.type("99<")
        let again = try drawnRows(reader, statusShowing: " " + share)
        #expect(again == left)
        _ = reader.quit()
    }
}
