import FolioCore
import Testing

/// Search matches and links, found in a line's logical text, drawn where the line shows those
/// characters once it is put in visual order and set against the right edge.
@Suite struct VisualOrderTests {
    let book = "كتاب"
    let new = "جديد"

    /// `string` reversed scalar by scalar: an Arabic word without marks as a terminal must be sent it.
    func reversed(_ string: String) -> String {
        String(String.UnicodeScalarView(string.unicodeScalars.reversed()))
    }

    /// UAX #9 resolves "abc كتاب 123" (a left-to-right paragraph) to levels 0, 0, 0, 0, 1, 1, 1,
    /// 1, 1, 2, 2, 2 (MuPDF's answer, checked in RightToLeftCorpusTests): drawn "abc 123 باتك".
    /// The logical "كتاب 1" is drawn in two pieces, the "1" apart from the word and its space.
    @Test func aLogicalRangeIsDrawnWhereVisualOrderPutsItsCharacters() throws {
        let line = "abc \(book) 123"
        let bidi = FixedLevels(levels: [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2])
        let visual = try #require(VisualOrder(of: line, rightToLeft: false, bidi: bidi))
        #expect(visual.text == "abc 123 " + reversed(book))
        #expect(visual.drawnAt == [0, 1, 2, 3, 11, 10, 9, 8, 7, 4, 5, 6])
        #expect(visual.runs(of: 4..<10) == [4..<5, 7..<12])
        #expect(visual.runs(of: 0..<3) == [0..<3])
        #expect(visual.runs(of: 9..<12) == [4..<7], "the number keeps its order")
    }

    @Test func aLineWithoutRightToLeftLettersHasNoVisualForm() {
        #expect(VisualOrder(of: "plain 123", rightToLeft: false, bidi: FixedLevels(levels: [])) == nil)
    }

