import FolioCore
import Testing

@Suite struct TextLayoutReflowTests {
    private func reflowedTexts(_ blocks: [[String]], width: Int = 38) -> [String] {
        TextLayout.reflow(PageTextFixture.page(blocks), width: width).map(\.text)
    }

    @Test func linesOfABlockJoinWithASpace() {
        let lines = reflowedTexts([["It was a bright cold", "day in April, and the"]], width: 80)
        #expect(lines == ["It was a bright cold day in April, and the"])
    }

    @Test func hyphenatedWordJoinsWithoutHyphen() {
        #expect(reflowedTexts([["The exam-", "ple works"]]) == ["The example works"])
    }

    @Test(arguments: ["\u{00AD}", "\u{2010}"])
    func otherHyphensJoinToo(hyphen: String) {
        #expect(reflowedTexts([["Lovely co" + hyphen, "operation"]]) == ["Lovely cooperation"])
    }

    @Test func hyphenBeforeCapitalIsKeptWithoutSpace() {
        #expect(reflowedTexts([["met Jean-", "Paul today"]]) == ["met Jean-Paul today"])
    }

    @Test func dashStandingAloneIsNotAHyphen() {
        #expect(reflowedTexts([["one two -", "three four"]]) == ["one two - three four"])
    }

    @Test func indentedLineStartsAParagraph() {
        let block = [
            "  Alpha beta gamma",
            "delta epsilon zeta",
            "  Eta theta iota",
            "kappa lambda mu",
        ]
        #expect(
            reflowedTexts([block]) == [
                "Alpha beta gamma delta epsilon zeta",
                "",
                "Eta theta iota kappa lambda mu",
            ])
    }

    @Test func lineEndingShortEndsItsParagraph() {
        let block = [
            "aaaa bbbb cccc dddd",
            "eeee.",
            "ffff gggg hhhh iiii",
            "jjjj",
        ]
        #expect(
            reflowedTexts([block]) == [
                "aaaa bbbb cccc dddd eeee.",
                "",
                "ffff gggg hhhh iiii jjjj",
            ])
    }

    @Test func blockOfShortLinesKeepsItsLines() {
        let list = ["Apples", "Pears and plums from the garden", "Figs", "Quinces"]
        let body = [
            "There was a paragraph here, forty long.",
            "And it goes on for a second full line.",
        ]
        #expect(
            reflowedTexts([list, body], width: 80) == [
                "Apples",
                "Pears and plums from the garden",
                "Figs",
                "Quinces",
                "",
                "There was a paragraph here, forty long. And it goes on for a second full line.",
            ])
    }

    @Test func titleBrokenOverTwoLinesJoins() {
        let title = ["Trace-based Just-in-Time Type Specialization for Dynamic", "Languages"]
        #expect(
            reflowedTexts([title], width: 80) == ["Trace-based Just-in-Time Type Specialization for Dynamic Languages"])
    }

    /// A narrow column of prose beside a full-width block (a two-column paper with a wide title)
    /// is still prose: its lines join.
    @Test func narrowColumnBesideAWideBlockStillReflows() {
        let wide = PageTextFixture.block(
            ["A title line that spans the whole width of the page, both columns and more"], y: 72)
        let column = PageTextFixture.block(
            ["Dynamic languages such as pop-", "ular scripting languages are", "easy to deploy and use."], y: 108)
        let lines = TextLayout.reflow(PageTextFixture.page([wide, column]), width: 100).map(\.text)
        #expect(
            lines == [
                "A title line that spans the whole width of the page, both columns and more",
                "",
                "Dynamic languages such as popular scripting languages are easy to deploy and use.",
            ])
    }

    @Test func blocksAreSeparatedByExactlyOneBlankLine() {
        // The middle block holds only indentation, so it has no visible text at all.
        let lines = reflowedTexts([["Alpha"], ["      "], ["Gamma"]])
        #expect(lines == ["Alpha", "", "Gamma"])
    }

    @Test func pageWithoutTextHasNoLines() {
        #expect(TextLayout.reflow(PageText(width: 612, height: 792, blocks: []), width: 38).isEmpty)
        let space = TextChar(scalar: " ", box: TextRect(x0: 72, y0: 72, x1: 78, y1: 84), size: 10)
        let blank = TextLine(chars: [space, space], box: TextRect(x0: 72, y0: 72, x1: 84, y1: 84))
        let page = PageText(width: 612, height: 792, blocks: [TextBlock(lines: [blank], box: blank.box)])
        #expect(TextLayout.reflow(page, width: 38).isEmpty)
    }

    @Test func wordsWrapAtSpaces() {
        let lines = reflowedTexts([["one two three four five six"]], width: 9)
        #expect(lines == ["one two", "three", "four five", "six"])
    }

    @Test(arguments: [
        (10, ["中文中文中", "文中文中文", "中文"]),
        (9, ["中文中文", "中文中文", "中文中文"]),
    ])
    func wideCharactersBreakAnywhereAndCountTwice(width: Int, expected: [String]) {
        let lines = TextLayout.reflow(PageTextFixture.page([["中文中文中文中文中文中文"]]), width: width)
        #expect(lines.map(\.text) == expected)
        #expect(lines.map(\.width) == expected.map { 2 * $0.unicodeScalars.count })
    }

    @Test func wideCharactersBreakFromNeighbouringLatin() {
        #expect(reflowedTexts([["abc中文def"]], width: 5) == ["abc中", "文def"])
    }

    @Test func combiningMarksStayWithTheirBase() {
        let word = "cafe\u{0301}"
        let lines = TextLayout.reflow(PageTextFixture.page([["\(word) \(word) \(word)"]]), width: 5)
        #expect(lines.map(\.text) == [word, word, word])
        #expect(lines.map(\.width) == [4, 4, 4])
    }

    @Test func combiningMarksStayWithTheirBaseWhenAWordIsBroken() {
        let lines = reflowedTexts([["e\u{0301}e\u{0301}e\u{0301}e\u{0301}"]], width: 2)
        #expect(lines == ["e\u{0301}e\u{0301}", "e\u{0301}e\u{0301}"])
    }

    @Test func longWordsAreHardBroken() {
        #expect(reflowedTexts([["abcdefghij"]], width: 4) == ["abcd", "efgh", "ij"])
        #expect(reflowedTexts([["xy abcdefghij"]], width: 4) == ["xy", "abcd", "efgh", "ij"])
    }

    @Test(.timeLimit(.minutes(1)), arguments: [1, 0, -5])
    func tinyWidthsStillTerminate(width: Int) {
        // A wide character cannot fit one cell, so it is shown as "…".
        #expect(reflowedTexts([["ab 中"]], width: width) == ["a", "b", "…"])
    }

    @Test(arguments: 1...24)
    func noLineIsWiderThanTheWidth(width: Int) {
        let text = "Ünïcödé mixes 中文字符 with e\u{0301}mphasis, supercalifragilistic words and 😀 emoji."
        let lines = TextLayout.reflow(PageTextFixture.page([[text]]), width: width)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.width <= width)
            #expect(line.width == DisplayWidth.of(line.text))
        }
        // Nothing is lost: the words come back when the lines are joined.
        if width >= 2 {
            #expect(lines.map(\.text).joined().filter { $0 != " " } == text.filter { $0 != " " })
        }
    }
}

