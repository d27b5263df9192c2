import FolioApp
import FolioCore
import FolioTestSupport
import Foundation
import Testing

/// Whole reader sessions on real documents, through the fake terminal: what reaches the screen,
/// what bytes go out and where, and how the session ends.
@Suite struct ReaderSessionTests {
    @Test func opensFlipsJumpsAndQuitsOnThePageItIsOn() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf")
        let first = try #require(reader.terminal.waitForScreen(containing: "Trace-based Just-in-Time"))
        #expect(first.last?.trimmed.hasPrefix("pdfjs-tracemonkey.pdf") == true)
        #expect(first.last?.trimmed.hasSuffix("reflow  1/14") == true)
        // The text area has a margin of one column.
        #expect(first[0] == " Trace-based Just-in-Time Type Specialization for Dynamic".padded(to: 80))
        #expect(first.count == 24 && first.allSatisfy { $0.count == 80 })

        var seen = reader.terminal.frameCount
        reader.terminal.type(.right)
        let second = try #require(reader.terminal.waitForScreen(containing: "reflow  2/14", after: seen))
        // Page 2 of the paper starts with its introduction's second column.
        #expect(!second.contains { $0.contains("Trace-based Just-in-Time") })

        seen = reader.terminal.frameCount
        reader.terminal.type("g12")
        reader.terminal.type(.enter)
        _ = try #require(reader.terminal.waitForScreen(containing: "reflow  12/14", after: seen))

