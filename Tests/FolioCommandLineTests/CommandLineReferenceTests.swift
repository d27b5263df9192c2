import FolioCommandLine
import FolioCore
import Foundation
import Testing

/// README's option summary and `--help` are generated from ``CommandLineOption/all``: these
/// tests fail when README drifts from the table, and check that the parser takes each row as
/// the row says.
///
/// To regenerate README's summary: `FOLIO_UPDATE_DOCS=1 swift test --filter CommandLineReferenceTests`.
@Suite(.serialized) struct CommandLineReferenceTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")
    static let updating = ProcessInfo.processInfo.environment["FOLIO_UPDATE_DOCS"] == "1"

    @Test func readmeHasTheOptionSummaryAsGenerated() throws {
        let committed = try String(contentsOf: Self.readme, encoding: .utf8)
        let generated = try #require(
            CommandLineReference.withGeneratedSummary(committed), "README.md needs the option summary's markers")
        if Self.updating, committed != generated {
            try generated.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == generated,
            "README.md's option summary differs from CommandLineOption.all; regenerate with: FOLIO_UPDATE_DOCS=1 swift test --filter CommandLineReferenceTests"
        )
    }

    @Test func theSummaryIsBetweenItsMarkersAndListsEveryOption() throws {
        let document = "intro\n<!-- options -->\nold\n<!-- /options -->\nafter\n"
        let generated = try #require(CommandLineReference.withGeneratedSummary(document))
        #expect(generated == "intro\n<!-- options -->\n" + CommandLineReference.summary + "<!-- /options -->\nafter\n")
        #expect(CommandLineReference.withGeneratedSummary(generated) == generated)
        #expect(CommandLineReference.withGeneratedSummary("<!-- /options --> <!-- options -->") == nil)
        let lines = CommandLineReference.summary.split(separator: "\n")
        #expect(lines.contains("  --reflow               with --text: print the reader's reflowed text"))
        #expect(
            lines.contains {
                $0.hasPrefix("  --graphics MODE        image view: auto, kitty, sixel, iterm, halfblock or none")
            })
        for name in ["--image", "--size COLSxROWS", "--config FILE", "--compact-sixel WHEN", "-p, --page N"] {
            #expect(lines.contains { $0.hasPrefix("  " + name + " ") }, "README's summary lacks \(name)")
        }
    }

    @Test func usageWrapsEveryOptionsDescriptionBesideItsName() {
        let lines = Options.usage.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(
            lines.contains(
                "  --sixel                write the selected pages as sixel images; for scripts and previews"))
        for option in CommandLineOption.all {
            // A synopsis too long for the column stands on a line of its own.
            #expect(
                lines.contains { $0.hasPrefix("  " + option.synopsis + " ") || $0 == "  " + option.synopsis },
                "usage lacks \(option.synopsis)")
        }
    }

    /// What the parser says of `arguments`, or nil when it takes them.
    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try Options(arguments: arguments)
            return nil
        } catch {
            return error.message
        }
    }

    /// A row without a value refuses one, and a row with a value needs one: the parser and the
    /// table agree on every name.
    @Test(arguments: CommandLineOption.all.flatMap { option in option.names.map { ($0, option.value) } })
    func theParserTakesEachNameAsItsRowSays(name: String, value: CommandLineOption.Value) {
        if value == .none {
            #expect(refusal([name, "doc.pdf"]).map { !$0.hasPrefix("unknown option") } ?? true)
            if name.hasPrefix("--") {
                #expect(refusal([name + "=x", "doc.pdf"]) == "\(name) takes no value")
            }
        } else {
            #expect(refusal([name]) == "\(name) needs a value")
        }
    }

    /// A row's choices are the words the parser takes, and no others.
    @Test func aChoiceRowsWordsAreTheOnesTheParserTakes() throws {
        var checked = 0
        for option in CommandLineOption.all {
            guard case .choice(_, let choices) = option.value, let name = option.names.last else { continue }
            for choice in choices {
                let refused = refusal([name, choice])
                #expect(refused == nil, "\(name) \(choice): \(refused ?? "")")
            }
            #expect(refusal([name, "nonsense"])?.hasPrefix("invalid \(name) 'nonsense'") == true)
            checked += 1
        }
        #expect(checked == 2)
    }
}
