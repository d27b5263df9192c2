import FolioTestSupport
import Foundation
import Testing

/// A configuration file, reload on change and the mouse, in a real terminal (tmux), as a user
/// would meet them.
@Suite(.serialized) struct DailyUseEndToEndTests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    /// Writes `text` as the session's configuration file (`$XDG_CONFIG_HOME/folio/config`).
    private func writeConfiguration(_ text: String, in tmux: TmuxSession) throws {
        let folder = tmux.stateFolder.appendingPathComponent("config/folio")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    }

    @Test func aConfigurationRemapsKeysAndItsErrorsDoNotStopFolio() throws {
        let tmux = try TmuxSession(columns: 160, rows: 30)
        try writeConfiguration(
            "# zathura-like\nmap J next-page\nunmap h\nset wrap tru\nmap K previous-page\nset colour red\n", in: tmux)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        // The first problem is on the message line once the page is in.
        let first = try tmux.waitForStatus("folio: ")
        #expect(first.contains("1/14"))
        // HOME is /tmp in the test terminal, so the file is named from ~.
        #expect(first.contains(" folio: ~/folio-test-"), "\(first)")
        #expect(first.contains("/config/folio/config:4: invalid wrap 'tru' (true or false)"))
        #expect(first.contains("and 1 more: folio --check-config"))
        try tmux.send("J")
        try tmux.waitForStatus("2/14")
        try tmux.send("h")
        try tmux.waitForStatus("h is not a key here (? for help)")
        #expect(try tmux.statusLine().contains("2/14"))
        try tmux.send("K")
        try tmux.waitForStatus("1/14")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        try tmux.run("\"$FOLIO\" --check-config; echo \"[check $?]\"")
        let screen = try tmux.waitFor("the check") { $0.contains("[check 1]") }
        #expect(screen.contains("config:6: unknown option 'colour'"))
    }

    /// Dark mode (`C`) in the text view takes its colours through curses' default colours: the
    /// whole screen, blank cells too, in 256-colour grey 253 on 234 (the nearest to `#dcdcdc`
    /// on `#1e1e1e`), the status line in reverse; `C` again gives the terminal its own
    /// colours back, and so does quitting.
    @Test func darkModeColoursTheTextViewAndGivesTheColoursBack() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitFor("page text") { $0.contains("Trace-based Just-in-Time") }
        #expect(try !tmux.styledScreen().joined().contains("48;5;234"))
        try tmux.send("C")
        try tmux.waitForStatus("Dark mode, colours kept")
        // tmux writes a colour where it starts: on the first cell, and never put back after.
        let dark = try tmux.styledScreen()
        #expect(dark.first?.hasPrefix("\u{1B}[38;5;253m\u{1B}[48;5;234m") == true, "\(dark.prefix(2))")
        let sequences = dark.joined().split(separator: "\u{1B}", omittingEmptySubsequences: false).dropFirst().map {
            $0.prefix { $0 != "m" }
        }
        #expect(sequences == ["[38;5;253", "[48;5;234", "[7"], "the status line in reverse, nothing else")
        try tmux.send("C")
        try tmux.waitForStatus("Normal colours")
        #expect(try !tmux.styledScreen().joined().contains("48;5;234"))
        try tmux.send("C")
        try tmux.waitForStatus("Dark mode, colours kept")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        #expect(try !tmux.styledScreen().joined().contains("48;5;234"), "the shell's screen has its own colours")
    }

    @Test func reloadAfterAnInPlaceRewriteAndAnAtomicRename() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        let folder = try TemporaryDirectory()
        let document = folder.url.appendingPathComponent("paper.pdf").path
        try FileManager.default.copyItem(atPath: tracemonkey, toPath: document)
        try tmux.run("\"$FOLIO\" -p 6 '\(document)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("6/14")
        try tmux.send("j", "j")
        // In place (the same inode), as `cat > file` writes.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: document))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: Corpus.path("pdfjs-freeculture.pdf"))))
        try handle.close()
        // The status line of the frame that says so (a second capture may show a later frame).
        let longer = try tmux.waitForStatus("Reloaded: 352 pages")
        let longerStatus = longer.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        #expect(longerStatus.contains("6/352"), "\(longerStatus)")
        // By rename, as editors and LaTeX write.
        let written = folder.url.appendingPathComponent(".paper.pdf.tmp").path
        try FileManager.default.copyItem(atPath: tracemonkey, toPath: written)
        #expect(rename(written, document) == 0)
        let shorter = try tmux.waitForStatus("Reloaded: 14 pages")
        let shorterStatus = shorter.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        #expect(shorterStatus.contains("6/14"), "\(shorterStatus)")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
    }

    @Test func theWheelScrollsAndAClickFollowsALink() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitFor("the first page's text") { $0.contains("Trace-based Just-in-Time") }
        let before = try tmux.screen()
        // Two notches of the wheel down (SGR 1006 reports, as tmux passes them on).
        try tmux.sendBytes(Array("\u{1B}[<65;20;10M\u{1B}[<65;20;10M".utf8))
        // Two notches are six lines.
        try tmux.waitFor("the page to scroll six lines") { _ in try tmux.screen().first == before[6] }
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }

        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-paragraph_and_link.pdf"))'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/2")
        // f puts a hint on the link on screen; Enter lists the page's links instead.
        try tmux.send("f")
        try tmux.waitForStatus("1 link on screen: type a hint")
        try tmux.send("Enter")
        try tmux.waitFor("the link list") { $0.contains("Links on page 1") }
        // A double click on the first entry (row 2 of the screen, 1-based) follows it.
        try tmux.sendBytes(Array("\u{1B}[<0;5;2M\u{1B}[<0;5;2m\u{1B}[<0;5;2M\u{1B}[<0;5;2m".utf8))
        try tmux.waitForStatus("2/2")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
    }

    @Test func aPasteIsTextInThePromptAndMouseReportsAreUndoneOnQuitAndSuspend() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        // No echo of the exit status after it: the shell would print it at Ctrl-Z.
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'")
        try tmux.waitForStatus("1/14")
        #expect(try tmux.mouseReportsAreOn())
        try tmux.send("/")
        // A paste with a q and a line break in it: text in the prompt, never keys.
        try tmux.paste("trace\nq")
        try tmux.waitForStatus("/trace q")
        try tmux.send("Enter")
        try tmux.waitForStatus("match")
        // Ctrl-Z gives the shell a terminal without mouse reports; fg brings them back.
        try tmux.send("C-z")
        try tmux.waitFor("the shell after Ctrl-Z") { $0.contains("Stopped") }
        #expect(try !tmux.mouseReportsAreOn())
        try tmux.run("fg")
        try tmux.waitForStatus("1/14")
        #expect(try tmux.mouseReportsAreOn())
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { _ in try !tmux.alternateScreenIsOn() }
        #expect(try !tmux.mouseReportsAreOn())
    }

    @Test func noMouseLeavesMouseReportsOff() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try writeConfiguration("set mouse false\n", in: tmux)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/14")
        #expect(try !tmux.mouseReportsAreOn())
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
    }
}
