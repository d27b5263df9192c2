import FolioCore
import FolioTestSupport
import Foundation
import Testing

/// The key reference in the documentation is generated from the key tables: these tests fail
/// when docs/READER.md, docs/sample-keys.txt or docs/sample.pdf drift from them.
///
/// To regenerate the files: `FOLIO_UPDATE_DOCS=1 swift test --filter KeyReferenceTests`, then
/// `scripts/make-sample` for docs/sample.pdf.
@Suite(.serialized) struct KeyReferenceTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let updating = ProcessInfo.processInfo.environment["FOLIO_UPDATE_DOCS"] == "1"
    static let howToUpdate = "regenerate with: FOLIO_UPDATE_DOCS=1 swift test --filter KeyReferenceTests"

    /// Compares the committed file at `path` with `generated`, rewriting it when updating.
    private func check(_ path: String, committed: String, generated: String) throws {
        if Self.updating, committed != generated {
            try generated.write(to: Self.packageRoot.appendingPathComponent(path), atomically: true, encoding: .utf8)
            return
        }
        #expect(committed == generated, "\(path) differs from the key tables; \(Self.howToUpdate)")
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func readerGuideHasEveryModesTableAsGenerated() throws {
        let committed = try read("docs/READER.md")
        #expect(KeyReference.modesWithoutSection(in: committed).isEmpty, "docs/READER.md needs markers for every mode")
        try check("docs/READER.md", committed: committed, generated: KeyReference.withGeneratedSections(committed))
    }

    @Test func sampleKeyDataIsAsGenerated() throws {
        try check(
            "docs/sample-keys.txt", committed: try read("docs/sample-keys.txt"),
            generated: KeyReference.sampleGuideKeys)
    }

    /// The Reading page (page 2) of docs/sample.pdf lists the rows of docs/sample-keys.txt, in
    /// order: scripts/make-sample was run after the data last changed.
    @Test func sampleGuideKeyPageShowsTheGeneratedRows() throws {
        let page = try Mutool.pageTexts(Self.packageRoot.appendingPathComponent("docs/sample.pdf").path)[1]
        let words = page.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var rest = words[...]
        for line in KeyReference.sampleGuideKeys.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.hasPrefix("## ") ? [line.dropFirst(3)] : line.split(separator: "\t")
            for part in parts {
                let wanted = part.split(separator: " ").joined(separator: " ")
                guard let found = rest.range(of: wanted) else {
                    Issue.record(
                        "page 2 of docs/sample.pdf lacks “\(wanted)” (after the rows before it); run scripts/make-sample"
                    )
                    return
                }
                rest = rest[found.upperBound...]
            }
        }
    }

    @Test func markdownListsEveryBindingWithKeysAsCode() {
        let links = KeyReference.markdown(for: .links)
        let lines = links.split(separator: "\n")
        #expect(lines.prefix(2) == ["| Keys | Command | What they do |", "|---|---|---|"])
        // The typed-number row, then one row per binding.
        #expect(lines.count == 3 + LinkListKeymap.standard.bindings.count)
        #expect(lines.contains("| Esc, `q`, `f` | `close` | Close |"))
        #expect(lines.contains("| PageDown, Space | `screen-down` | Down a screen |"))
        let outline = KeyReference.markdown(for: .outline).split(separator: "\n")
        #expect(outline.contains("| Left | `collapse` | Fold — hide the entry's children, or select its parent |"))
        #expect(outline[2].hasPrefix("| any character |  | filter the entries as you type"))
        // Characters in the go-to prompt are typed text (numbers and labels), said in a first row.
        #expect(
            KeyReference.markdown(for: .goToPrompt).split(separator: "\n")[2].hasPrefix(
                "| any character |  | type the page number or printed label"))
    }

    @Test func sectionsAreReplacedBetweenTheirMarkers() {
        let document = "intro\n<!-- keys:filter -->\nold table\n<!-- /keys:filter -->\nafter\n"
        let generated = KeyReference.withGeneratedSections(document)
        #expect(
            generated == "intro\n<!-- keys:filter -->\n" + KeyReference.markdown(for: .filter)
                + "<!-- /keys:filter -->\nafter\n")
        #expect(KeyReference.withGeneratedSections(generated) == generated)
        #expect(KeyReference.modesWithoutSection(in: document) == KeyMode.allCases.filter { $0 != .filter })
    }
}