/// How lines of a paragraph join: hyphens, dashes, URLs and scripts without spaces.
@Suite struct LineJoinTests {
    private func reflowed(_ blocks: [[String]]) -> [String] {
        TextLayout.reflow(PageTextFixture.page(blocks), width: TextLayout.unlimitedWidth).map(\.text)
    }

    @Test(arguments: [
        (["The new design is FAA-", "approved"], "The new design is FAA-approved"),
        (["so it is a non-", "normal value"], "so it is a non-normal value"),
        (["a tracing Just-in-", "Time compiler"], "a tracing Just-in-Time compiler"),
        (["over the years 2018-", "23 it rose"], "over the years 2018-23 it rose"),
        (["the exam-", "ple works"], "the example works"),
    ])
    func hyphenAtALineEnd(lines: [String], joined: String) {
        #expect(reflowed([lines]) == [joined])
    }

    @Test func thePageSaysWhichFormItUses() {
        // "co-operation" broken at its hyphen, while the page also spells "co-operation":
        // the hyphen stays. With "cooperation" elsewhere instead, it goes.
        let hyphenated = reflowed([["The co-operation of all, and our co-", "operation too"]])
        #expect(hyphenated == ["The co-operation of all, and our co-operation too"])
        let solid = reflowed([["The cooperation of all, and our co-", "operation too"]])
        #expect(solid == ["The cooperation of all, and our cooperation too"])
        let nonNormal = reflowed([["nonnormal, then a non-", "normal one"]])
        #expect(nonNormal == ["nonnormal, then a nonnormal one"])
    }

