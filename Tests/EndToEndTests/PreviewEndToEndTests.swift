import FolioTestSupport
import Foundation
import Testing

/// `folio --preview` in a real terminal (tmux): its text fits the box and leaves the terminal as
/// it was, its placeholders are cells tmux draws, and the recipes of docs/INTEGRATION.md for
/// `fzf --preview` and lf run as written, with Debian's fzf and lf.
@Suite(.serialized) struct PreviewEndToEndTests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    /// The words of `text`, for comparing text wrapped differently.
    private func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The rows of `screen` from the one after the first holding `start` up to the first
    /// holding `end`.
    private func rows(of screen: String, after start: String, before end: String) -> [String] {
        let lines = screen.components(separatedBy: "\n")
        guard let first = lines.firstIndex(where: { $0.contains(start) }),
            let last = lines[(first + 1)...].firstIndex(where: { $0.contains(end) })
        else { return [] }
        return Array(lines[(first + 1)..<last])
    }

    /// A text preview of 50×12 cells is at most 12 rows of at most 50 columns, reads as the page
    /// does (its words are mutool's first words of the page, in order), and leaves the cursor
    /// shown, the main screen on, no mouse reports and no colour behind.
    @Test func textPreviewFitsTheBoxAndLeavesNothingBehind() throws {
        let tmux = try TmuxSession(columns: 80, rows: 30)
        // The markers are quoted apart on the command line, so only their output matches.
        try tmux.run("echo BEG''IN; \"$FOLIO\" --preview '\(tracemonkey)' --size 50x12 --graphics none; echo EN''D")
        let screen = try tmux.waitFor("the preview") { $0.contains("\nEND") }
        let preview = rows(of: screen, after: "BEGIN", before: "END")
        #expect(!preview.isEmpty && preview.count <= 12, "\(screen)")
        #expect(preview.allSatisfy { $0.count <= 50 }, "\(screen)")
        let mutoolWords = words(try Mutool.pageTexts(tracemonkey)[0])
        // The preview's last row may end mid-paragraph; the words before are the page's first.
        let shown = words(preview.dropLast().joined(separator: " "))
        #expect(shown.count > 20)
        #expect(Array(mutoolWords.prefix(shown.count)) == shown, "\(shown) vs \(mutoolWords.prefix(shown.count))")
        #expect(try tmux.cursorIsVisible())
        #expect(try !tmux.alternateScreenIsOn())
        #expect(try !tmux.mouseReportsAreOn())
        try tmux.run("clear; echo pla''in")
        try tmux.waitFor("the next command's output") { $0.hasPrefix("plain\n") }
        #expect(try tmux.styledScreen().first == "plain")
    }

    /// Inside tmux with `--graphics kitty`, a client attached from a terminal answering as kitty
    /// 0.35 (``OuterTerminal``): the page reaches that terminal through passthrough, a PNG that is
    /// mutool's render pixel for pixel over exactly the cells of the virtual placement, while the
    /// pane holds rows of placeholder cells in the image's colour, as many as the page covers;
    /// the colour ends with them.
    @Test func placeholdersInsideTmuxReachTheTerminalOutside() throws {
        let tmux = try TmuxSession(columns: 80, rows: 30)
        try tmux.setOption("allow-passthrough", "on")
        let outside = try tmux.attachOuterTerminal(columns: 80, rows: 30)
        defer { outside.detach() }
        try tmux.run(
            "clear; \(tmux.tmuxVariable) \"$FOLIO\" --preview '\(tracemonkey)' --size 40x10 --cell-size 10x20"
                + " --graphics kitty; echo EN''D")
        try tmux.waitFor("the preview") { $0.contains("\nEND") }
        let styled = try tmux.styledScreen()
        let placeholderRows = styled.filter { $0.contains("\u{10EEEE}") }
        // 612 × 792 pt in 400 × 200 px: 200 px high, 155 wide, 16 cells of 10 px.
        #expect(placeholderRows.count == 10, "\(styled)")
        #expect(placeholderRows.allSatisfy { $0.unicodeScalars.filter { $0 == "\u{10EEEE}" }.count == 16 })
        // tmux writes a colour where it changes: the image's id on the first row, then the
        // default colour again before the next command's output.
        #expect(placeholderRows.first?.hasPrefix("\u{1B}[38;5;173m") == true)
        #expect(styled.contains("\u{1B}[39mEND"), "\(styled)")

        try outside.waitFor("the virtual placement") { $0.contains { $0.keys["a"] == "p" && $0.keys["U"] == "1" } }
        let commands = outside.kittyCommands()
        let placement = try #require(commands.last { $0.keys["a"] == "p" })
        #expect(placement.keys["i"] == "173" && placement.keys["c"] == "16" && placement.keys["r"] == "10")
        let start = try #require(commands.firstIndex { $0.keys["a"] == "t" && $0.keys["i"] == "173" })
        let chunks = commands[start...].prefix { $0.keys["a"] != "p" }
        let png = try #require(Data(base64Encoded: Data(chunks.flatMap(\.payload))))
        let directory = try TemporaryDirectory()
        try png.write(to: directory.url.appendingPathComponent("page.png"))
        let compared = try FolioProcess.shell(
            """
            cd '\(directory.url.path)' && identify -format '%wx%h ' page.png && \
            mutool draw -F png -h 200 -o ref.png '\(tracemonkey)' 1 2>/dev/null && \
            convert page.png -crop "$(identify -format '%wx%h' ref.png)+0+0" +repage cut.png && \
            compare -metric PSNR ref.png cut.png null: 2>&1
            """)
        #expect(compared.output.trimmingCharacters(in: .whitespacesAndNewlines) == "160x200 inf", "\(compared.output)")
    }

    /// Writes an executable `folio` on a PATH of its own that runs the binary under test, as an
    /// installed folio would be found by the recipes.
    private func folioOnPath(in directory: TemporaryDirectory) throws -> String {
        let bin = directory.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let link = bin.appendingPathComponent("folio")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: FolioProcess.executable)
        return bin.path
    }

    /// The fzf recipe of docs/INTEGRATION.md, with Debian's fzf (0.38): the document under the
    /// cursor previews as its text, and a file that is no document as the reason.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fzf")))
    func fzfRecipePreviewsTheSelectedFile() throws {
        let directory = try TemporaryDirectory()
        let bin = try folioOnPath(in: directory)
        _ = try directory.write(Data("twelve bytes".utf8), to: "notes.txt")
        // Names relative to the folder fzf runs in: fzf cuts a line wider than its pane.
        _ = try directory.write(Data("\(tracemonkey)\nnotes.txt\n".utf8), to: "list")
        let tmux = try TmuxSession(columns: 120, rows: 30)
        let recipe = try integrationRecipe(marker: "fzf")
        try tmux.run("export PATH='\(bin)':$PATH; cd '\(directory.url.path)'; clear; \(recipe) < list")
        let screen = try tmux.waitFor("the preview of the document") { $0.contains("Trace-based") }
        #expect(screen.contains("Just-in-Time"))
        try tmux.send("Up")
        let reason = try tmux.waitFor("the reason") { $0.contains("not a document") }
        #expect(reason.contains("folio: notes.txt: not a document: 12 bytes of plain text"), "\(reason)")
        try tmux.send("Escape")
    }

    /// The lf recipe of docs/INTEGRATION.md, with Debian's lf (r28): the previewer script shows
    /// the document's text in lf's preview pane.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/lf")))
    func lfRecipePreviewsTheSelectedFile() throws {
        let directory = try TemporaryDirectory()
        let bin = try folioOnPath(in: directory)
        let documents = directory.url.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: tracemonkey, toPath: documents.appendingPathComponent("paper.pdf").path)
        let previewer = try directory.write(Data(try integrationRecipe(marker: "lf-previewer").utf8), to: "preview")
        chmod(previewer, 0o755)
        let configuration = try directory.write(
            Data(
                try integrationRecipe(marker: "lfrc").replacingOccurrences(of: "~/.config/lf/preview", with: previewer)
                    .utf8),
            to: "lfrc")
        let tmux = try TmuxSession(columns: 120, rows: 30)
        try tmux.run("export PATH='\(bin)':$PATH; clear; lf -config '\(configuration)' '\(documents.path)'")
        let screen = try tmux.waitFor("the preview of the document") { $0.contains("Trace-based") }
        #expect(screen.contains("paper.pdf"))
        try tmux.send("q")
    }

    /// The code block after `<!-- recipe: NAME -->` in docs/INTEGRATION.md, so the tests run the
    /// recipes as the page gives them.
    private func integrationRecipe(marker: String) throws -> String {
        let page = try String(
            contentsOf: Corpus.repositoryRoot.appendingPathComponent("docs/INTEGRATION.md"), encoding: .utf8)
        let start = try #require(page.range(of: "<!-- recipe: \(marker) -->"))
        let fence = try #require(page[start.upperBound...].range(of: "```"))
        let body = try #require(page[fence.upperBound...].firstIndex(of: "\n"))
        let end = try #require(page[body...].range(of: "\n```"))
        return String(page[page.index(after: body)..<end.lowerBound])
    }
}
