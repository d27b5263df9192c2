import Testing

@testable import FolioGraphics

/// Half-block images in the colours the terminal has: 24-bit, xterm's 256, or the 16 and 8
/// basic colours of the Linux console and vt100-style terminals.
@Suite struct HalfBlockTests {
    /// One column, two pixels: red over near white.
    static let cell = RGBImage(width: 1, height: 2, pixels: [200, 10, 10, 250, 250, 250])

    private func encoded(_ colors: HalfBlockColors) -> String {
        String(
            decoding: HalfBlockEncoder.encodeRow(Self.cell, cellRow: 0, firstColumn: 0, columns: 1, colors: colors),
            as: UTF8.self)
    }

    @Test func eachDepthWritesItsOwnColourSequences() {
        #expect(encoded(.trueColor) == "\u{1B}[38;2;200;10;10m\u{1B}[48;2;250;250;250m▀\u{1B}[0m")
        #expect(encoded(.palette256) == "\u{1B}[38;5;160m\u{1B}[48;5;231m▀\u{1B}[0m")
        // 16 colours: red (31) over bright white (107); 8: red over white (47).
        #expect(encoded(.basic16) == "\u{1B}[31m\u{1B}[107m▀\u{1B}[0m")
        #expect(encoded(.basic8) == "\u{1B}[31m\u{1B}[47m▀\u{1B}[0m")
    }

    @Test func aGreyPageInEightColoursIsBlackOnWhite() {
        #expect(HalfBlockEncoder.nearestBasic([250, 250, 250], count: 8) == 7)
        #expect(HalfBlockEncoder.nearestBasic([30, 30, 30], count: 8) == 0)
        #expect(HalfBlockEncoder.nearestBasic([250, 250, 250], count: 16) == 15)
        #expect(HalfBlockEncoder.nearestBasic([0, 0, 200], count: 8) == 4)
    }

    @Test(arguments: [
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], HalfBlockColors.trueColor),
        (["TERM": "tmux-256color"], .palette256), (["TERM": "xterm"], .palette256), (["TERM": "linux"], .basic8),
        (["TERM": "vt100"], .basic8), (["TERM": "vt220"], .basic8), (["TERM": "screen"], .basic8),
        (["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0"], .palette256), (["TERM": "rxvt-16color"], .basic16),
        (["TERM": "ansi"], .basic8),
    ])
    func theColoursFollowTheTerminal(environment: [String: String], colors: HalfBlockColors) {
        #expect(HalfBlockColors.of(environment: environment) == colors)
    }
}
