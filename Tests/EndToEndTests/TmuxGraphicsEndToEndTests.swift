import FolioTestSupport
import Foundation
import Testing

/// The image view inside a real tmux (3.3a): with passthrough off Folio says how to turn it on,
/// on the status line and in `--diagnose`; with it on, it asks the terminal outside through tmux
/// and, unanswered (no client attached), keeps half blocks; with a terminal outside that shows
/// kitty's Unicode placeholders, the page is placeholder cells in the pane.
@Suite(.serialized) struct TmuxGraphicsEndToEndTests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    @Test func passthroughOffIsExplainedOnce() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\(tmux.tmuxVariable) \"$FOLIO\" --diagnose; \(tmux.tmuxVariable) \"$FOLIO\" '\(tracemonkey)'")
        try tmux.waitForStatus("Sharper images: tmux set -g allow-passthrough on")
        let status = try tmux.statusLine()
        #expect(status.contains("1/14"), "status line: \(status)")
        try tmux.send("Right")
        try tmux.waitForStatus("2/14")
        #expect(try !tmux.statusLine().contains("passthrough"))
        try tmux.send("Tab")
        try tmux.waitForStatus("image ▀")
        try tmux.send("q")
        let screen = try tmux.waitFor("the diagnosis above the shell") {
            $0.contains("$ ") && $0.contains("Image view")
        }
        #expect(screen.contains("inside tmux with passthrough off"))
        #expect(screen.contains("`tmux set -g allow-passthrough on` (in ~/.tmux.conf)"))
    }

    /// The tip waits for the message that matters (`-p 9999`), the next key shows it; a reader
    /// left before that never showed it, so it is offered again; Ctrl-Z dismisses it, so `fg`
    /// does not bring it back; and it is shown once on this kind of terminal, not at the next start.
    @Test func theTipWaitsItsTurnAndIsShownOnce() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        let tip = "Sharper images: tmux set -g allow-passthrough on"
        let tipsShown = tmux.stateFolder.appendingPathComponent("folio/tips-shown")
        try tmux.run("\(tmux.tmuxVariable) \"$FOLIO\" -p 9999 '\(tracemonkey)'")
        try tmux.waitForStatus("No page 9999: opened the last page, 14")
        try tmux.send("q")
        try tmux.run("echo \"[quit $?]\"")
        try tmux.waitFor("the shell after quitting at once") { $0.contains("[quit 0]") }
        #expect(!FileManager.default.fileExists(atPath: tipsShown.path), "the tip was never on screen")
        try tmux.run("clear; \(tmux.tmuxVariable) \"$FOLIO\" -p 9999 '\(tracemonkey)'")
        let first = try tmux.waitForStatus("No page 9999: opened the last page, 14")
        #expect(!first.contains(tip))
        // A key that neither moves nor says anything: Ctrl-L redraws.
        try tmux.send("C-l")
        try tmux.waitForStatus(tip)
        try tmux.send("C-z")
        try tmux.waitFor("the shell's job message") { $0.contains("Stopped") }
        try tmux.run("fg")
        let resumed = try tmux.waitForStatus("14/14")
        #expect(!resumed.contains("Sharper"), "\(resumed)")
        try tmux.send("q")
        try tmux.run("clear; \(tmux.tmuxVariable) \"$FOLIO\" -p 3 '\(tracemonkey)'")
        try tmux.waitForStatus("3/14")
        try tmux.send("j")
        let again = try tmux.waitForStillScreen("the second start, a key later")
        #expect(!again.contains("Sharper"), "\(again)")
        try tmux.send("q")
        try tmux.run("echo \"[exit $?]\"")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        let shown = try String(contentsOf: tipsShown, encoding: .utf8)
        #expect(shown == "tmux-passthrough\ttmux-256color in unknown\n")
    }

    @Test func passthroughOnAsksTheTerminalOutside() throws {
        let tmux = try TmuxSession(columns: 160, rows: 40)
        try tmux.setOption("allow-passthrough", "on")
        try tmux.run("\(tmux.tmuxVariable) \"$FOLIO\" --diagnose")
        let screen = try tmux.waitFor("the diagnosis") { $0.contains("Passed through tmux") && $0.contains("$ ") }
        #expect(screen.contains("Image view: half blocks"))
        #expect(screen.contains("did not answer the kitty graphics query passed through to it"))
        #expect(screen.contains("terminal name and version (XTVERSION, CSI > q): ESC P>|tmux 3.3a"))
        #expect(!screen.contains("Sharper images"))
    }

    /// With passthrough on and a client attached from a terminal that answers as kitty 0.35
    /// (``OuterTerminal``): the page reaches that terminal once, through passthrough, as a PNG of
    /// the page with a virtual placement, while the pane holds rows of placeholder cells in the
    /// image's colour, each row's first cell marked with its row (kitty's row diacritics:
    /// U+0305, U+030D, U+030E, …). Scrolling re-numbers the rows and sends no image; the text
    /// view leaves no placeholder behind; quitting deletes the image in the terminal.
    @Test func passthroughOnWithPlaceholdersOutsideFillsThePane() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.setOption("allow-passthrough", "on")
        let outside = try tmux.attachOuterTerminal(columns: 100, rows: 30, cell: (8, 16))
        defer { outside.detach() }
        try tmux.run("\(tmux.tmuxVariable) \"$FOLIO\" --diagnose | head -3")
        try tmux.waitFor("the diagnosis") { $0.contains("Image view") && $0.contains("$ ") }
        let diagnosis = try tmux.unwrappedText()
        #expect(diagnosis.contains("Image view: kitty graphics protocol"))
        #expect(diagnosis.contains("the terminal outside (kitty(0.35.2)) answered the query passed through"))
        #expect(diagnosis.contains("cell size 8×16 px (reported by the terminal outside tmux)"))

        try tmux.run("clear; \(tmux.tmuxVariable) \"$FOLIO\" '\(tracemonkey)'")
        try tmux.waitForStatus("1/14")
        try tmux.send("Tab")
        try tmux.waitForStatus("image")
        let placeholder: Character = "\u{10EEEE}"
        func placeholderCounts(_ screen: String) -> [Int] {
            screen.components(separatedBy: "\n").dropLast().map {
                $0.unicodeScalars.filter { $0 == "\u{10EEEE}" }.count
            }
        }
        // The whole image area, not a capture taken while tmux is still painting it.
        let screen = try tmux.waitFor("placeholder cells on every row") {
            let counts = placeholderCounts($0)
            return counts.count == 29 && counts.allSatisfy { $0 > 0 && $0 == counts[0] }
        }
        let rows = screen.components(separatedBy: "\n").dropLast()
        let width = placeholderCounts(screen)[0]
        // Each row's first placeholder carries its row and column (0) as diacritics.
        func rowMarks(_ row: String) -> [UInt32] {
            Array(row.unicodeScalars.drop { $0 != "\u{10EEEE}" }.dropFirst().prefix(2).map(\.value))
        }
        #expect(rows.prefix(3).map(rowMarks) == [[0x305, 0x305], [0x30D, 0x305], [0x30E, 0x305]])

        // The terminal outside got the page once: a PNG in base64 chunks, then a virtual
        // placement of as many columns as the pane shows; the cells are in the image's colour.
        try outside.waitFor("the page's placement") { $0.contains { $0.keys["a"] == "p" && $0.keys["U"] == "1" } }
        let commands = outside.kittyCommands()
        let transmissions = commands.enumerated().filter { $0.element.keys["a"] == "t" }
        #expect(transmissions.count == 1)
        let first = try #require(transmissions.first)
        let id = try #require(first.element.keys["i"])
        #expect(first.element.keys["f"] == "100" && first.element.keys["t"] == "d")
        var base64 = first.element.payload
        for command in commands[(first.offset + 1)...] {
            guard command.keys["a"] == nil else { break }
            base64 += command.payload
            if command.keys["m"] == "0" { break }
        }
        let png = try #require(Data(base64Encoded: Data(base64)))
        let placement = try #require(commands.last { $0.keys["a"] == "p" })
        #expect(placement.keys["i"] == id && placement.keys["c"] == "\(width)")
        let styled = try tmux.styledScreen()
        #expect(styled.first?.contains("\u{1B}[38;5;\(id)m") == true, "row 0: \(styled.first ?? "")")
        try expectPage(png: png, matches: tracemonkey, page: 1)

        try tmux.send("j")
        try tmux.waitFor("placeholders scrolled one row") { screen in
            screen.components(separatedBy: "\n").first.map(rowMarks) == [0x30D, 0x305]
        }
        #expect(outside.kittyCommands().filter { $0.keys["a"] == "t" }.count == 1)

        try tmux.send("Tab")
        try tmux.waitForStatus("reflow")
        #expect(try !tmux.screen().joined().contains(placeholder))
        try tmux.send("q")
        try outside.waitFor("the image deleted on quit") { commands in
            commands.contains { $0.keys["a"] == "d" && $0.keys["d"] == "I" && $0.keys["i"] == id }
        }
    }

    /// Checks that `png` holds `document`'s `page` as MuPDF renders it at the PNG's width.
    private func expectPage(png: Data, matches document: String, page: Int) throws {
        // The width is the big-endian number at bytes 16–19 (the IHDR chunk).
        try #require(png.count > 24 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-placeholder-\(getpid()).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // MuPDF takes a PNG with no resolution for 96 dpi, so at 96 dpi it draws it pixel for pixel.
        let sent = try Mutool.run(["draw", "-c", "rgb", "-F", "pnm", "-r", "96", "-o", "-", file.path])
        let rendered = try Mutool.run([
            "draw", "-c", "rgb", "-F", "pnm", "-w", "\(width)", "-o", "-", document, "\(page)",
        ])
        #expect(!sent.isEmpty && sent == rendered, "the PNG sent is not page \(page) as mutool draws it")
    }
}
