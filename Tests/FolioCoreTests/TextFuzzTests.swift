import FolioCore
import FolioTestSupport
import Testing

/// Seeded random text and pages, hostile in content and geometry: sanitising, laying out and
/// drawing never crash, and what reaches a frame is always terminal-safe and fits the screen.
@Suite struct TextFuzzTests {
    @Test func sanitisedTextHasNoControlsAndKeepsItsShape() {
        var random = SeededRandom(seed: 5)
        let allowed: Set<Unicode.Scalar> = ["\n", "\t", "\u{0C}"]
        for _ in 0..<5_000 {
            let text = random.troublesomeString(count: Int.random(in: 0...40, using: &random))
            let keeping = Bool.random(using: &random) ? allowed : []
            let safe = TerminalSafeText.sanitized(text, keeping: keeping)
            #expect(safe.unicodeScalars.allSatisfy { !Self.isControl($0) || keeping.contains($0) })
            #expect(safe.unicodeScalars.count == text.unicodeScalars.count)
            #expect(DisplayWidth.of(safe) == DisplayWidth.of(text))
            #expect(TerminalSafeText.sanitized(safe, keeping: keeping) == safe)
        }
    }

    @Test func reflowedLinesFitTheWidth() {
        var random = SeededRandom(seed: 6)
        for _ in 0..<1000 {
            let page = Self.randomPage(using: &random)
            let width = Int.random(in: -3...120, using: &random)
            for line in TextLayout.reflow(page, width: width) {
                #expect(line.width <= max(width, 1))
                #expect(line.width == DisplayWidth.of(line.text))
            }
        }
    }

    @Test func physicalLayoutStaysBounded() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<1000 {
            let page = Self.randomPage(using: &random)
            let lineCount = page.blocks.reduce(0) { $0 + $1.lines.count }
            let rows = TextLayout.physical(page)
            #expect(rows.count <= lineCount * 4)
            #expect(rows.allSatisfy { $0.width == DisplayWidth.of($0.text) })
        }
    }

    @Test func framesAreSafeAndFitTheScreen() {
        var random = SeededRandom(seed: 8)
        let keys: [Key] = [
            .right, .left, .down, .up, .pageDown, .end, .home, .character("L"), .character(">"),
            .character("?"), .character("g"), .character("5"), .enter, .character("w"),
        ]
        for _ in 0..<300 {
            let pageCount = Int.random(in: 1...5, using: &random)
            let name = random.troublesomeString(count: Int.random(in: 0...30, using: &random))
            let title = random.troublesomeString(count: Int.random(in: 0...30, using: &random))
            var size = ScreenSize(
                rows: Int.random(in: 0...60, using: &random), columns: Int.random(in: 0...200, using: &random))
            var state = ReaderState(
                document: DocumentSummary(fileName: name, title: title, pageCount: pageCount),
                startPage: Int.random(in: -2...6, using: &random), screen: size)
            _ = state.start()
            for _ in 0..<12 {
                switch Int.random(in: 0..<5, using: &random) {
                case 0:
                    _ = state.handle(
                        .pageLoaded(
                            page: Int.random(in: 0..<pageCount, using: &random),
                            text: Self.randomPage(using: &random)))
                case 1:
                    _ = state.handle(
                        .pageFailed(
                            page: Int.random(in: 0..<pageCount, using: &random),
                            reason: .damaged(message: random.troublesomeString(count: 20))))
                case 2:
                    size = ScreenSize(
                        rows: Int.random(in: 0...60, using: &random), columns: Int.random(in: 0...200, using: &random))
                    _ = state.handle(.resize(size))
                default:
                    _ = state.handle(.key(random.pick(keys)))
                }
                let frame = ReaderView.render(state)
                #expect(frame.rows.count == max(size.rows, 0))
                for row in frame.rows {
                    let text = row.map(\.text).joined()
                    #expect(DisplayWidth.of(text) <= max(size.columns, 0), "\(text)")
                    #expect(!text.unicodeScalars.contains(where: Self.isControl), "\(text)")
                }
            }
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A page of a few blocks of a few lines, with characters and boxes from ``SeededRandom``'s
    /// troublesome ranges: absurd coordinates are as likely as ordinary ones.
    static func randomPage(using random: inout SeededRandom) -> PageText {
        func rect() -> TextRect {
            if Int.random(in: 0..<3, using: &random) == 0 {
                return TextRect(
                    x0: random.troublesomeDouble(), y0: random.troublesomeDouble(),
                    x1: random.troublesomeDouble(), y1: random.troublesomeDouble())
            }
            let x = Double.random(in: 0...600, using: &random)
            let y = Double.random(in: 0...800, using: &random)
            return TextRect(x0: x, y0: y, x1: x + Double.random(in: 0...20, using: &random), y1: y + 12)
        }
        let blocks = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            let lines = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                let chars = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                    TextChar(
                        scalar: Bool.random(using: &random)
                            ? random.pick(["a", "b", " ", "-", "x"]) : random.troublesomeScalar(),
                        box: rect(), size: random.troublesomeDouble())
                }
                return TextLine(chars: chars, box: rect())
            }
            return TextBlock(lines: lines, box: rect())
        }
        return PageText(width: random.troublesomeDouble(), height: random.troublesomeDouble(), blocks: blocks)
    }
}
