import FolioConfiguration
import FolioCore
import Testing

/// Dark mode's settings: `recolor`, `recolor-dark`, `recolor-light` and `recolor-images`, with
/// the values they take and the problems others give, each on its line.
@Suite struct RecolorSettingsTests {
    static let file = "/home/reader/.config/folio/config"

    private func read(_ text: String) -> Configuration {
        ConfigurationParser(files: MemoryFiles(files: [:]), environment: [:]).read(text: text, file: Self.file)
    }

    @Test func theDefaultsAreOffInGreysKeepingImages() {
        let reader = read("").reader
        #expect(!reader.startsRecolored)
        #expect(reader.recolor.dark.hex == "#1e1e1e" && reader.recolor.light.hex == "#dcdcdc")
        #expect(!reader.recolor.recolorsImages)
    }

    @Test func eachSettingTakesItsValues() {
        let configuration = read(
            """
            set recolor
            set recolor-dark "#002b36"
            set recolor-light 93A1A1
            set recolor-images true
            """)
        #expect(configuration.problems.isEmpty)
        let reader = configuration.reader
        #expect(reader.startsRecolored)
        #expect(reader.recolor.dark == PageRecolor.Colour(red: 0, green: 0x2b, blue: 0x36))
        #expect(reader.recolor.light == PageRecolor.Colour(red: 0x93, green: 0xa1, blue: 0xa1))
        #expect(reader.recolor.recolorsImages)
    }

    @Test func aBadColourIsRefusedOnItsLineAndTheRestIsKept() {
        let configuration = read(
            """
            set recolor-dark #002b36
            set recolor-light white
            set recolor-dark 12345
            set recolor true
            """)
        let allowed = "a colour written \"#rrggbb\" (quoted: # starts a comment) or rrggbb"
        #expect(
            configuration.problems.map(\.description) == [
                "\(Self.file):1: recolor-dark needs a value (\(allowed))",
                "\(Self.file):2: invalid recolor-light 'white' (\(allowed))",
                "\(Self.file):3: invalid recolor-dark '12345' (\(allowed))",
            ])
        #expect(configuration.reader.startsRecolored)
        #expect(configuration.reader.recolor.dark == PageRecolor.defaultDark)
    }
}