    @Test(arguments: [
        (["see pages 2018–23–", "51 of it"], "see pages 2018–23–51 of it"),
        (["and so it was—", "as ever—late"], "and so it was—as ever—late"),
        (["there is a gap –", "and a spaced dash"], "there is a gap – and a spaced dash"),
    ])
    func dashAtALineEndTakesNoSpace(lines: [String], joined: String) {
        #expect(reflowed([lines]) == [joined])
    }

    @Test func urlBrokenAfterASeparatorStaysWhole() {
        let lines = reflowed([["Read https://example.org/docs/", "reading/index.html for more"]])
        #expect(lines == ["Read https://example.org/docs/reading/index.html for more"])
        // A URL that ends a line whole is followed by a space.
        #expect(reflowed([["Read https://example.org", "for more"]]) == ["Read https://example.org for more"])
    }

    @Test(arguments: [
        (["受験者ごと", "の試験"], "受験者ごとの試験"),
        (["中文的段落", "继续"], "中文的段落继续"),
        (["アンインストールJava", "の削除"], "アンインストールJavaの削除"),
        (["한국어 문장", "계속"], "한국어 문장 계속"),
    ])
    func scriptsWithoutSpacesJoinDirectly(lines: [String], joined: String) {
        #expect(reflowed([lines]) == [joined])
    }
}

/// Kinsoku: where Chinese and Japanese lines may not break.
@Suite struct KinsokuTests {
    private func wrapped(_ text: String, width: Int) -> [String] {
        TextLayout.reflow(PageTextFixture.page([[text]]), width: width).map(\.text)
    }

    @Test func closingPunctuationStaysWithTheCharacterBefore() {
        // Ten cells hold five characters; "、" would start the second line.
        #expect(wrapped("受験者ごと、試験", width: 10) == ["受験者ご", "と、試験"])
        #expect(wrapped("試験です。次", width: 8) == ["試験で", "す。次"])
    }

    @Test func openingBracketStaysWithTheCharacterAfter() {
        #expect(wrapped("メニューの「スタート」", width: 12) == ["メニューの", "「スタート」"])
    }

    @Test func latinInsideBracketsIsNotBroken() {
        #expect(wrapped("「Java」の削除", width: 20) == ["「Java」の削除"])
        #expect(wrapped("の「Java」", width: 8) == ["の", "「Java」"])
    }
}

/// Paragraphs that MuPDF's blocks cut in two: blocks of one flow, and column breaks.
@Suite struct BlockFlowTests {
    typealias Fixture = PageTextFixture

    private func reflowed(_ blocks: [TextBlock]) -> [String] {
        TextLayout.reflow(Fixture.page(blocks), width: TextLayout.unlimitedWidth).map(\.text)
    }

    @Test func blocksOfOneLineAtTheLinePitchAreOneParagraph() {
        // As MuPDF splits Japanese prose with ruby: one block per line, 1.2 line heights apart.
        let pitch = 1.2 * Fixture.lineHeight
        let blocks = ["世に住むこと二十年にして、住む", "に甲斐ある世と知った。二十五年にし", "て明暗は表裏のごとく。"]
            .enumerated().map { Fixture.block([$0.element], y: 72 + Double($0.offset) * pitch) }
        #expect(reflowed(blocks) == ["世に住むこと二十年にして、住むに甲斐ある世と知った。二十五年にして明暗は表裏のごとく。"])
    }

