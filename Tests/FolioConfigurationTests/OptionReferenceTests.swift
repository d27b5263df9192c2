import FolioConfiguration
import FolioCore
import Foundation
import Testing

/// The option table in docs/CONFIG.md is generated from ``ConfigurationOption/all``, the table
/// the parser reads `set` lines with: these tests fail when the document drifts from it, and
/// check that each row is what the parser does.
///
/// To regenerate the table: `FOLIO_UPDATE_DOCS=1 swift test --filter OptionReferenceTests`.
@Suite(.serialized) struct OptionReferenceTests {
    static let configGuide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/CONFIG.md")
    static let updating = ProcessInfo.processInfo.environment["FOLIO_UPDATE_DOCS"] == "1"

    private func read(_ text: String) -> Configuration {
        ConfigurationParser(files: MemoryFiles(files: [:]), environment: [:])
            .read(text: text, file: "/home/reader/.config/folio/config")
    }

    @Test func configGuideHasTheOptionTableAsGenerated() throws {
        let committed = try String(contentsOf: Self.configGuide, encoding: .utf8)
        let generated = try #require(
            OptionReference.withGeneratedTable(committed), "docs/CONFIG.md needs the option table's markers")
        if Self.updating, committed != generated {
            try generated.write(to: Self.configGuide, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == generated,
            "docs/CONFIG.md's option table differs from ConfigurationOption.all; regenerate with: FOLIO_UPDATE_DOCS=1 swift test --filter OptionReferenceTests"
        )
    }

    /// Configuration files set these names: a rename breaks them, so the list only grows.
    @Test func optionNamesNeverChange() {
        #expect(
            ConfigurationOption.all.map(\.name) == [
                "wrap", "view", "layout", "graphics", "fit", "invert", "recolor", "recolor-dark", "recolor-light",
                "recolor-images", "crop", "spread", "spread-first-alone", "spread-direction", "continuous", "mouse",
                "reload",
                "remember-position", "scroll-overlap", "status-fg", "status-bg", "highlight-fg", "highlight-bg",
                "dim-fg",
                "osc52",
                "clipboard-command", "synctex-editor", "arabic-shaping", "bidi", "annotations", "highlight-colour",
                "annotation-author", "annotation-store",
            ])
    }

    @Test func theTableIsBetweenItsMarkersAndRegeneratingChangesNothingMore() throws {
        let document = "intro\n<!-- options -->\nold table\n<!-- /options -->\nafter\n"
        let generated = try #require(OptionReference.withGeneratedTable(document))
        #expect(generated == "intro\n<!-- options -->\n" + OptionReference.markdown + "<!-- /options -->\nafter\n")
        #expect(OptionReference.withGeneratedTable(generated) == generated)
        #expect(OptionReference.withGeneratedTable("<!-- /options --> <!-- options -->") == nil)
        let rows = OptionReference.markdown.split(separator: "\n")
        #expect(rows.count == 2 + ConfigurationOption.all.count)
        #expect(
            rows.contains(
                "| `wrap` | `true`, `false` | `false` | start with wrap-around paging (`w` still toggles it) |"))
        #expect(rows.contains { $0.hasPrefix("| `layout` | `reflow`, `layout` (or `physical`) | `reflow` |") })
        #expect(rows.contains { $0.hasPrefix("| `scroll-overlap` | `0`–`20` | `2` |") })
        #expect(
            rows.contains {
                $0.hasPrefix("| `graphics` | `auto`, `kitty`, `sixel`, `iterm`, `halfblock`, `none` | `auto` |")
            })
    }

    /// Each row's values are the ones the parser refuses others with, in the same words (a
    /// command and a name take any word).
    @Test(
        arguments: ConfigurationOption.all.map(\.name).filter {
            !["clipboard-command", "synctex-editor", "annotation-author"].contains($0)
        })
    func aValueNotInTheRowIsRefusedWithTheRowsValues(name: String) throws {
        let option = try #require(ConfigurationOption.named(name))
        let problems = read("set \(name) nonsense").problems.map(\.reason)
        #expect(problems == ["invalid \(name) 'nonsense' (\(option.allowed))"])
    }

    /// A yes-or-no row is turned on by its name alone, and a row that is not needs a value (an
    /// empty clipboard command is one: it sends copies to no program).
    @Test(arguments: ConfigurationOption.all.map(\.name))
    func aNameAloneTurnsOnOnlyAYesOrNoOption(name: String) throws {
        let option = try #require(ConfigurationOption.named(name))
        let alone = read("set \(name)").problems.map(\.reason)
        if option.isBoolean {
            #expect(alone.isEmpty)
            #expect(read("set \(name) on").problems.isEmpty && read("set \(name) no").problems.isEmpty)
        } else if name == "clipboard-command" {
            #expect(alone.isEmpty && read("set \(name)").clipboardCommand == [], "an empty command is one")
        } else if name == "synctex-editor" {
            #expect(alone.isEmpty && read("set \(name)").syncTeXEditor == nil, "an empty command sets none")
        } else {
            #expect(alone == ["\(name) needs a value (\(option.allowed))"])
        }
    }

    /// Everything a `set` line can change, to compare two configurations by.
    private func settings(_ configuration: Configuration) -> String {
        let c = configuration
        return
            "\(c.reader) \(c.colors) \(c.graphics) \(c.annotationStore) \(c.arabicShaping) \(c.bidi) \(c.mouse) \(c.reload) "
            + "\(c.remembersPosition) \(c.sendsOSC52) \(String(describing: c.clipboardCommand))"
    }

    /// The default the table documents as a value (`` `false` ``, `` `2` ``, `` `black` ``) is
    /// the one a fresh configuration holds: setting it changes nothing, and setting another
    /// value of the row does.
    @Test(arguments: ConfigurationOption.all.map(\.name))
    func aDocumentedDefaultValueIsTheDefault(name: String) throws {
        let option = try #require(ConfigurationOption.named(name))
        let standard = settings(Configuration())
        guard option.documentedDefault.hasPrefix("`") else {
            #expect(
                ["status-fg", "status-bg", "dim-fg", "clipboard-command", "synctex-editor", "annotation-author"]
                    .contains(name))
            return
        }
        let value = option.documentedDefault.filter { $0 != "`" }
        let written = read("set \(name) \(value)")
        #expect(written.problems.isEmpty)
        #expect(settings(written) == standard)
        // Another value the row documents (a colour row documents none by name: red is one).
        let documentedValues = option.documentedValues.split(separator: "`", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let other = try #require((documentedValues + ["red"]).first { $0 != value })
        let changed = read("set \(name) \(other)")
        #expect(changed.problems.isEmpty)
        #expect(settings(changed) != standard, "set \(name) \(other)")
    }
}
