import FolioCore
import Testing

/// Right-to-left text on generated lines whose order and geometry are known: logical order kept,
/// visual order detected and turned round, word spaces recovered, visual order for the screen.
@Suite struct RightToLeftTests {
    /// "كتاب" (book) and "جديد" (new), in logical order.
    let book = "كتاب"
    let new = "جديد"

    /// A line stored in logical order, as a right-to-left writer emits it: each character is
    /// placed left of the one before, starting at `right`; `gaps` adds extra points before the
    /// character at each index.
    func logicalLine(_ string: String, right: Double = 300, gaps: [Int: Double] = [:]) -> TextLine {
        var cursor = right
        var chars: [TextChar] = []
        for (index, scalar) in string.unicodeScalars.enumerated() {
            cursor -= gaps[index] ?? 0
            let advance = Double(DisplayWidth.of(scalar)) * PageTextFixture.cellWidth
            chars.append(
                TextChar(scalar: scalar, box: TextRect(x0: cursor - advance, y0: 72, x1: cursor, y1: 84), size: 10))
            cursor -= advance
        }
        return TextLine(chars: chars, box: TextRect(x0: cursor, y0: 72, x1: right, y1: 84))
    }

    @Test func aLineInLogicalOrderStaysAsItIs() {
        let line = logicalLine("\(book) \(new)")
        #expect(RightToLeft.logicalOrder(line).text == "\(book) \(new)")
    }

    @Test func aLineStoredInVisualOrderIsTurnedToLogicalOrder() {
        // Left to right on the page, "جديد كتاب" shows the two words in visual order: the page
        // holds the reversed letters, as pdfjs-ArabicCIDTrueType.pdf does.
        let visual = String(String.UnicodeScalarView("\(book) \(new)".unicodeScalars.reversed()))
        let line = PageTextFixture.line(visual, y: 72)
        #expect(RightToLeft.logicalOrder(line).text == "\(book) \(new)")
    }

    @Test func numbersAndLatinWordsInsideKeepTheirOwnOrder() {
        // Logical "كتاب 2024 PDF جديد", drawn: جديد PDF 2024 كتاب (from the left).
        let drawn =
            String(String.UnicodeScalarView(new.unicodeScalars.reversed())) + " PDF 2024 "
            + String(String.UnicodeScalarView(book.unicodeScalars.reversed()))
        let line = PageTextFixture.line(drawn, y: 72)
        #expect(RightToLeft.logicalOrder(line).text == "\(book) 2024 PDF \(new)")
    }

    @Test func aLeftToRightLineWithAnArabicWordInVisualOrderTurnsOnlyThatWord() {
        let drawn = "see " + String(String.UnicodeScalarView(book.unicodeScalars.reversed())) + " now"
        let line = PageTextFixture.line(drawn, y: 72)
        #expect(RightToLeft.logicalOrder(line).text == "see \(book) now")
    }

    @Test func aLineTurnedUpsideDownIsReadAlongItsOwnDirection() {
        // A page turned half round (/Rotate 180) runs its lines leftward: the logical order of
        // an Arabic word then moves right on the page, and must not be taken for visual order.
        var line = logicalLine(book)
        line.chars = line.chars.map { char in
            var turned = char
            turned.box = TextRect(x0: 600 - char.box.x1, y0: char.box.y0, x1: 600 - char.box.x0, y1: char.box.y1)
            return turned
        }
        line.direction = TextDirection(x: -1, y: 0)
        #expect(RightToLeft.logicalOrder(line).text == book)
    }

    @Test func aWordGapWithoutASpaceBecomesASpace() {
        let joined = logicalLine(book + new, gaps: [4: 6])
        #expect(RightToLeft.logicalOrder(joined).text == "\(book) \(new)")
        let tight = logicalLine(book + new, gaps: [4: 1])
        #expect(RightToLeft.logicalOrder(tight).text == book + new)
    }

    @Test func leftToRightLinesAreLeftAlone() {
        let line = PageTextFixture.line("plain    text", y: 72)
        #expect(RightToLeft.logicalOrder(line) == line)
    }

    @Test func visualOrderReversesRunsByLevelMirrorsAndKeepsMarksOnTheirLetters() {
        // "بَ(ا) 12": a right-to-left paragraph (level 1) with a number (level 2); the fatha
        // (U+064E) sits on the beh.
        let scalars = Array("ب\u{64E}(ا) 12".unicodeScalars)
        let levels: [UInt8] = [1, 1, 1, 1, 1, 1, 2, 2]
        let mirrored = scalars.map { scalar -> Unicode.Scalar in
            scalar == "(" ? ")" : scalar == ")" ? "(" : scalar
        }
        let visual = RightToLeft.visual(scalars, levels: BidiLevels(levels: levels, mirrored: mirrored))
        #expect(String(String.UnicodeScalarView(visual)) == "12 (ا)ب\u{64E}")
    }