    @Test func blocksFurtherApartStayParagraphs() {
        let blocks = [
            Fixture.block(["General Terms of the first block", "Design, and more of it."], y: 72),
            Fixture.block(
                ["Keywords of the second block", "JavaScript, and so on."], y: 72 + 3.5 * Fixture.lineHeight),
        ]
        #expect(reflowed(blocks).count == 3)
    }

    @Test func centredLinesAreNotOneFlow() {
        let blocks = [
            Fixture.block(["University of California"], x: 100, y: 72),
            Fixture.block(["{someone}@uci.edu"], x: 112, y: 72 + Fixture.lineHeight),
        ]
        #expect(reflowed(blocks) == ["University of California", "", "{someone}@uci.edu"])
    }

    @Test func paragraphGoesOnAtTheTopOfTheNextColumn() {
        let left = Fixture.block(["Lorem ipsum dolor sit amet, sed", "diam nonummy Donec nonummy vel"], x: 72, y: 600)
        let right = Fixture.block(["pellentesque ante. Phasellus sed", "adipiscing semper elit."], x: 320, y: 72)
        #expect(
            reflowed([left, right]) == [
                "Lorem ipsum dolor sit amet, sed diam nonummy Donec nonummy vel pellentesque ante. Phasellus sed adipiscing semper elit."
            ])
        // A column ending a sentence, or a next column starting indented, is a paragraph break.
        let ended = Fixture.block(["Lorem ipsum dolor sit amet, sed", "diam nonummy Donec nonummy ve."], x: 72, y: 600)
        #expect(reflowed([ended, right]).count == 3)
        let indented = Fixture.block(
            ["  Pellentesque ante. Phasellus", "adipiscing semper elit sed diam."], x: 320, y: 72)
        #expect(reflowed([left, indented]).count == 3)
    }
}

/// Lists, code, contents entries, table rows and furniture in the reflow view.
@Suite struct ReflowStructureTests {
    typealias Fixture = PageTextFixture

    private func reflowed(_ blocks: [TextBlock], page: PageText? = nil) -> [String] {
        TextLayout.reflow(page ?? Fixture.page(blocks), width: TextLayout.unlimitedWidth).map(\.text)
    }

    /// Lines of one block, each a list of pieces MuPDF made separate lines of, on one
    /// baseline: (text, x).
    private func block(_ rows: [[(String, Double)]], y: Double = 72) -> TextBlock {
        let lines = rows.enumerated().flatMap { row in
            row.element.map { Fixture.line($0.0, x: $0.1, y: y + Double(row.offset) * Fixture.lineHeight) }
        }
        let box = TextRect(
            x0: lines.map(\.box.x0).min() ?? 72, y0: y, x1: lines.map(\.box.x1).max() ?? 72,
            y1: y + Double(rows.count) * Fixture.lineHeight)
        return TextBlock(lines: lines, box: box)
    }