    /// A mark stays with its letter: "حَب" is three scalars but two Characters, drawn "بحَ".
    @Test func aLetterAndItsMarkAreOneCharacterDrawnTogether() throws {
        let visual = try #require(
            VisualOrder(of: "حَب", rightToLeft: true, bidi: FixedLevels(levels: [1, 1, 1])))
        #expect(visual.text == "بحَ")
        #expect(visual.drawnAt == [1, 0])
        #expect(visual.runs(of: 0..<1) == [1..<2])
    }

    @Test func aRightAlignedLineShiftsItsRunsByItsMargin() throws {
        var line = LaidOutLine(text: "\(book) 12")
        line.isRightToLeft = true
        line.visual = VisualOrder(of: line.text, rightToLeft: true, bidi: ArabicRunsReversed())
        #expect(line.shown(inColumns: 10) == "   12 " + reversed(book))
        #expect(line.shownRuns(of: 0..<4, inColumns: 10) == [6..<10])
        #expect(line.shownRuns(of: 5..<7, inColumns: 10) == [3..<5])
        let plain = LaidOutLine(text: "plain")
        #expect(plain.shownRuns(of: 1..<3, inColumns: 10) == [1..<3])
    }

    /// In the reader, the highlighted cells of a right-to-left line are the matched word as drawn.
    @Test func theReaderHighlightsAMatchWhereItIsDrawn() {
        var session = ReaderSession(pageCount: 1, bidi: ArabicRunsReversed())
        let page = PageTextFixture.page([
            TextBlock(
                lines: [RightToLeftTests().logicalLine("\(book) PDF \(new) 12")],
                box: TextRect(x0: 200, y0: 72, x1: 300, y1: 84))
        ])
        session.deliver(page, for: 0)
        session.type("/\(new)")
        session.press(.enter)
        var row = ReaderView.render(session.state).rows[0]
        #expect(row.filter { $0.style == .currentMatch }.map(\.text) == [reversed(new)])
        // The spans still make up the line as shown: right-aligned, in visual order.
        #expect(row.map(\.text).joined().hasSuffix("12 \(reversed(new)) PDF \(reversed(book))"))
        session.type("/pdf")
        session.press(.enter)
        row = ReaderView.render(session.state).rows[0]
        #expect(row.filter { $0.style == .currentMatch }.map(\.text) == ["PDF"])
        session.type("/\(new) 1")
        session.press(.enter)
        row = ReaderView.render(session.state).rows[0]
        // Under the stand-in's levels the number runs left to right: "1" is drawn at its left.
        #expect(row.filter { $0.style == .currentMatch }.map(\.text) == ["1", " \(reversed(new))"])
    }

    /// "كتاب جديد 12" with a link over "جديد", right-aligned in a 38-cell text area: drawn
    /// "12 ديدج باتك" from cell 26, so the link's word takes shown characters 29 to 32.
    @Test func aLinkInARightToLeftLineIsUnderlinedClickedAndHintedWhereItIsDrawn() throws {
        var session = ReaderSession(pageCount: 12, bidi: ArabicRunsReversed())
        let line = RightToLeftTests().logicalLine("\(book) \(new) 12")
        let page = PageTextFixture.page([TextBlock(lines: [line], box: line.box)])
        let word = line.chars[5...8]
        let box = word.dropFirst().reduce(try #require(word.first).box) { union, char in
            TextRect(x0: min(union.x0, char.box.x0), y0: union.y0, x1: max(union.x1, char.box.x1), y1: union.y1)
        }
        let links = [LinkItem(box: box, page: 9, uri: nil)]
        session.deliver(page, for: 0)
        _ = session.state.handle(.pageLinksLoaded(page: 0, links: links))
        let row = ReaderView.render(session.state).rows[0]
        #expect(row.filter { $0.style == .link }.map(\.text) == [reversed(new)])
        _ = session.state.handle(.key(.character("f")))
        _ = session.state.handle(.linksLoaded(page: 0, links: links))
        let hinted = ReaderView.render(session.state).rows[0].map(\.text).joined()
        // The hint stands before the word as it is read: right of its first letter.
        #expect(hinted == " " + String(repeating: " ", count: 25) + "12 \(reversed(new))a \(reversed(book))")
        session.press(.escape)
        // Screen column 1 + 26 + 4 is the word's third shown letter.
        _ = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 31)))
        #expect(session.state.currentPage == 9)
    }

    /// The outline runs as the body does: a title that reads right to left is drawn in visual
    /// order against the right edge, its fold mark right of it and its page on the left; the
    /// filter highlights the letters it matched where they are drawn; the status line's section
    /// is in visual order too.
    @Test func rightToLeftOutlineTitlesAreRightAlignedInVisualOrder() throws {
        var session = ReaderSession(
            pageCount: 10, screen: ScreenSize(rows: 10, columns: 60), bidi: ArabicRunsReversed())
        session.deliverNumbered(0, lineCount: 3)
        let introduction = "مقدمة"
        let chapter = "الفصل الأول 1"
        session.type("o")
        _ = session.state.handle(
            .outlineLoaded([
                OutlineItem(title: introduction, level: 0, page: 0),
                OutlineItem(title: chapter, level: 0, page: 2),
                OutlineItem(title: "Latin child", level: 1, page: 3),
            ]))
        // A 58-cell text area after the one-cell margin (one column is left free on the right).
        let width = 59
        func row(left: String, title: String, right: String) -> String {
            left + String(repeating: " ", count: width - left.count - title.count - right.count) + title + right
        }
        let lines = session.screenLines
        #expect(lines[1].hasPrefix(row(left: " ● 1  ", title: reversed(introduction), right: "  ")))
        #expect(lines[2].hasPrefix(row(left: "   3  ", title: "1 " + reversed("الفصل الأول"), right: " ▾")))
        #expect(lines[3].hasPrefix("       Latin child  4"))
        session.type("فصل")
        let rows = ReaderView.render(session.state).rows
        #expect(rows[1].filter { $0.style == .highlight }.map(\.text) == [reversed("فصل")])
        session.press(.escape)
        session.press(.escape)
        #expect(session.screenLines.last?.contains("§ " + reversed(introduction)) == true)
    }

    /// A message quoting an Arabic pattern goes out in visual order, as the page does; the
    /// prompt it was typed in stays in the order typed.
    @Test func aMessageQuotingAnArabicPatternIsInVisualOrder() {
        var session = ReaderSession(pageCount: 3, screen: ScreenSize(rows: 10, columns: 60), bidi: ArabicRunsReversed())
        session.deliverNumbered(0, lineCount: 3)
        session.type("/\(new)")
        #expect(session.screenLines.last?.contains("/\(new)") == true)
        session.press(.enter)
        _ = session.state.handle(.searchFailed(id: 1, reason: nil))
        #expect(session.state.message == .noMatchToEnd(pattern: new, direction: .forward))
        #expect(session.screenLines.last?.contains("No match for '\(reversed(new))'") == true)
    }

    /// Where the terminal reorders lines itself (`set bidi off`: no algorithm given), a
    /// right-to-left line goes out in logical order from the left edge, matches where they are
    /// in it: the terminal moves the cells, their colours with them.
    @Test func withoutABidiAlgorithmLinesGoOutInLogicalOrderForTheTerminalToReorder() {
        var session = ReaderSession(pageCount: 1)
        let line = RightToLeftTests().logicalLine("\(book) \(new)")
        session.deliver(PageTextFixture.page([TextBlock(lines: [line], box: line.box)]), for: 0)
        #expect(session.screenLines[0].hasPrefix(" \(book) \(new) "))
        session.type("/\(new)")
        session.press(.enter)
        #expect(ReaderView.render(session.state).rows[0].filter { $0.style == .currentMatch }.map(\.text) == [new])
    }
}

/// A bidirectional algorithm answering with given levels (and no mirroring).
struct FixedLevels: BidiAlgorithm {
    var levels: [UInt8]

    func levels(of scalars: [Unicode.Scalar], rightToLeft: Bool) -> BidiLevels? {
        guard levels.count == scalars.count else { return nil }
        return BidiLevels(levels: levels, mirrored: scalars)
    }
}
