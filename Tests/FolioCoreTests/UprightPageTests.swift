import FolioCore
import Testing

/// Pages whose text runs up, down or upside down read as the same page upright would.
@Suite struct UprightPageTests {
    static let upright = PageTextFixture.page([
        [
            "Sideways prose runs up the page here, and this first",
            "line goes on in the second line, which runs up too,",
            "until the third line ends the paragraph.",
        ],
        ["    A second paragraph starts indented."],
    ])

    /// `page` as it would stand on a page turned so that its text runs `direction`: (0, -1) up
    /// (each point (u, v) of the upright page at (v, W - u) of a page W wide and H tall turned
    /// sideways), (0, 1) down, (-1, 0) upside down.
    static func turned(_ page: PageText, running direction: TextDirection) -> PageText {
        let width = page.width
        let height = page.height
        func point(_ u: Double, _ v: Double) -> (Double, Double) {
            if direction.y < 0 { return (v, width - u) }
            if direction.y > 0 { return (height - v, u) }
            return (width - u, height - v)
        }
        func rect(_ box: TextRect) -> TextRect {
            let a = point(box.x0, box.y0)
            let b = point(box.x1, box.y1)
            return TextRect(x0: min(a.0, b.0), y0: min(a.1, b.1), x1: max(a.0, b.0), y1: max(a.1, b.1))
        }
        let blocks = page.blocks.map { block in
            TextBlock(
                lines: block.lines.map { line in
                    TextLine(
                        chars: line.chars.map { char in
                            TextChar(scalar: char.scalar, box: rect(char.box), size: char.size, baseline: 0)
                        }, box: rect(line.box), direction: direction)
                }, box: rect(block.box))
        }
        let sideways = direction.x == 0
        return PageText(width: sideways ? height : width, height: sideways ? width : height, blocks: blocks)
    }

    @Test(arguments: [TextDirection(x: 0, y: -1), TextDirection(x: 0, y: 1), TextDirection(x: -1, y: 0)])
    func aTurnedPageReadsAsItsUprightSelf(direction: TextDirection) {
        let page = Self.turned(Self.upright, running: direction)
        let expected = TextLayout.reflow(Self.upright, width: TextLayout.unlimitedWidth).map(\.text)
        #expect(
            expected.first == "Sideways prose runs up the page here, and this first"
                + " line goes on in the second line, which runs up too, until the third line ends the paragraph.",
            "\(expected)")
        #expect(TextLayout.reflow(page, width: TextLayout.unlimitedWidth).map(\.text) == expected)
        #expect(
            TextLayout.physical(page).map(\.text) == TextLayout.physical(Self.upright).map(\.text))
    }

    @Test func aFewSidewaysLinesDoNotTurnAnUprightPage() {
        let heading = Self.turned(PageTextFixture.page([["Temperature"]]), running: TextDirection(x: 0, y: -1))
        var page = Self.upright
        page.blocks += heading.blocks
        let lines = TextLayout.reflow(page, width: 80).map(\.text)
        #expect(lines.first?.hasPrefix("Sideways prose runs up the page here") == true)
        #expect(lines.contains("Temperature"))
    }

    /// A column of vertical writing: 10-pt characters from the top at `y`, down, at `x`.
    static func column(_ text: String, x: Double, y: Double = 72) -> TextLine {
        let chars = text.unicodeScalars.enumerated().map { index, scalar in
            TextChar(
                scalar: scalar,
                box: TextRect(x0: x, y0: y + Double(index) * 10, x1: x + 10, y1: y + Double(index + 1) * 10),
                size: 10)
        }
        return TextLine(
            chars: chars, box: TextRect(x0: x, y0: y, x1: x + 10, y1: y + Double(chars.count) * 10),
            direction: TextDirection(x: 0, y: 1), isVertical: true)
    }

    /// Kusamakura's opening, set in columns of six, right to left: one paragraph, read top to
    /// bottom and the columns right to left, joined without spaces; the next paragraph starts a
    /// column one character down (its indent).
    @Test func verticalWritingReadsDownTheColumnsFromTheRight() {
        let columns = [
            Self.column("山路を登りなが", x: 500), Self.column("ら、こう考えた", x: 485), Self.column("。", x: 470),
            Self.column("智に働けば角が", x: 455, y: 82),
        ]
        let block = TextBlock(lines: columns, box: TextRect(x0: 455, y0: 72, x1: 510, y1: 152))
        let page = PageText(width: 612, height: 792, blocks: [block])
        let lines = TextLayout.reflow(page, width: TextLayout.unlimitedWidth).map(\.text)
        #expect(lines == ["山路を登りながら、こう考えた。", "", "智に働けば角が"])
        let rows = TextLayout.physical(page).map(\.text).filter { !$0.isEmpty }
        // The layout view shows each column as a row, the rightmost first; the indented column
        // starts one wide character (two cells) further in.
        #expect(rows.map { $0.drop { $0 == " " } } == ["山路を登りなが", "ら、こう考えた", "。", "智に働けば角が"])
        #expect(rows.map { $0.prefix { $0 == " " }.count } == [0, 0, 0, 2])
    }
}
