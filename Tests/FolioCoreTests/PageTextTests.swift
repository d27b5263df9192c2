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
