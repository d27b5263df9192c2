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

    /// A line of `string` in a font `scale` times the fixture's, at `x` with its top at `y`.
    private func scaledLine(_ string: String, scale: Double, x: Double, y: Double) -> TextLine {
        var line = Fixture.line(string, x: 0, y: 0)
        line.chars = line.chars.map { char in
            TextChar(
                scalar: char.scalar,
                box: TextRect(
                    x0: x + char.box.x0 * scale, y0: y, x1: x + char.box.x1 * scale,
                    y1: y + Fixture.lineHeight * scale),
                size: char.size * scale)
        }
        line.box = TextRect(
            x0: x, y0: y, x1: x + line.box.x1 * scale, y1: y + Fixture.lineHeight * scale)
        return line
    }

    /// Regression: a title in a font larger than the body was placed character by character,
    /// each at the column of its own x, and read "Tr  a  ce  -b  as  ed" (tracemonkey page 1).
    @Test func wordsInALargeFontStayWhole() {
        let title = scaledLine("Trace-based Just-in-Time", scale: 2, x: 72, y: 72)
        let body = Fixture.line("Body text of the page, in the usual size.", x: 72, y: 120)
        let page = Fixture.page([
            TextBlock(lines: [title], box: title.box), TextBlock(lines: [body], box: body.box),
        ])
        #expect(TextLayout.physical(page).first?.text == "Trace-based Just-in-Time")
    }

    @Test func stretchedSpacesOfJustifiedTextCloseUp() {
        // "mauris." and "Nam" 14 pt apart in a 10 pt font, as MuPDF reports a justified line
        // of pypdf-multicolumn.pdf: two lines of one block, the gap without a space.
        let first = Fixture.line("mauris.", x: 72, y: 72)
        let second = Fixture.line("Nam arcu", x: first.box.x1 + 14, y: 72)
        let block = TextBlock(
            lines: [first, second], box: TextRect(x0: 72, y0: 72, x1: second.box.x1, y1: 84))
        #expect(TextLayout.physical(Fixture.page([block])).map(\.text) == ["mauris. Nam arcu"])
    }

    @Test func wideGapInsideALineSeparatesTableCells() {
        var row = Fixture.line("Alpha", x: 72, y: 72)
        row.chars += Fixture.line("12", x: 72 + 10 * 6, y: 72).chars
        var header = Fixture.line("Name", x: 72, y: 60)
        header.chars += Fixture.line("Qty", x: 72 + 10 * 6, y: 60).chars
        let table = TextBlock(lines: [header, row], box: TextRect(x0: 72, y0: 60, x1: 144, y1: 84))
        #expect(TextLayout.physical(Fixture.page([table])).map(\.text) == ["Name      Qty", "Alpha     12"])
    }

    @Test func linesOnOneBaselineShareARow() {
        // A 10 pt word and a 20 pt word on one baseline: their centres are a line apart.
        let small = Fixture.line("small", x: 72, y: 72)
        let large = scaledLine("LARGE", scale: 2, x: 72 + 9 * 6, y: 72 + Fixture.lineHeight - 2 * Fixture.lineHeight)
        let body = Fixture.line("body", x: 72, y: 96)
        let page = Fixture.page([
            TextBlock(lines: [small, large], box: TextRect(x0: 72, y0: 60, x1: large.box.x1, y1: 84)),
            TextBlock(lines: [body], box: body.box),
        ])
        #expect(TextLayout.physical(page).map(\.text) == ["small LARGE", "", "body"])
    }

    @Test func wideThreeColumnPageIsScaledToFit() {
        let columns = [72.0, 72 + 60 * 6, 72 + 120 * 6].map { x in
            Fixture.block(["Column text here", "and more of it"], x: x, y: 72)
        }
        let page = Fixture.page(columns)
        let natural = TextLayout.physical(page)
        #expect(natural.map(\.width).max() == 136)
        let fitted = TextLayout.physical(page, fitting: 60)
        #expect(fitted.map(\.width).allSatisfy { $0 <= 60 })
        #expect(fitted.first?.text.split(separator: " ", omittingEmptySubsequences: true).count == 9)
        #expect(fitted.first.map { $0.text.contains("here ") && !$0.text.contains("here Column") } == true)
    }

    @Test func columnsWiderThanTheScreenAreNotSquashed() {
        let page = Fixture.page([
            Fixture.block(["A line of forty characters, give or take"], x: 72, y: 72),
            Fixture.block(["Another line of forty characters or so."], x: 72 + 45 * 6, y: 72),
        ])
        // 40 + 1 + 39 cells cannot fit in 50: the columns keep their gap, and the view scrolls.
        let rows = TextLayout.physical(page, fitting: 50)
        #expect(rows == TextLayout.physical(page))
        #expect(rows.first?.text.contains("take     Another") == true)
    }
}
