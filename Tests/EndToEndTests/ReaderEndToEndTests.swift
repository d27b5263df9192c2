import FolioTestSupport
import Foundation
import Testing

/// The built binary in a real terminal (tmux), driven as a user would: open, flip, jump, wrap,
/// resize, suspend, quit — and the terminal must be exactly as before.
@Suite(.serialized) struct ReaderEndToEndTests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    @Test func pagingJumpingWrappingAndQuitting() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitFor("the first page's title") { $0.contains("Trace-based Just-in-Time Type Specialization") }
        #expect(try tmux.statusLine().contains("1/14"))
        #expect(try tmux.statusLine().contains("pdfjs-tracemonkey.pdf"))
        #expect(try tmux.alternateScreenIsOn())

        try tmux.send("Right")
        try tmux.waitForStatus("2/14")
        try tmux.send("g", "1", "2", "Enter")
        try tmux.waitForStatus("12/14")
        try tmux.send("g", "9", "9", "9", "Enter")
        try tmux.waitForStatus("No page 999 (1–14)")
        #expect(try tmux.statusLine().contains("12/14"))

        try tmux.send("End")
        try tmux.waitForStatus("14/14")
        try tmux.send("Right")
        try tmux.waitForStatus("Last page")
        #expect(try tmux.statusLine().contains("14/14"))

        try tmux.send("w")
        try tmux.waitForStatus("wrap")
        try tmux.send("Right")
        try tmux.waitForStatus("1/14")
        try tmux.send("Left")
        try tmux.waitForStatus("14/14")

        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        #expect(try !tmux.alternateScreenIsOn())
    }

    @Test func countsAndScrollingContinueOntoTheNextPage() throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'")
        try tmux.waitForStatus("1/14")
        try tmux.send("5", "Right")
        try tmux.waitForStatus("6/14")
        try tmux.send("1", "2", "G")
        try tmux.waitForStatus("12/14")
        try tmux.send("g", "g")
        try tmux.waitForStatus("1/14")
        // Space pages through the screens of page 1 and then continues onto page 2.
        for _ in 0..<40 {
            try tmux.send("Space")
            if try tmux.statusLine().contains("2/14") { break }
            usleep(30_000)
        }
        try tmux.waitForStatus("2/14")
        try tmux.send("q")
    }

    @Test func resizeKeepsThePageAndRewraps() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'")
        try tmux.waitForStatus("1/14")
        try tmux.send("Right")
        try tmux.waitForStatus("2/14")
        try tmux.resize(columns: 50, rows: 20)
        try tmux.waitFor("the narrow layout") { _ in
            let rows = try tmux.screen()
            return rows.count == 20 && rows.last?.contains("2/14") == true
                && rows.dropLast().contains { $0.count > 40 } && rows.allSatisfy { $0.count <= 50 }
        }
        try tmux.resize(columns: 30, rows: 8)
        try tmux.waitFor("the too-small message, short enough for 30 columns") { $0.contains("Too small: needs 40×10") }
        try tmux.resize(columns: 90, rows: 25)
        try tmux.waitForStatus("2/14")
        try tmux.send("q")
    }

    @Test(arguments: [
        ("pdfjs-freeculture.pdf", "352"), ("pdfjs-javauninstall-japanese.pdf", "1/1"),
        ("idpf-moby-dick.epub", "567"), ("tika-testPPT.xps", "3"),
    ])
    func opensBooksAndCJK(file: String, pages: String) throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path(file))'; echo \"[exit $?]\"")
        try tmux.waitForStatus(pages.contains("/") ? pages : "1/\(pages)")
        try tmux.send("Right")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        #expect(try !tmux.alternateScreenIsOn())
    }

    /// A document opens where it was left (a note says so); `--page` overrides that.
    @Test func reopensWhereItWasLeft() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/14")
        try tmux.send("Right", "Right", "Right", "Right")
        try tmux.waitForStatus("5/14")
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
        try tmux.run("clear; \"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("5/14")
        #expect(try tmux.statusLine().contains("Page 5, where you left off"))
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
        try tmux.run("clear; \"$FOLIO\" --page 2 '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("2/14")
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
        let positions = try String(
            contentsOf: tmux.stateFolder.appendingPathComponent("folio/positions"), encoding: .utf8)
        // Keyed by the real path: links resolved (the corpus may be reached through one).
        #expect(positions == "1\t\(URL(fileURLWithPath: tracemonkey).resolvingSymlinksInPath().path)\n")
    }

    /// `-p` reads a page as `--pages` does: a number is the page counted from 1, a label comes
    /// after `@` (pdf.js's file labels its 11 pages i–iv, 1–3, a–b, 4–5), and the reader's `g`
    /// still takes the label first.
    @Test func startPageIsANumberOrAnAtLabel() throws {
        let labelled = Corpus.path("pdfjs-labelled_pages.pdf")
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" -p 4 '\(labelled)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("4/11")
        try tmux.send("g", "4", "Enter")
        try tmux.waitForStatus("10/11")
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
        try tmux.run("clear; \"$FOLIO\" -p @4 '\(labelled)'; echo \"[exit $?]\"")
        let status = try tmux.waitForStatus("10/11")
        #expect(status.contains("Page labelled 4: page 10 of 11"), "\(status)")
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
    }

    @Test func openErrorLeavesTheTerminalAlone() throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-tracemonkey-truncated.pdf"))'; echo \"[exit $?]\"")
        _ = try tmux.waitFor("the error and the exit status") { $0.contains("[exit 1]") }
        let message = "folio: \(Corpus.path("pdfjs-tracemonkey-truncated.pdf")): cannot open document"
        #expect(try tmux.unwrappedText().contains(message))
        #expect(try !tmux.alternateScreenIsOn())
    }

    @Test(arguments: [("TERM", 143), ("HUP", 129), ("INT", 130), ("QUIT", 131)])
    func signalsRestoreTheTerminal(signal: String, status: Int) throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/14")
        try tmux.signalChild(signal)
        try tmux.waitFor("the shell after \(signal)") { $0.contains("[exit \(status)]") }
        #expect(try !tmux.alternateScreenIsOn())
    }

    /// A crash in full-screen mode: Swift's traps raise SIGILL on x86-64 and SIGTRAP on arm64, a
    /// bad memory access SIGSEGV or SIGBUS, `abort` SIGABRT. The crash guard leaves the alternate
    /// screen, shows the cursor again and puts the shell's terminal modes back, and folio still
    /// dies of the signal. The signal comes from outside (folio has no way to crash on purpose);
    /// the handler runs the same either way.
    @Test(arguments: [
        ("SEGV", SIGSEGV), ("BUS", SIGBUS), ("ILL", SIGILL), ("TRAP", SIGTRAP), ("FPE", SIGFPE), ("ABRT", SIGABRT),
        ("SYS", SIGSYS),
    ])
    func crashesRestoreTheTerminal(signal: String, number: Int32) throws {
        let directory = try TemporaryDirectory()
        let modes = (
            before: directory.url.appendingPathComponent("before"), after: directory.url.appendingPathComponent("after")
        )
        let tmux = try TmuxSession(columns: 80, rows: 24)
        // sh runs folio, not the interactive bash: bash puts its own terminal modes back after a job
        // dies of a signal, which would hide whether folio did. No core file is left behind.
        try tmux.run(
            "exec sh -c 'ulimit -c 0; stty -g > \"$0\"; \"$FOLIO\" \"$1\"; echo \"[exit $?]\"; stty -g > \"$2\"; exec sleep 600'"
                + " '\(modes.before.path)' '\(tracemonkey)' '\(modes.after.path)'")
        try tmux.waitForStatus("1/14")
        #expect(try !tmux.cursorIsVisible())
        try tmux.signalChild(signal)
        try tmux.waitFor("the shell after SIG\(signal)") { $0.contains("[exit \(128 + number)]") }
        #expect(try !tmux.alternateScreenIsOn())
        #expect(try tmux.cursorIsVisible())
        try tmux.waitFor("the terminal modes after the crash") { _ in
            FileManager.default.fileExists(atPath: modes.after.path)
        }
        let before = try String(contentsOf: modes.before, encoding: .utf8)
        #expect(!before.isEmpty)
        #expect(try String(contentsOf: modes.after, encoding: .utf8) == before)
    }

    /// A crash loses nothing and says where: the page the reader stayed on for a second is on
    /// disk before the crash (no quit saves it), and the session's log holds the signal, the
    /// thread and a backtrace naming Folio's functions. Reopening lands on that page.
    @Test(arguments: [("SEGV", SIGSEGV), ("ILL", SIGILL)])
    func aCrashLeavesTheLogAndThePosition(signal: String, number: Int32) throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("ulimit -c 0; \"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/14")
        try tmux.send("Right", "Right", "Right", "Right", "Right", "Right")
        try tmux.waitForStatus("7/14")
        let folder = tmux.stateFolder.appendingPathComponent("folio")
        let document = URL(fileURLWithPath: tracemonkey).resolvingSymlinksInPath().path
        try tmux.waitFor("page 7 saved while reading") { _ in
            (try? String(contentsOf: folder.appendingPathComponent("positions"), encoding: .utf8))
                == "6\t\(document)\n"
        }
        try tmux.signalChild(signal)
        let screen = try tmux.waitFor("the shell after SIG\(signal)") { $0.contains("[exit \(128 + number)]") }
        #expect(try !tmux.alternateScreenIsOn())
        #expect(screen.contains("folio: crashed; what it said is in"))
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("messages-")
        }
        try #require(logs.count == 1)
        let log = try String(contentsOf: folder.appendingPathComponent(logs[0]), encoding: .utf8)
        #expect(log.contains("folio: crashed: SIG\(signal) (signal \(number)) sent by process"))
        #expect(log.contains("on the main thread"))
        // The main thread waits for keys in the curses terminal: its frames are named (mangled:
        // `FolioTerminal.CursesTerminal.waitForEvents(readingKeys:)`, then the entry point).
        #expect(log.contains("($s13FolioTerminal06CursesB0C13waitForEvents11readingKeys"))
        #expect(log.contains("(folio_main+0x"))

        try tmux.run("clear; \"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("7/14")
        #expect(try tmux.statusLine().contains("Page 7, where you left off"))
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
    }

    /// tmux sends the same sequences for Home, End, PageUp and PageDown whatever TERM says inside
    /// it (`ESC [ 1 ~`, `ESC [ 4 ~`, …); xterm's and vt100's entries list others or none. The keys
    /// work under each, and their bytes never turn into a count.
    @Test(arguments: ["xterm-256color", "screen", "vt100", "linux"])
    func specialKeysWorkWhateverTermSays(term: String) throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("TERM=\(term) \"$FOLIO\" '\(Corpus.path("pdfjs-labelled_pages.pdf"))'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/11")
        try tmux.send("End")
        try tmux.waitForStatus("11/11")
        try tmux.send("Home")
        try tmux.waitForStatus("1/11")
        // The pages have no text: a screen down is the next page.
        try tmux.send("PageDown")
        try tmux.waitForStatus("2/11")
        try tmux.send("PageUp")
        try tmux.waitForStatus("1/11")
        try tmux.send("Right")
        let status = try tmux.waitForStatus("2/11")
        #expect(!status.contains("["))
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
    }

    /// An escape sequence no entry knows, or a terminal's late reply to a query, is dropped
    /// whole: its bytes never act as keys. (A late background-colour reply,
    /// `ESC ] 11 ; rgb:0000/0000/0000 BEL`, would otherwise open the search prompt at its `/`,
    /// and the Right after it would be lost in the prompt.)
    @Test func unknownEscapeSequencesAreDroppedWhole() throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-labelled_pages.pdf"))'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/11")
        for sequence in ["\u{1B}[99~", "\u{1B}[?64;4c", "\u{1B}OX", "\u{1B}]11;rgb:0000/0000/0000\u{07}"] {
            try tmux.sendBytes(Array(sequence.utf8))
        }
        try tmux.send("Right")
        let status = try tmux.waitForStatus("2/11")
        #expect(!status.contains("not a key"))
        #expect(!status.contains("["))
        // Escape on its own is still a key, and what follows it too.
        try tmux.send("Escape")
        try tmux.send("Right")
        try tmux.waitForStatus("3/11")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
    }

    @Test func suspendAndResume() throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'")
        try tmux.waitForStatus("1/14")
        try tmux.send("Right")
        try tmux.waitForStatus("2/14")
        try tmux.send("C-z")
        try tmux.waitFor("the shell's job message") { $0.contains("Stopped") }
        #expect(try !tmux.alternateScreenIsOn())
        // Resized while stopped: the SIGWINCH goes to the shell, and Folio must measure again.
        try tmux.resize(columns: 100, rows: 30)
        try tmux.run("fg")
        try tmux.waitForStatus("2/14")
        #expect(try tmux.alternateScreenIsOn())
        let screen = try tmux.screen()
        #expect(screen.count == 30)
        #expect(screen.last?.hasSuffix("2/14") == true)
        #expect(screen.last?.count ?? 0 > 90)
        try tmux.send("Right")
        try tmux.waitForStatus("3/14")
        try tmux.send("q")
        try tmux.run("echo \"[exit $?]\"")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        #expect(try !tmux.alternateScreenIsOn())
    }

    /// Without an alternate screen (terminfo has no `smcup`: the Linux console, a vt100) Folio
    /// draws on the shell's own screen: Ctrl-Z and quitting clear what it drew, so the shell's
    /// prompt is never drawn over its status line.
    @Test(arguments: ["linux", "vt100"])
    func withoutAnAlternateScreenStoppingAndQuittingLeaveNothingBehind(term: String) throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("TERM=\(term) \"$FOLIO\" '\(tracemonkey)'")
        try tmux.waitForStatus("1/14")
        try tmux.send("C-z")
        let stopped = try tmux.waitFor("the shell's job message") { $0.contains("Stopped") }
        #expect(!stopped.contains("reflow"), "\(stopped)")
        #expect(!stopped.contains("Specialization"), "\(stopped)")
        try tmux.run("fg")
        try tmux.waitForStatus("1/14")
        try tmux.send("q")
        // The shell's prompt, before anything is typed: a line typed ahead while Folio ends is
        // echoed by the terminal driver wherever the cursor is, Folio's doing or not.
        let after = try tmux.waitFor("the shell's prompt after quitting") { $0.hasPrefix("$") }
        #expect(!after.contains("reflow"), "\(after)")
        #expect(!after.contains("Specialization"), "\(after)")
        try tmux.run("echo \"[exit $?]\"")
        try tmux.waitFor("the exit status") { $0.hasPrefix("$ echo \"[exit $?]\"\n[exit 0]") }
    }

    /// The password prompt before the screen starts takes the keys one by one: arrow keys are
    /// skipped (their escape sequences never become characters of the password), Esc cancels.
    @Test func thePasswordPromptSkipsArrowKeysAndEscCancelsIt() throws {
        let tmux = try TmuxSession(columns: 120, rows: 24)
        let locked = Corpus.path("pypdf-libreoffice-writer-password.pdf")
        try tmux.run("\"$FOLIO\" '\(locked)'; echo \"[exit $?]\"")
        try tmux.waitFor("the password prompt") { $0.contains("Password for") }
        try tmux.send("Left", "Up")
        try tmux.send("openpassword", literal: true)
        try tmux.send("Right", "Enter")
        try tmux.waitForStatus("1/1")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        try tmux.run("clear; \"$FOLIO\" '\(locked)'; echo \"[exit $?]\"")
        try tmux.waitFor("the password prompt") { $0.contains("Password for") }
        try tmux.send("secret", literal: true)
        try tmux.send("Escape")
        try tmux.waitFor("the shell after Esc") { $0.contains("[exit 1]") }
        let text = try tmux.unwrappedText()
        #expect(text.contains("folio: \(locked): document is encrypted: a password is needed (--password)"), "\(text)")
    }

    @Test func hostileFileNameIsNeutralised() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-e2e-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let hostile = directory.appendingPathComponent("evil\u{1B}]2;pwned\u{07}name.pdf")
        try FileManager.default.copyItem(atPath: tracemonkey, toPath: hostile.path)
        let tmux = try TmuxSession(columns: 100, rows: 24)
        try tmux.run("\"$FOLIO\" \(directory.path)/evil*name.pdf")
        try tmux.waitForStatus("1/14")
        #expect(try tmux.statusLine().contains("evil�]2;pwned�name.pdf"))
        try tmux.send("q")
    }

    /// Hundreds of resizes (each a SIGWINCH) while paging a big book: the reader keeps every key,
    /// ends on the right page, and a full repaint (Ctrl-L) changes nothing, so no garbage was left.
    @Test func resizeStormWhilePaging() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("debian-octave.pdf"))'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/1158")
        var random = SeededRandom(seed: 10)
        for step in 0..<300 {
            try tmux.resize(
                columns: Int.random(in: 10...180, using: &random), rows: Int.random(in: 3...70, using: &random))
            if step % 10 == 0 {
                try tmux.send("Right")
            }
        }
        try tmux.resize(columns: 100, rows: 30)
        try tmux.waitForStatus("31/1158")
        let settled = try tmux.waitForStillScreen("the page text") { !$0.contains("Loading page") }
        try tmux.send("C-l")
        let repainted = try tmux.waitForStillScreen("the screen after a full repaint")
        #expect(repainted == settled)
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        #expect(try !tmux.alternateScreenIsOn())
    }

    /// A document whose text, title and outline carry OSC, CSI, DCS and C1 sequences: they show
    /// as text with U+FFFD for each control, and the terminal's title and clipboard stay untouched.
    @Test func hostileDocumentCannotTouchTheTerminal() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Fixtures.hostileDocument(), to: "hostile.pdf")
        let tmux = try TmuxSession(columns: 120, rows: 30)
        let title = try tmux.title()
        try tmux.run("\"$FOLIO\" '\(path)'; echo \"[exit $?]\"")
        try tmux.waitFor("the page text") { $0.contains("x osc-title: \u{FFFD}]0;pwned\u{FFFD} end") }
        try tmux.send("L")
        try tmux.send("?")
        try tmux.waitFor("the title on the help screen") { $0.contains("hostile.pdf: Title \u{FFFD}]0;pwned\u{FFFD}") }
        #expect(try tmux.title() == title)
        try tmux.send("q")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        #expect(try !tmux.alternateScreenIsOn())
        #expect(try tmux.title() == title)
        #expect(try tmux.pasteBuffers().isEmpty)
    }
}