        let ending = try #require(reader.quit())
        #expect(ending == ReaderSession.Ending(outcome: .quit, page: 11))
    }

    @Test func wrapAroundPagingGoesFromTheLastPageToTheFirst() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf", startPage: 13)
        _ = try #require(reader.terminal.waitForScreen(containing: "14/14"))
        var seen = reader.terminal.frameCount
        reader.terminal.type(.right)
        _ = try #require(reader.terminal.waitForScreen(containing: "Last page", after: seen))
        seen = reader.terminal.frameCount
        reader.terminal.type("w")
        reader.terminal.type(.right)
        let wrapped = try #require(reader.terminal.waitForScreen(containing: "1/14", after: seen))
        #expect(wrapped.last?.contains("wrap") == true)
        _ = reader.quit()
    }

    @Test func resizingLaysTheScreenOutAgain() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf")
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        let seen = reader.terminal.frameCount
        reader.terminal.resize(to: ScreenSize(rows: 12, columns: 50))
        let frame = try #require(
            reader.terminal.waitForFrame(after: seen) { $0.size == ScreenSize(rows: 12, columns: 50) })
        #expect(frame.lines.count == 12 && frame.lines.allSatisfy { $0.count == 50 })
        #expect(frame.lines.last?.trimmed.hasSuffix(" 1/14") == true)
        // The title, re-wrapped to 49 columns, still opens the page.
        #expect(frame.lines[0] == " Trace-based Just-in-Time Type Specialization for ")
        _ = reader.quit()
    }

    @Test func searchResultArrivesWhileKeysAreTyped() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf")
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        let seen = reader.terminal.frameCount
        reader.terminal.type("/SunSpider")
        // Keys typed while the background search runs are handled at once, not after it: page 1
        // scrolls two lines while pages 2 to 9 are searched.
        reader.terminal.type(.enter, .character("j"), .character("j"))
        let scrolled = try #require(
            reader.terminal.waitForFrame(after: seen) { $0.lines[0].trimmed == "Languages" })
        #expect(scrolled.lines.last?.trimmed.hasSuffix(" 1/14") == true)
        let found = try #require(reader.terminal.waitForScreen(containing: "'SunSpider' found on page 10", after: seen))
        #expect(found.last?.trimmed.hasSuffix(" 10/14") == true)
        // Once the page's text is in, the first matching line is on screen (at the top, or as
        // near as the page's last screen allows), its match set apart as the current one; the
        // next line's match is highlighted as the others are.
        let frame = try #require(
            reader.terminal.waitForFrame(after: seen) { frame in
                frame.lines.dropLast().contains { $0.contains("implementation using SunSpider,") }
            })
        let row = try #require(frame.lines.firstIndex { $0.contains("implementation using SunSpider,") })
        #expect(frame.rows[row].contains { $0.text == "SunSpider" && $0.style == .currentMatch })
        #expect(
            frame.lines[row + 1].trimmed == "industry standard JavaScript benchmark suite. SunSpider consists of 26")
        #expect(frame.rows[row + 1].contains { $0.text == "SunSpider" && $0.style == .highlight })
        #expect(reader.quit()?.page == 9)
    }

    @Test func copyingAPageReachesTheTerminalAndTheClipboardProgram() throws {
        let recorder = RecordingServices()
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf", services: recorder.services)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        let seen = reader.terminal.frameCount
        reader.terminal.type("y")
        let screen = try #require(reader.terminal.waitForScreen(containing: "Copied", after: seen))
        #expect(screen.last?.contains(" characters of page 1 (terminal and fake-clipboard)") == true)
        let copied = try #require(recorder.copied.first)
        #expect(copied.hasPrefix("Trace-based Just-in-Time Type Specialization for Dynamic"))
        // OSC 52 carries the same text, base64-encoded.
        let control = try #require(reader.terminal.controls.first)
        let text = String(decoding: control, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]52;c;") && text.hasSuffix("\u{07}"))
        let payload = text.dropFirst("\u{1B}]52;c;".count).dropLast()
        #expect(Data(base64Encoded: String(payload)).map { String(decoding: $0, as: UTF8.self) } == copied)
        _ = reader.quit()
    }

    @Test func sixelImageIsWrittenOverTheTextAreaOnly() throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.sixel)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let images = reader.terminal.images
        // 780 × 580 pixels of text area (78 columns inside the margins × 29 rows of 10 × 20 px
        // cells) fit xterm's 1000 × 1000 limit: one sixel image at the text area's first cell.
        #expect(images.count == 1)
        let pieces = try #require(images.first?.pieces)
        #expect(pieces.count == 1)
        let image = try #require(pieces.first)
        #expect(image.position == FramePosition(row: 0, column: 1))
        #expect(image.bytes.starts(with: Array("\u{1B}P".utf8)))
        #expect(image.bytes.suffix(2) == Array("\u{1B}\\".utf8))
        // The sixel raster attributes give the crop's size: the width of 78 cells (fit width)
        // and at most the height of the 29 text rows, never the status line's.
        let raster = try #require(SixelRaster(image.bytes) as SixelRaster?)
        #expect(raster.width == 780)
        #expect(raster.height <= 29 * 20)
        #expect(reader.terminal.screen.last?.contains("image") == true)
        _ = reader.quit()
    }

    /// In xterm a repaint clears the screen and the image area stays empty until the next image
    /// is written: a page as large as the last is drawn straight over it; only a smaller image
    /// (zoomed out) or the way back to text repaints.
    @Test func aSixelPageOfTheSameSizeIsDrawnOverTheLastWithNoRepaint() throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.sixel)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let first = try #require(reader.terminal.images.last)
        #expect(reader.terminal.repaintedFrames.contains(first.afterFrame), "text to image repaints")
        // Page 2 may not be rendered yet: its text shows first, then its image, after a repaint.
        var seen = reader.terminal.images.count
        reader.terminal.type("l")
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        for key in ["h", "l", "j", "j", "h"] {
            let seen = reader.terminal.images.count
            reader.terminal.type(key)
            #expect(reader.terminal.waitUntil { $0.images.count > seen }, "an image after \(key)")
            let write = try #require(reader.terminal.images.last)
            #expect(!reader.terminal.repaintedFrames.contains(write.afterFrame), "\(key) drew over the last page")
        }
        // Zoomed out, the page is narrower than the last: what it leaves goes in the same write,
        // with no repaint. The old page covered columns 1 to 78 of every text row; the new one,
        // 624 px wide (63 columns, from column 8, to pixel 704), still fills every row from its
        // top: each row's columns 1–7 and 70–78 are blanked before it is drawn.
        seen = reader.terminal.images.count
        reader.terminal.type("-")
        #expect(reader.terminal.waitUntil { $0.images.count > seen && $0.screen.last?.contains("80%") == true })
        let smaller = try #require(reader.terminal.images.last)
        #expect(!reader.terminal.repaintedFrames.contains(smaller.afterFrame))
        let blank = Array("\u{1B}[0m".utf8)
        let blanks = smaller.pieces.prefix { $0.bytes.starts(with: blank) }
        #expect(blanks.count == 29 * 2)
        #expect(
            blanks.map { [$0.position.row, $0.position.column, $0.bytes.count - blank.count] }
                == (0..<29).flatMap { [[$0, 1, 7], [$0, 70, 9]] })
        #expect(smaller.pieces.dropFirst(blanks.count).allSatisfy { $0.bytes.starts(with: Array("\u{1B}P".utf8)) })
        // Back to the text view, the screen is repainted: the text replaces the image whole.
        seen = reader.terminal.frames.count
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitForScreen(containing: "Trace-based", after: seen) != nil)
        #expect(reader.terminal.repaintedFrames.contains { $0 > seen })
        _ = reader.quit()
    }

    /// Scrolling continuously (`s`) in xterm: past a page's end the next page's top comes below
    /// it, the grey seam painted between them, in the same write, and every scroll is drawn
    /// over the last with no repaint (which would blank the screen until the images are out).
    @Test func aContinuousSixelScrollIsDrawnOverTheLastWithNoRepaint() throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.sixel)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        reader.terminal.type("s")
        _ = try #require(reader.terminal.waitForScreen(containing: "Continuous"))
        // Page 1's image is 51 rows of the 29: 22 rows down is its last screenful, and a few
        // more bring the seam and page 2's top (rendered meanwhile, as the next page is).
        var seen = reader.terminal.images.count
        reader.terminal.type("22j")
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        func seamRow(_ write: FakeTerminal.ImageWrite) -> Int? {
            write.pieces.first { String(decoding: $0.bytes, as: UTF8.self).contains("#0;2;50;50;50") }?.position.row
        }
        reader.terminal.type("jj")
        #expect(reader.terminal.waitUntil { $0.images.last.flatMap(seamRow) != nil })
        var seam = try #require(reader.terminal.images.last.flatMap(seamRow))
        for step in 1...3 {
            seen = reader.terminal.images.count
            reader.terminal.type("j")
            #expect(reader.terminal.waitUntil { $0.images.count > seen }, "an image after j \(step)")
            let write = try #require(reader.terminal.images.last)
            #expect(!reader.terminal.repaintedFrames.contains(write.afterFrame), "j \(step) drew over the last")
            // The seam first (from page 1's last row), then page 1's end, then page 2's top.
            #expect(seamRow(write) == seam - 1)
            #expect(write.pieces.map(\.position.row) == [seam - 1, 0, seam + 1])
            seam -= 1
        }
        #expect(reader.terminal.screen.last?.contains("cont") == true)
        _ = reader.quit()
    }

    @Test func halfBlockImageIsAPieceARowOfTheTextArea() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 24, columns: 80))
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let rows = try #require(reader.terminal.images.first?.pieces)
        #expect(rows.map(\.position) == (0..<23).map { FramePosition(row: $0, column: 1) })
        for row in rows {
            // The 78 cells of the text area, each a `▀` after its colours.
            #expect(String(decoding: row.bytes, as: UTF8.self).filter { $0 == "▀" }.count == 78)
        }
        // Scrolling down a row redraws the image from the next row of the page.
        let seen = reader.terminal.images.count
        reader.terminal.type("j")
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        let scrolled = try #require(reader.terminal.images.last?.pieces)
        #expect(scrolled.count == 23)
        #expect(scrolled.first?.position == FramePosition(row: 0, column: 1))
        #expect(scrolled.first?.bytes == rows[1].bytes)
        #expect(scrolled.last?.bytes != rows.last?.bytes)
        _ = reader.quit()
    }

    @Test func terminatingSignalEndsTheSessionOnItsPage() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf", startPage: 4)
        _ = try #require(reader.terminal.waitForScreen(containing: "5/14"))
        reader.terminal.send(.terminate(signal: 15))
        #expect(reader.running.wait() == ReaderSession.Ending(outcome: .signal(15), page: 4))
    }

    /// The Octave manual's outline (517 entries): on its page 730 (printed 714) the section
    /// marked is "Functions of Multiple Variables" (page 728 by mutool's outline; the next entry
    /// is chapter 24 on page 735), and typing filters the entries as you go.
    @Test func theOutlineKnowsWhereYouAreAndFiltersAsYouType() throws {
        let entries = try Mutool.outline(Corpus.path("debian-octave.pdf"))
        let reader = try ReaderUnderTest("debian-octave.pdf", size: ScreenSize(rows: 30, columns: 100), startPage: 729)
        _ = try #require(reader.terminal.waitForScreen(containing: "714 · 730/1158"))
        reader.terminal.type("o")
        let outline = try #require(reader.terminal.waitForScreen(containing: "Outline — \(entries.count) entries"))
        #expect(entries.count > 500)
        let marked = outline.filter { $0.contains("●") }
        #expect(marked.count == 1)
        #expect(marked.first?.contains("Functions of Multiple Variables  712") == true, "\(marked)")
        reader.terminal.type("diffalg")
        let filtered = try #require(reader.terminal.waitForScreen(containing: "entries match 'diffalg'"))
        #expect(filtered[1].contains("Differential-Algebraic Equations"), "\(filtered[1])")
        reader.terminal.type(.enter)
        _ = try #require(reader.terminal.waitForScreen(containing: "722 · 738/1158"))
        _ = reader.quit()
    }

    /// The background count of every match agrees with mutool's text of the whole paper, where
    /// "Sun-" / "Spider" (twice) and "SunSpi-" / "der" split the word at a line's end.
    @Test func theMatchMessageCountsEveryMatchInTheDocument() throws {
        let pages = try Mutool.pageTexts(Corpus.path("pdfjs-tracemonkey.pdf"))
        let whole = pages.reduce(0) { $0 + $1.components(separatedBy: "SunSpider").count - 1 }
        let expected = pages.reduce(0) {
            $0 + $1.replacingOccurrences(of: "-\n", with: "").components(separatedBy: "SunSpider").count - 1
        }
        #expect(expected == whole + 3)
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf")
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type("/SunSpider")
        reader.terminal.type(.enter)
        _ = try #require(reader.terminal.waitForScreen(containing: "match 1 of \(expected) (page 10)"))
        reader.terminal.type("n")
        _ = try #require(reader.terminal.waitForScreen(containing: "match 2 of \(expected) (page 10)"))
        _ = reader.quit()
    }

    /// In the reader a pattern that can backtrack exponentially says so and runs nothing; a slow
    /// one ends, within a bound, with an answer.
    @Test func costlyRegularExpressionsNeverHangTheReader() throws {
        let folder = try TemporaryDirectory()
        let reader = try ReaderUnderTest(path: folder.write(Fixtures.runsOfA(), to: "runs.pdf"))
        _ = try #require(reader.terminal.waitForScreen(containing: "indented"))
        let start = ContinuousClock.now
        reader.terminal.type("/re:(a+)+$")
        reader.terminal.type(.enter)
        _ = try #require(reader.terminal.waitForScreen(containing: "is too costly a regular expression"))
        reader.terminal.type("/re:.*.*b")
        reader.terminal.type(.enter)
        _ = try #require(reader.terminal.waitForScreen(containing: "No match for 're:.*.*b'"))
        #expect(ContinuousClock.now - start < .seconds(30))
        _ = reader.quit()
    }

    /// Ctrl-C (SIGINT) while a search runs through the 1,158-page manual stops the search and
    /// keeps the reader open, as in less; with nothing running it ends the session as before.
    @Test func ctrlCStopsASearchAndThenQuits() throws {
        let reader = try ReaderUnderTest("debian-octave.pdf")
        _ = try #require(reader.terminal.waitForScreen(containing: " 1/1158"))
        reader.terminal.type("/qqzzyx")
        reader.terminal.type(.enter)
        _ = try #require(reader.terminal.waitForScreen(containing: "Searching"))
        reader.terminal.send(.terminate(signal: SIGINT))
        let stopped = try #require(reader.terminal.waitForScreen(containing: "Search for 'qqzzyx' stopped"))
        #expect(stopped.last?.trimmed.hasSuffix("T-1 · 1/1158") == true)
        reader.terminal.send(.terminate(signal: SIGINT))
        #expect(reader.running.wait() == ReaderSession.Ending(outcome: .signal(SIGINT), page: 0))
    }

    @Test func resumingLaysOutForTheSizeTheTerminalHasNow() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf")
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        let seen = reader.terminal.frameCount
        // Resized while stopped: no SIGWINCH reaches a stopped process.
        reader.terminal.resize(whileSuspendedTo: ScreenSize(rows: 30, columns: 100))
        reader.terminal.send(.suspendRequested)
        let frame = try #require(
            reader.terminal.waitForFrame(after: seen) { $0.size == ScreenSize(rows: 30, columns: 100) })
        #expect(reader.terminal.suspensions == 1)
        #expect(frame.lines.count == 30 && frame.lines.allSatisfy { $0.count == 100 })
        #expect(frame.lines[29].trimmed.hasSuffix(" 1/14"))
        // The text is wrapped anew at 98 columns: lines longer than the 78 it had.
        #expect(frame.lines.dropLast().contains { $0.trimmed.count > 78 })
        _ = reader.quit()
    }
}

/// The size a sixel image declares in its raster attributes (`"1;1;WIDTH;HEIGHT`).
struct SixelRaster {
    var width: Int
    var height: Int

    init?(_ bytes: [UInt8]) {
        guard let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let digits = bytes[(quote + 1)...].prefix { $0 == UInt8(ascii: ";") || (48...57).contains($0) }
        let numbers = String(decoding: digits, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 4 else { return nil }
        width = numbers[2]
        height = numbers[3]
    }
}

extension String {
    /// Without the spaces that pad a row to the screen's width.
    var trimmed: String {
        trimmingCharacters(in: .whitespaces)
    }

    /// Padded with spaces to `width` columns.
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(width - count, 0))
    }
}
