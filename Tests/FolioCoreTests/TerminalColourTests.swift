import FolioCore
import Testing

/// The terminal colour dark mode's text and background take: the closest the terminal has,
/// greys, black and white included (a mark's colour leaves those out).
@Suite struct TerminalColourTests {
    private func closest(_ hex: String, available: Int) throws -> TerminalColor {
        let colour = try #require(PageRecolor.Colour(hex: hex))
        return TerminalColor.closest(
            red: Double(colour.red) / 255, green: Double(colour.green) / 255, blue: Double(colour.blue) / 255,
            available: available)
    }

    @Test func darkModesGreysAreGreysInEveryPalette() throws {
        // 256 colours: the grey ramp (232 + n is 8 + 10n).
        #expect(try closest("#1e1e1e", available: 256) == .indexed(234))
        #expect(try closest("#dcdcdc", available: 256) == .indexed(253))
        // 8 and 16: black and white (TERM=linux), never a hue.
        #expect(try closest("#1e1e1e", available: 8) == .indexed(0))
        #expect(try closest("#dcdcdc", available: 8) == .indexed(7))
        #expect(try closest("#dcdcdc", available: 16) == .indexed(7))
        #expect(try closest("#ffffff", available: 16) == .indexed(15))
        #expect(try closest("#808080", available: 16) == .indexed(8))
    }

    @Test func aColouredBackgroundFindsItsHue() throws {
        // Solarized's base03 (0, 43, 54): the cube's darkest teal (0, 95, 95) is farther than
        // the ramp's grey 38 (weighted squares 15859 and 3756).
        #expect(try closest("#002b36", available: 256) == .indexed(235))
        #expect(try closest("#005f5f", available: 256) == .indexed(23))
        #expect(try closest("#002b36", available: 8) == .indexed(0))
        #expect(try closest("#cd0000", available: 8) == .indexed(1))
    }
}
