import FolioCore
import FolioTestSupport
import Testing

/// Whole screens asserted as text, in the style of ratatui's `assert_buffer_lines`.
@Suite struct ReaderViewTests {
    /// The first page of the fake document: a heading and a two-line paragraph.
    static let firstPage = PageTextFixture.page([
        ["Chapter 1"],
        ["It was a bright cold day in April, and", "the clocks were striking thirteen."],
    ])

    private func session(fileName: String = "doc.pdf", title: String? = "Sample") -> ReaderSession {
        var session = ReaderSession(pageCount: 3, fileName: fileName, title: title)
        session.deliver(Self.firstPage, for: 0)
        return session
    }

    /// `rows` padded with spaces to `width` cells, as ``Frame/lines`` reports them.
    private func screen(_ rows: [String], width: Int = 40) -> [String] {
        rows.map { $0 + String(repeating: " ", count: width - DisplayWidth.of($0)) }
    }

    @Test func pageWithMarginsAndStatusLine() {
        let frame = ReaderView.render(session().state)
        #expect(
            frame.lines
                == screen([
                    " Chapter 1",
                    "",
                    " It was a bright cold day in April, and",
                    " the clocks were striking thirteen.",
                    "",
                    "",
                    "",
                    "",
                    "",
                    " doc.pdf                    reflow  1/3 ",
                ]))
        #expect(frame.rows[0] == [Span(text: " Chapter 1", style: .normal)])
        #expect(frame.rows[9] == [Span(text: " doc.pdf                    reflow  1/3 ", style: .reverse)])
        #expect(frame.cursor == nil)
    }

    @Test func scrolledPageShowsLaterLines() {
        var session = ReaderSession(pageCount: 3)
        session.deliverNumbered(0, lineCount: 20)
        session.type("3j")
        func word(_ number: Int) -> String {
            let label = "P0L\(number)"
            return " " + label + String(repeating: "=", count: 38 - label.count)
        }
        // Rows 4 to 12 of 20: 60% of the page read down to the screen's last row.
        #expect(
            ReaderView.render(session.state).lines
                == screen((4...12).map(word) + [" doc.pdf             ▾ 60%  reflow  1/3 "]))
        session.type("99j")
        #expect(ReaderView.render(session.state).lines.last == " doc.pdf              100%  reflow  1/3 ")
    }

    @Test func tooSmallTerminalShowsOnlyANotice() {
        var session = session()
        session.resize(rows: 10, columns: 39)
        let lines = ReaderView.render(session.state).lines
        var expected = Array(repeating: "", count: 10)
        expected[5] = "   Terminal too small (needs 40×10)"
        #expect(lines == screen(expected, width: 39))

        session.resize(rows: 9, columns: 40)
        #expect(ReaderView.render(session.state).lines[4] == screen(["    Terminal too small (needs 40×10)"])[0])

        // Narrower, the notice gets shorter rather than cut off mid-word.
        for (columns, notice) in [(30, "Too small: needs 40×10"), (15, "Needs 40×10"), (8, "40×10"), (3, "40×")] {
            session.resize(rows: 6, columns: columns)
            let indent = String(repeating: " ", count: (columns - DisplayWidth.of(notice)) / 2)
            #expect(ReaderView.render(session.state).lines[3] == screen([indent + notice], width: columns)[0])
        }

        session.resize(rows: 10, columns: 40)
        #expect(ReaderView.render(session.state).lines[0] == screen([" Chapter 1"])[0])
    }

    @Test func tinyTerminalsStillRender() {
        var session = session()
        session.resize(rows: 0, columns: 0)
        #expect(ReaderView.render(session.state).rows.isEmpty)
        session.resize(rows: 1, columns: 5)
        #expect(ReaderView.render(session.state).lines == ["40×10"])
    }

    @Test func pageNotLoadedYet() {
        var session = session()
        session.press(.right)
        let frame = ReaderView.render(session.state)
        #expect(
            frame.lines
                == screen([
                    " Loading page 2…",
                    "", "", "", "", "", "", "", "",
                    " doc.pdf                    reflow  2/3 ",
                ]))
        #expect(frame.rows[0].map(\.style) == [.dim])
    }

    @Test func unreadablePageShowsItsErrorSafely() {
        var session = session()
        _ = session.state.handle(.pageFailed(page: 1, reason: .damaged(message: "bad\u{1B}[2Jstream")))
        session.press(.right)
        let frame = ReaderView.render(session.state)
        #expect(
            frame.lines
                == screen([
                    " Page 2 could not be read:",
                    " bad\u{FFFD}[2Jstream",
                    "", "", "", "", "", "", "",
                    " doc.pdf                    reflow  2/3 ",
                ]))
        #expect(frame.rows[0].map(\.style) == [.error])
        session.press(.left)
        #expect(ReaderView.render(session.state).lines[0] == screen([" Chapter 1"])[0])
    }

    @Test func pageWithoutText() {
        var session = ReaderSession(pageCount: 3)
        session.deliver(PageText(width: 612, height: 792, blocks: []), for: 0)
        #expect(ReaderView.render(session.state).lines[0] == screen([" No text on this page"])[0])
    }

    @Test func helpOverlayAtTheMinimumSize() {
        var session = session()
        // The heading and a blank row, a row per binding, a blank row and the counts note.
        let lineCount = ReaderKeymap.standard.bindings.count + 4
        session.type("?")
        let help = ReaderView.render(session.state).lines
        #expect(
            Array(help.prefix(9))
                == screen([
                    " doc.pdf: Sample",
                    "",
                    " Right, l           Next page",
                    " Left, h            Previous page",
                    " Down, j            Down a line",
                    " Up, k              Up a line",
                    " Space, PageDown    Down a screen",
                    " b, PageUp          Up a screen",
                    " … lines 1–8 of \(lineCount): Down more",
                ]))
        #expect(help[9].hasPrefix(" Help: Down/Up scroll"), "\(help[9])")
        // The keys that scroll a page scroll the help.
        session.type("j")
        #expect(ReaderView.render(session.state).lines[0] == screen([""])[0])
        #expect(
            ReaderView.render(session.state).lines[8] == screen([" … lines 2–9 of \(lineCount): Down more, Up back"])[0]
        )
        session.type("        ")
        let last = ReaderView.render(session.state).lines
        #expect(last[8] == screen([" … lines \(lineCount - 7)–\(lineCount) of \(lineCount): Up back"])[0])
        #expect(last[7].hasPrefix(" Counts: "))
        session.type("x")
        #expect(ReaderView.render(session.state).lines[0] == screen([" Chapter 1"])[0])
    }

    @Test func helpOverlayListsEveryBindingWhenThereIsRoom() {
        var session = session()
        // Title and blank row, two columns of bindings, a blank row, the counts and the status line.
        session.resize(rows: (ReaderKeymap.standard.bindings.count + 1) / 2 + 5, columns: 100)
        session.type("?")
        let lines = ReaderView.render(session.state).lines
        for binding in ReaderKeymap.standard.bindings {
            #expect(lines.contains { $0.contains(binding.summary) }, "missing \(binding.summary)")
        }
        let rows = (ReaderKeymap.standard.bindings.count + 1) / 2
        #expect(lines[2 + rows + 1].hasPrefix(" Counts: 5l = 5 pages on, 12G = page 12; g 12 Enter = page 12"))
        #expect(!lines.contains { $0.contains("taller terminal") })
    }

    @Test func helpComesFromTheKeyTable() {
        let keymap = ReaderKeymap(bindings: [
            ReaderKeyBinding(keys: [.character("x")], command: .quit, summary: "Leave")
        ])
        var state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 3),
            startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40),
            keys: .with(reader: keymap))
        _ = state.handle(.key(.character("?")))
        // "?" is not in this table, so it does not open help; "x" is, and quits.
        #expect(!state.showingHelp)
        #expect(state.handle(.key(.character("x"))) == [.quit])

        var helpful = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 3),
            startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40),
            keys: .with(
                reader: ReaderKeymap(
                    bindings: keymap.bindings + [
                        ReaderKeyBinding(keys: [.function(1)], command: .help, summary: "Help")
                    ])))
        _ = helpful.handle(.key(.function(1)))
        #expect(
            Array(ReaderView.render(helpful).lines.prefix(6))
                == screen([
                    " doc.pdf",
                    "",
                    " x   Leave   F1  Help",
                    "",
                    "",
                    "",
                ]),
            "no count line: this table binds no command a count or the go-to prompt applies to")
    }

    @Test func countsNoteNamesTheTablesKeys() {
        let keymap = ReaderKeymap(bindings: [
            ReaderKeyBinding(keys: [.right, .character("J")], command: .nextPage, summary: "Next"),
            ReaderKeyBinding(keys: [.character(":")], command: .goToPagePrompt, summary: "Go to"),
            ReaderKeyBinding(keys: [.function(1)], command: .help, summary: "Help"),
        ])
        var state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 3),
            startPage: 0,
            screen: ScreenSize(rows: 10, columns: 60),
            keys: .with(reader: keymap))
        _ = state.handle(.key(.function(1)))
        let counts = " Counts: 5J = 5 pages on; : 12 Enter = page 12"
        #expect(ReaderView.render(state).lines.contains(screen([counts], width: 60)[0]))
    }

    @Test func goToPromptOnTheStatusLineWithCursor() {
        var session = session()
        session.type("g12")
        let frame = ReaderView.render(session.state)
        #expect(frame.lines[9] == " doc.pdf  Go to page: 12▏   reflow  1/3 ")
        #expect(frame.cursor == FramePosition(row: 9, column: 24))
    }

    @Test func countAndWrapOnTheStatusLine() {
        var session = session()
        session.type("w5")
        #expect(ReaderView.render(session.state).lines[9] == " doc.pdf         [5]  wrap  reflow  1/3 ")
    }

    @Test func longFileNameIsShortenedInTheMiddle() {
        let name = "a-very-long-file-name-for-testing.pdf"
        var session = session(fileName: name)
        #expect(ReaderView.render(session.state).lines[9] == " a-very-long-…-testing.pdf  reflow  1/3 ")
        session.press(.end, .right)
        #expect(ReaderView.render(session.state).lines[9] == " a-very-…ng.pdf  Last page  reflow  3/3 ")
    }

    @Test func fileNameGivesWayToALongMessage() {
        var session = session(fileName: "a-very-long-file-name-for-testing.pdf")
        session.type("g999")
        session.press(.enter)
        #expect(ReaderView.render(session.state).lines[9] == " No page 999 (1–3)          reflow  1/3 ")
    }

    @Test func physicalLayoutScrollsSideways() {
        var session = ReaderSession(pageCount: 3)
        session.deliver(PageTextFixture.page([[String(repeating: "abcdefghij", count: 10)]]), for: 0)
        session.type("L>")
        let lines = ReaderView.render(session.state).lines
        #expect(lines[0] == " j" + String(repeating: "abcdefghij", count: 3) + "abcdefg ")
        // 19 cells scrolled and 38 shown of the 100-character line: more on both sides, 57% of
        // the width shown up to the screen's right edge.
        #expect(lines[9] == " doc.pdf            ◂▸ 57%  layout  1/3 ")
    }

    @Test func hostileFileNameIsSanitised() {
        var session = session(fileName: "\u{1B}]0;pwned\u{07}.pdf", title: "\u{9B}2J\u{1B}P")
        let lines = ReaderView.render(session.state).lines
        #expect(lines[9] == " \u{FFFD}]0;pwned\u{FFFD}.pdf             reflow  1/3 ")
        session.type("?")
        let help = ReaderView.render(session.state).lines
        #expect(help[0] == screen([" \u{FFFD}]0;pwned\u{FFFD}.pdf: \u{FFFD}2J\u{FFFD}P"])[0])
        for line in lines + help {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func controlCharactersInPageTextAreSanitised() {
        var session = ReaderSession(pageCount: 3)
        session.deliver(PageTextFixture.page([["red \u{1B}[31malert\u{9B}m"]]), for: 0)
        #expect(ReaderView.render(session.state).lines[0] == screen([" red \u{FFFD}[31malert\u{FFFD}m"])[0])
    }

    @Test(arguments: [(10, 40), (24, 80), (13, 57), (10, 39), (3, 100)])
    func everyRowFitsTheScreen(rows: Int, columns: Int) {
        var session = session(fileName: String(repeating: "long-名前-", count: 12) + ".pdf")
        session.deliver(PageTextFixture.page([[String(repeating: "中文 wide ", count: 30)]]), for: 1)
        session.resize(rows: rows, columns: columns)
        for keys in [[], [Key.right], [.character("?")], [.character("g"), .character("4")], [.character("L")]] {
            var current = session
            _ = keys.map { current.state.handle(.key($0)) }
            let frame = ReaderView.render(current.state)
            #expect(frame.rows.count == rows)
            for row in frame.rows {
                #expect(DisplayWidth.of(row.map(\.text).joined()) <= columns)
            }
        }
    }

    @Test func runningHeaderIsDimmed() {
        var session = ReaderSession(pageCount: 3)
        let header = PageTextFixture.block(["Journal of Tests"], y: 20)
        let body = PageTextFixture.block(["The body of the page."], y: 300)
        session.deliver(PageTextFixture.page([header, body]), for: 0)
        let frame = ReaderView.render(session.state)
        #expect(frame.rows[0] == [Span(text: " Journal of Tests", style: .dim)])
        #expect(frame.rows[2] == [Span(text: " The body of the page.", style: .normal)])
    }

    /// The text view shows one page at a time: a paragraph going on over the page break ends
    /// with a dimmed pointer to the page where it goes on.
    @Test func aParagraphGoingOnOnTheNextPageSaysWhere() throws {
        // The second page is printed "ii": the pointer names it as the page does.
        var session = ReaderSession(
            pageCount: 3, screen: ScreenSize(rows: 10, columns: 60),
            labelRanges: [.init(startPage: 0, style: .lowerRoman)])
        let last = PageTextFixture.block(
            ["The last paragraph of the page is cut", "off in the middle of its sentence and"], y: 600)
        session.deliver(PageTextFixture.page([last]), for: 0)
        var frame = ReaderView.render(session.state)
        #expect(!frame.rows.contains { $0.contains { $0.text.contains("→") } })
        session.deliver(PageTextFixture.page([PageTextFixture.block(["goes on here.", "Done."], y: 72)]), for: 1)
        frame = ReaderView.render(session.state)
        let marker = try #require(frame.rows.first { $0.contains { $0.text.contains("→") } })
        #expect(marker == [Span(text: " → p. ii", style: .dim)])
    }

    /// A running head set larger than the body, below the margin band, is dimmed once the
    /// pages around show it repeated: what `folio --text --reflow` leaves out.
    @Test func aRunningHeadOutsideTheBandIsDimmedOnceTheNeighboursAreHere() {
        var session = ReaderSession(pageCount: 3, startPage: 1, screen: ScreenSize(rows: 10, columns: 60))
        func page(_ number: Int) -> PageText {
            PageTextFixture.page([
                PageTextFixture.scaled(PageTextFixture.block(["Chapter 2: Reading"], y: 100), by: 2),
                PageTextFixture.block(["Body of page \(number)."], y: 300),
            ])
        }
        session.deliver(page(1), for: 1)
        #expect(ReaderView.render(session.state).rows[0] == [Span(text: " Chapter 2: Reading", style: .normal)])
        session.deliver(page(0), for: 0)
        session.deliver(page(2), for: 2)
        #expect(ReaderView.render(session.state).rows[0] == [Span(text: " Chapter 2: Reading", style: .dim)])
    }
}
