import FolioCore
import Testing

@Suite struct PageTextTests {
    @Test func plainTextJoinsLinesAndSeparatesBlocks() {
        let page = PageTextFixture.page([["First line", "second line"], ["Next block"]])
        #expect(page.plainText == "First line\nsecond line\n\nNext block")
    }

    @Test func lineTextAndRectSize() {
        let line = PageTextFixture.line("abc", x: 10, y: 20)
        #expect(line.text == "abc")
        #expect(line.box.width == 18)
        #expect(line.box.height == 12)
    }

    @Test func visibleTextIgnoresSpacesAndZeroWidthCharacters() {
        #expect(PageTextFixture.page([["x"]]).hasVisibleText)
        #expect(!PageTextFixture.page([["\u{200B}"]]).hasVisibleText)
        #expect(!PageText(width: 1, height: 1, blocks: []).hasVisibleText)
    }
}

@Suite struct SearchPatternTests {
    @Test func smartCase() {
        #expect(SearchPattern("zebra").matches("A ZEBRA"))
        #expect(!SearchPattern("Zebra").matches("a zebra"))
        #expect(SearchPattern("Zebra").matches("a Zebra"))
    }

    @Test func matchRangesAreCharacterOffsets() {
        #expect(SearchPattern("ab").matchRanges(in: "xABab abab") == [1..<3, 3..<5, 6..<8, 8..<10])
        #expect(SearchPattern("検索").matchRanges(in: "全文検索と検索") == [2..<4, 5..<7])
        #expect(SearchPattern("aa").matchRanges(in: "aaa") == [0..<2])
        #expect(SearchPattern("").matchRanges(in: "abc").isEmpty)
    }
}