    @Test func paragraphDirectionComesFromTheFirstStrongCharacter() {
        #expect(RightToLeft.isRightToLeftParagraph("«\(book)» PDF".unicodeScalars))
        #expect(!RightToLeft.isRightToLeftParagraph("2024 PDF \(book)".unicodeScalars))
    }

    @Test func theReflowMarksRightToLeftParagraphs() {
        let page = PageTextFixture.page([
            TextBlock(lines: [logicalLine("\(book) \(new)")], box: TextRect(x0: 240, y0: 72, x1: 300, y1: 84)),
            PageTextFixture.block(["An English line."], y: 120),
        ])
        let lines = TextLayout.reflow(page, width: 40).filter { !$0.text.isEmpty }
        #expect(lines.map(\.text) == ["\(book) \(new)", "An English line."])
        #expect(lines.map(\.isRightToLeft) == [true, false])
    }

    /// A right-to-left paragraph is aligned at the right edge: its lines end short and start
    /// indented on the right, mirrored from left-to-right text.
    @Test func rightToLeftParagraphsBreakWhereTheirLinesEndShortOnTheLeft() {
        let long = "\(book) \(new) \(book) \(new) \(book)"
        let lines = [
            logicalLine(long, right: 300), logicalLine(long, right: 300), logicalLine("\(book) \(new)", right: 300),
            logicalLine("\(new) \(book) \(new) \(book)", right: 282), logicalLine(long, right: 300),
        ].enumerated().map { index, line in
            var line = line
            line.box.y0 += Double(index) * 12
            line.box.y1 += Double(index) * 12
            line.chars = line.chars.map { char in
                var char = char
                char.box.y0 += Double(index) * 12
                char.box.y1 += Double(index) * 12
                char.baseline = char.box.y1
                return char
            }
            return line
        }
        let block = TextBlock(lines: lines, box: TextRect(x0: 156, y0: 72, x1: 300, y1: 132))
        let paragraphs = TextLayout.reflow(PageTextFixture.page([block]), width: TextLayout.unlimitedWidth)
            .map(\.text).filter { !$0.isEmpty }
        #expect(paragraphs == ["\(long) \(long) \(book) \(new)", "\(new) \(book) \(new) \(book) \(long)"])
    }

    @Test func theLayoutViewPlacesRightToLeftTextAsItIsDrawn() {
        let page = PageTextFixture.page([
            TextBlock(lines: [logicalLine("\(book) \(new)")], box: TextRect(x0: 246, y0: 72, x1: 300, y1: 84))
        ])
        let rows = TextLayout.physical(page).map(\.text)
        #expect(rows == [String(String.UnicodeScalarView("\(book) \(new)".unicodeScalars.reversed()))])
    }

    @Test func aLetterWithoutWidthInsideALigatureDoesNotSplitItsWord() {
        // "سنا": the noon drawn as part of the alef's ligature glyph, with a box of no width
        // (as MuPDF gives idpf-regime-anticancer-arabic.epub's "حسنًا").
        var line = logicalLine("سنا")
        line.chars[1].box = TextRect(x0: 291, y0: 72, x1: 291, y1: 84)
        line.chars[2].box = TextRect(x0: 280, y0: 72, x1: 287, y1: 84)
        let page = PageTextFixture.page([TextBlock(lines: [line], box: line.box)])
        #expect(TextLayout.physical(page).map(\.text) == ["انس"])
    }

    @Test func aWordSpaceIsRecoveredAfterPunctuationButNeverBeforeIt() {
        let afterComma = logicalLine("\(book)،\(new)", gaps: [5: 6])
        #expect(RightToLeft.logicalOrder(afterComma).text == "\(book)، \(new)")
        let beforeStop = logicalLine("\(book).", gaps: [4: 6])
        #expect(RightToLeft.logicalOrder(beforeStop).text == "\(book).")
    }

