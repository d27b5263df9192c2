import FolioCore
import Testing

@Suite struct TextLayoutPhysicalTests {
    typealias Fixture = PageTextFixture

    @Test func twoColumnsStaySideBySide() {
        // The right column starts 240 pt (40 cells of 6 pt) right of the left one.
        let page = Fixture.page([
            Fixture.block(["Left one", "Left two"], x: 72, y: 72),
            Fixture.block(["Right one", "Right two"], x: 312, y: 72),
        ])
        let gap = String(repeating: " ", count: 32)
        #expect(
            TextLayout.physical(page) == [
                LaidOutLine(text: "Left one" + gap + "Right one", width: 49),
                LaidOutLine(text: "Left two" + gap + "Right two", width: 49),
            ])
    }

    @Test func indentationAndBlankRowsFollowThePage() {
        let page = Fixture.page([
            Fixture.block(["Title"], x: 72 + 4 * 6, y: 72),
            Fixture.block(["Body"], x: 72, y: 72 + 3 * 12),
        ])
        #expect(TextLayout.physical(page).map(\.text) == ["    Title", "", "", "Body"])
    }

    @Test func overlappingLinesOnARowAreSpacedApart() {
        // The second line sits 1 pt lower, close enough to share the row, and starts inside
        // the first, so it moves to one space after it.
        let first = Fixture.line("Hello world", x: 72, y: 72)
        let second = Fixture.line("XYZ", x: 72 + 3 * 6, y: 73)
        let page = Fixture.page([
            TextBlock(lines: [first], box: first.box),
            TextBlock(lines: [second], box: second.box),
        ])
        #expect(TextLayout.physical(page) == [LaidOutLine(text: "Hello world XYZ", width: 15)])
    }

    @Test func gapInsideALineIsKept() {
        let left = Fixture.line("ab", x: 72, y: 72)
        let right = Fixture.line("cd", x: 72 + 20 * 6, y: 72)
        let joined = TextLine(chars: left.chars + right.chars, box: TextRect(x0: 72, y0: 72, x1: 204, y1: 84))
        let page = Fixture.page([TextBlock(lines: [joined], box: joined.box)])
        #expect(TextLayout.physical(page).map(\.text) == ["ab" + String(repeating: " ", count: 18) + "cd"])
    }

    @Test func longVerticalGapsAreCollapsed() {
        let page = Fixture.page([
            Fixture.block(["top"], y: 72),
            Fixture.block(["bottom"], y: 72 + 100 * 12),
        ])
        #expect(TextLayout.physical(page).map(\.text) == ["top", "", "", "", "bottom"])
    }

    @Test func hostileCoordinatesAreBounded() {
        let page = Fixture.page([
            Fixture.block(["near"], x: 72, y: 72),
            Fixture.block(["far"], x: 1e15, y: 72),
        ])
        let rows = TextLayout.physical(page)
        #expect(rows.count == 1)
        #expect(rows.first?.width == 1_000 + 3)
    }

    @Test func wideCharactersUseTwoCellsEach() {
        let page = Fixture.page([
            Fixture.block(["中文"], x: 72, y: 72),
            Fixture.block(["ab"], x: 72 + 6 * 6, y: 72),
        ])
        // 中文 spans cells 0–3; "ab" starts at cell 6.
        #expect(TextLayout.physical(page) == [LaidOutLine(text: "中文  ab", width: 8)])
    }

    @Test func pageWithoutTextHasNoRows() {
        #expect(TextLayout.physical(PageText(width: 612, height: 792, blocks: [])).isEmpty)
        #expect(TextLayout.physical(Fixture.page([["   "]])).isEmpty)
    }

    /// Regression (found by TextFuzzTests): a line whose box is not finite, or so far away that
    /// its row is beyond Int, trapped converting the row to an integer.
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func absurdLinePositionsDoNotTrap(y: Double) {
        let ordinary = Fixture.line("Ordinary", x: 72, y: 72)
        var absurd = Fixture.line("Absurd", x: 72, y: 84)
        absurd.box = TextRect(x0: 72, y0: y, x1: 108, y1: y)
        let page = Fixture.page([
            TextBlock(lines: [ordinary], box: ordinary.box), TextBlock(lines: [absurd], box: absurd.box),
        ])
        let rows = TextLayout.physical(page).map(\.text).filter { !$0.isEmpty }
        #expect(Set(rows.flatMap { $0.split(separator: " ") }) == ["Ordinary", "Absurd"])
    }
}
