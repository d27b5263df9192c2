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
        #expect(lines == Array(repeating: LaidOutLine(text: word, width: 4), count: 3))
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
