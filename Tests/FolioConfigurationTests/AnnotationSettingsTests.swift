import FolioConfiguration
import FolioCore
import Testing

/// The annotation settings: `annotations`, `highlight-colour` (or `highlight-color`),
/// `annotation-author` and `annotation-store`, with the values they take and the problems the
/// others give, each on its line.
@Suite struct AnnotationSettingsTests {
    static let file = "/home/reader/.config/folio/config"

    private func read(_ text: String) -> Configuration {
        ConfigurationParser(files: MemoryFiles(files: [:]), environment: [:]).read(text: text, file: Self.file)
    }

    private static let yellow = AnnotationColour(hex: "#ffe94d")
    private static let pink = AnnotationColour(hex: "#f7a1c4")

    @Test func theDefaultsShowAnnotationsInYellowByTheLoginNameInThePDF() {
        let configuration = read("")
        #expect(configuration.reader.showsAnnotations)
        #expect(configuration.reader.highlightColour == Self.yellow)
        #expect(configuration.reader.annotationAuthor == nil)
        #expect(configuration.annotationStore == .pdf)
    }

    @Test func eachSettingTakesItsValues() {
        let configuration = read(
            """
            set annotations hide
            set highlight-colour pink
            set annotation-author "Ada Lovelace"
            set annotation-store sidecar
            """)
        #expect(configuration.problems == [])
        #expect(!configuration.reader.showsAnnotations)
        #expect(configuration.reader.highlightColour == Self.pink)
        #expect(configuration.reader.annotationAuthor == "Ada Lovelace")
        #expect(configuration.annotationStore == .sidecar)
        // The last line wins, as for every option.
        let again = read(
            "set annotations hide\nset annotations show\nset annotation-store sidecar\nset annotation-store pdf")
        #expect(again.reader.showsAnnotations && again.annotationStore == .pdf && again.problems == [])
        #expect(read("set annotation-author Zoë").reader.annotationAuthor == "Zoë")
        #expect(read("set annotation-author 'محمد علي'").reader.annotationAuthor == "محمد علي")
    }

    @Test(arguments: [
        ("yellow", "#ffe94d"), ("green", "#8fe388"), ("blue", "#7ec8f2"), ("pink", "#f7a1c4"),
        ("\"#1a2B3c\"", "#1a2b3c"), ("'#000000'", "#000000"), ("ffffff", "#ffffff"),
    ])
    func aHighlightColourIsAPresetOrAHexColour(written: String, hex: String) {
        for name in ["highlight-colour", "highlight-color"] {
            let configuration = read("set \(name) \(written)")
            #expect(configuration.problems == [], "set \(name) \(written)")
            #expect(configuration.reader.highlightColour.hex == hex, "set \(name) \(written)")
        }
    }

    @Test func badValuesAreReportedOnTheirLinesAndLeaveTheSetting() {
        let configuration = read(
            """
            set highlight-colour green
            set annotations off
            set highlight-colour orange
            set highlight-colour #ffe94d
            set highlight-color "#ffe94"
            set highlight-colour "#gggggg"
            set annotation-author "Ada\tLovelace"
            set annotation-author "\u{1B}]0;pwned\u{07}"
            set annotation-author
            set annotation-store cloud
            set annotation-store
            set annotation-author Ada Lovelace
            set highlight-colour Yellow
            """)
        let colours =
            "yellow, green, blue, pink, or a colour written \"#rrggbb\" (quoted: # starts a comment) or rrggbb"
        let author = "a name without control characters, such as \"Ada Lovelace\""
        let file = Self.file
        #expect(
            configuration.problems.map(\.description) == [
                "\(file):2: invalid annotations 'off' (show or hide)",
                "\(file):3: invalid highlight-colour 'orange' (\(colours))",
                "\(file):4: highlight-colour needs a value (\(colours))",
                "\(file):5: invalid highlight-colour '#ffe94' (\(colours))",
                "\(file):6: invalid highlight-colour '#gggggg' (\(colours))",
                "\(file):7: invalid annotation-author 'Ada\u{FFFD}Lovelace' (\(author))",
                "\(file):8: invalid annotation-author '\u{FFFD}]0;pwned\u{FFFD}' (\(author))",
                "\(file):9: annotation-author needs a value (\(author))",
                "\(file):10: invalid annotation-store 'cloud' (pdf or sidecar)",
                "\(file):11: annotation-store needs a value (pdf or sidecar)",
                "\(file):12: annotation-author takes one value; quote a value with spaces",
                "\(file):13: invalid highlight-colour 'Yellow' (\(colours))",
            ])
        // Each bad line leaves what the lines before it set.
        #expect(configuration.reader.showsAnnotations)
        #expect(configuration.reader.highlightColour == AnnotationColour(hex: "#8fe388"))
        #expect(configuration.reader.annotationAuthor == nil)
        #expect(configuration.annotationStore == .pdf)
    }

    @Test func theOtherSpellingNamesTheSameOption() {
        #expect(ConfigurationOption.named("highlight-color")?.name == "highlight-colour")
        #expect(ConfigurationOption.named("highlight-colour")?.otherNames == ["highlight-color"])
        #expect(
            read("set highlight-colr blue").problems.map(\.reason) == [
                "unknown option 'highlight-colr' (did you mean highlight-colour?)"
            ])
    }
}