    @Test func piecesOfALineOnOneBaselineAreOneLine() {
        // A narrow justified column: MuPDF cut the line at its stretched spaces.
        let column = block([
            [("of the page leave the work to", 72)],
            [("the", 72), ("reader:", 72 + 5 * 6), ("hyphenated", 72 + 14 * 6)],
            [("fragments and so on, as before", 72)],
        ])
        #expect(
            reflowed([column]) == [
                "of the page leave the work to the reader: hyphenated fragments and so on, as before"
            ])
    }

    @Test(arguments: ["•", "\u{F0B7}"])
    func listItemsKeepTheirContinuationLines(bullet: String) {
        let list = block([
            [(bullet, 72), ("The first item wraps onto a line", 84)],
            [("that hangs under its text.", 84)],
            [(bullet, 72), ("The second item wraps as well, onto", 84)],
            [("a second line.", 84)],
        ])
        #expect(
            reflowed([list]) == [
                "• The first item wraps onto a line that hangs under its text.", "",
                "• The second item wraps as well, onto a second line.",
            ])
    }

    @Test func contentsEntriesAndTableRowsStayOneLineEach() {
        let contents = block([
            [("1.1 Reading order . . . . . . . . . . . .", 72), ("3", 72 + 60 * 6)],
            [("1.2 Line joins . . . . . . . . . . . . . .", 72), ("7", 72 + 60 * 6)],
        ])
        let table = block([[("Tool", 72), ("Pages", 72 + 30 * 6)], [("folio", 72), ("1200", 72 + 30 * 6)]], y: 120)
        let lines = reflowed([contents, table]).filter { !$0.isEmpty }
        #expect(
            lines.map { $0.split(separator: " ").joined(separator: " ") } == [
                "1.1 Reading order . . . . . . . . . . . . 3", "1.2 Line joins . . . . . . . . . . . . . . 7",
                "Tool Pages", "folio 1200",
            ])
        // The cells line up in columns.
        let lastCellStarts = lines.map { line in
            line.distance(from: line.startIndex, to: line.lastIndex(of: " ") ?? line.endIndex)
        }
        #expect(Set(lastCellStarts).count == 1)
    }

    @Test func codeKeepsItsLinesAndIndentation() {
        var code = Fixture.block(["func reflow() {", "    for block in blocks {", "lines += wrap(block)", "}"], y: 72)
        // The third line is indented by its position, as PDFs often do, 8 cells in.
        code.lines[2] = Fixture.line("lines += wrap(block)", x: 72 + 8 * 6, y: 72 + 2 * 12)
        for index in code.lines.indices {
            code.lines[index].chars = code.lines[index].chars.map { char in
                var char = char
                char.isMonospaced = true
                return char
            }
        }
        #expect(
            reflowed([code]) == ["func reflow() {", "    for block in blocks {", "        lines += wrap(block)", "}"])
    }

    @Test func runningHeadersFootersAndPageNumbersAreFurniture() {
        let header = Fixture.block(["Journal of Reading Tests"], y: 20)
        let body = Fixture.block(["The body of the page, in the margin band of neither."], y: 300)
        let footer = Fixture.block(["Page 3 of 12"], y: 760)
        let page = Fixture.page([header, body, footer])
        let lines = TextLayout.reflow(page, width: 80)
        #expect(lines.filter(\.isFurniture).map(\.text) == ["Journal of Reading Tests", "Page 3 of 12"])
        #expect(
            TextLayout.text(of: page, mode: .reflow, width: 80)
                == "The body of the page, in the margin band of neither.\n")
        // A heading larger than the body at the top is no header; a page number is furniture
        // whatever its size.
        let heading = PageTextFixture.scaled(Fixture.block(["Chapter 3"], y: 20), by: 2)
        let number = PageTextFixture.scaled(Fixture.block(["- 12 -"], y: 760), by: 2)
        let second = TextLayout.reflow(Fixture.page([heading, body, number]), width: 80)
        #expect(second.filter(\.isFurniture).map(\.text) == ["- 12 -"])
    }
}

/// Footnotes come after the body of their page.
@Suite struct FootnoteTests {
    typealias Fixture = PageTextFixture

    @Test func aFootnoteReadBeforeTheBodyGoesAfterIt() {
        // As MuPDF reads a two-column page: the left column, its footnote, the right column.
        let left = Fixture.block(["The left column of the body ends", "here, in the body size of it."], x: 72, y: 300)
        let note = PageTextFixture.scaled(Fixture.block(["1 A footnote, in a smaller font."], x: 72, y: 700), by: 0.8)
        let right = Fixture.block(["The right column of the body goes", "on and ends the page's body."], x: 320, y: 72)
        let lines = TextLayout.reflow(Fixture.page([left, note, right]), width: TextLayout.unlimitedWidth).map(\.text)
        #expect(lines.last == "1 A footnote, in a smaller font.")
        #expect(lines.first == "The left column of the body ends here, in the body size of it.")
    }

    @Test func smallTextHighOnThePageStaysWhereItIs() {
        let caption = PageTextFixture.scaled(Fixture.block(["Figure 1: a caption, small."], y: 200), by: 0.8)
        let body = Fixture.block(["The body text below the figure, in its usual size."], y: 300)
        let lines = TextLayout.reflow(Fixture.page([caption, body]), width: TextLayout.unlimitedWidth).map(\.text)
        #expect(lines.first == "Figure 1: a caption, small.")
    }
}
