import FolioApp
import FolioTestSupport
import Foundation
import Testing

/// docs/folio.1 is generated from the option and key tables (``ManualPage``): these tests fail
/// when the committed page drifts from them, and check that mandoc and man read it cleanly.
///
/// To regenerate the page: `FOLIO_UPDATE_DOCS=1 swift test --filter ManualPageTests`.
@Suite(.serialized) struct ManualPageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/folio.1")
    static let updating = ProcessInfo.processInfo.environment["FOLIO_UPDATE_DOCS"] == "1"

    @Test func theCommittedPageIsAsGenerated() throws {
        let committed = (try? String(contentsOf: Self.page, encoding: .utf8)) ?? ""
        if Self.updating, committed != ManualPage.text {
            try ManualPage.text.write(to: Self.page, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == ManualPage.text,
            "docs/folio.1 differs from the option and key tables; regenerate with: FOLIO_UPDATE_DOCS=1 swift test --filter ManualPageTests"
        )
    }

    /// The page names what a reader looks up, in man(7)'s markup: an option with its value, a
    /// key with its command, a configuration option with its values and default.
    @Test func thePageDocumentsOptionsKeysAndConfiguration() {
        let lines = ManualPage.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains(#"\fB\-\-graphics\fR \fIMODE\fR"#))
        #expect(lines.contains(#"\fB\-p\fR, \fB\-\-page\fR \fIN\fR"#))
        #expect(lines.contains(#".SS "reader mode""#))
        #expect(lines.contains(#"Next page (next\-page)"#))
        #expect(lines.contains(#"\fBwrap\fR"#))
        #expect(
            ManualPage.text.replacing("\n", with: " ").contains(
                #"toggles it). Values: \fBtrue\fR, \fBfalse\fR; default: \fBfalse\fR."#))
        #expect(lines.contains(#".TH FOLIO 1 \#(Version.date) "folio \#(Version.current)" "User Commands""#))
        #expect(!ManualPage.text.unicodeScalars.contains { !$0.isASCII }, "every other character is an escape")
        #expect(lines.allSatisfy { $0.utf8.count <= 80 || $0.hasPrefix(".") }, "mandoc wants text lines of 80 bytes")
        #expect(!ManualPage.text.contains("](") && !ManualPage.text.contains("`"), "markdown is turned into man's")
    }

    /// `mandoc -Tlint` says nothing of the page (when mandoc is installed, as scripts/setup
    /// --test installs it).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc")))
    func mandocFindsNothingToSay() throws {
        let result = try FolioProcess.run(program: "/usr/bin/mandoc", ["-Tlint", Self.page.path])
        #expect(result.status == 0)
        #expect(result.output + result.stderr == "")
    }

    /// `man -l` renders the page with no warning, options and keys in their sections.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")))
    func manRendersThePage() throws {
        let result = try FolioProcess.shell("MANWIDTH=80 MAN_KEEP_FORMATTING= man -l -P cat \(Self.page.path) 2>&1")
        #expect(result.status == 0)
        let text = result.output.replacing(/.\x08/, with: "")
        #expect(!text.contains("warning"), "\(text)")
        for wanted in ["NAME", "SYNOPSIS", "OPTIONS", "KEYS", "CONFIGURATION", "--graphics MODE", "--pages RANGE"] {
            #expect(text.contains(wanted), "man -l shows no \(wanted)")
        }
        #expect(text.contains("auto, kitty, sixel, iterm, halfblock or none"))
    }
}