    @Test func bracketsInRightToLeftTextAreMirroredBetweenDrawingAndReading() {
        // Logical "كتاب (جديد)", drawn from the left: "(ديدج) باتك" — the opening bracket,
        // read first, is drawn at the right as ")".
        let logical = "\(book) (\(new))"
        let page = PageTextFixture.page([TextBlock(lines: [logicalLine(logical)], box: logicalLine(logical).box)])
        let drawn =
            "(" + String(String.UnicodeScalarView(new.unicodeScalars.reversed())) + ") "
            + String(String.UnicodeScalarView(book.unicodeScalars.reversed()))
        #expect(TextLayout.physical(page).map(\.text) == [drawn])
        // A PDF storing the drawn order gives the reader the logical one back.
        #expect(RightToLeft.logicalOrder(PageTextFixture.line(drawn, y: 72)).text == logical)
        // Brackets among Latin words are left alone.
        #expect(
            RightToLeft.logicalOrder(PageTextFixture.line("see (this) " + book, y: 72)).text.hasPrefix("see (this)"))
    }

    @Test func theVisualFormComesFromTheBidiAlgorithm() {
        let lines = [LaidOutLine(text: "\(book) 12"), LaidOutLine(text: "plain")]
        var rightToLeft = lines
        rightToLeft[0].isRightToLeft = true
        let shown = TextLayout.withVisualOrder(rightToLeft, bidi: ArabicRunsReversed())
        #expect(shown[0].visual?.text == "12 " + String(String.UnicodeScalarView(book.unicodeScalars.reversed())))
        #expect(shown[0].text == "\(book) 12")
        #expect(shown[1].visual == nil)
    }

    @Test func theReaderShowsARightToLeftParagraphRightAlignedInVisualOrder() {
        var session = ReaderSession(pageCount: 1, bidi: ArabicRunsReversed())
        let page = PageTextFixture.page([
            TextBlock(lines: [logicalLine("\(book) 12")], box: TextRect(x0: 240, y0: 72, x1: 300, y1: 84)),
            PageTextFixture.block(["An English line."], y: 120),
        ])
        session.deliver(page, for: 0)
        let lines = ReaderView.render(session.state).lines
        let visual = "12 " + String(String.UnicodeScalarView(book.unicodeScalars.reversed()))
        // The text area is 38 cells after the one-cell margin; the line ends at its right edge.
        #expect(lines[0] == " " + String(repeating: " ", count: 38 - 7) + visual + " ")
        #expect(lines[2].hasPrefix(" An English line."))
    }
}

/// A stand-in for the bidirectional algorithm on simple text: right-to-left letters and the
/// spaces of a right-to-left paragraph at level 1, everything else at 2 (or 0 in a left-to-right
/// one). Enough for a paragraph of Arabic words and numbers; the real one is MuPDF's.
struct ArabicRunsReversed: BidiAlgorithm {
    func levels(of scalars: [Unicode.Scalar], rightToLeft: Bool) -> BidiLevels? {
        let levels = scalars.map { scalar -> UInt8 in
            if RightToLeft.isStrong(scalar) || (rightToLeft && scalar == " ") { return 1 }
            return rightToLeft ? 2 : 0
        }
        return BidiLevels(levels: levels, mirrored: scalars)
    }
}

/// The layout view's rows are in the order drawn; search and copy read them in logical order.
@Suite struct DrawnRowTests {
    @Test func aRightToLeftRowIsTurnedRoundKeepingNumbers() throws {
        // "حسنا! كتاب 12" (logical) is drawn "12 باتك !انسح".
        let row = try #require(RightToLeft.logicalOrder(ofDrawn: "  12 باتك !انسح"))
        #expect(row.text == "  حسنا! كتاب 12")
        #expect(row.drawnAt == [0, 1, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2, 3])
        #expect(RightToLeft.logicalOrder(ofDrawn: "plain 12") == nil)
    }

    @Test func inARowWithLatinTextEachRightToLeftRunIsTurnedRound() throws {
        let row = try #require(RightToLeft.logicalOrder(ofDrawn: "see ديدج باتك now"))
        #expect(row.text == "see كتاب جديد now")
    }

    /// In the reader's layout view a search for an Arabic word is highlighted where it is drawn,
    /// and copying takes the row in logical order.
    @Test func theLayoutViewFindsAndHighlightsAnArabicWord() {
        var session = ReaderSession(pageCount: 1, layoutMode: .physical, bidi: ArabicRunsReversed())
        let line = RightToLeftTests().logicalLine("كتاب جديد")
        session.deliver(PageTextFixture.page([TextBlock(lines: [line], box: line.box)]), for: 0)
        session.type("/جديد")
        session.press(.enter)
        let row = ReaderView.render(session.state).rows[0]
        #expect(row.filter { $0.style == .currentMatch }.map(\.text) == ["ديدج"])
        #expect(row.map(\.text).joined().contains("ديدج باتك"))
    }
}
