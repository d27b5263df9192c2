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
}
