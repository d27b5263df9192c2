import FolioTestSupport
import Foundation
import Testing

/// The image view inside tmux 3.3, which cannot pass sixel graphics: the reader explains the
/// choice and falls back to half-block images, and keeps working.
@Suite(.serialized) struct ImageViewEndToEndTests {
    @Test func diagnoseExplainsTheTmuxFallback() throws {
        let tmux = try TmuxSession(columns: 100, rows: 24)
        try tmux.run("\"$FOLIO\" --diagnose")
        let screen = try tmux.waitFor("the diagnosis") { $0.contains("Image view:") }
        #expect(screen.contains("Image view: half blocks"))
        #expect(screen.contains("tmux"))
    }

    @Test func tabShowsHalfBlockImagesAndComesBack() throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-tracemonkey.pdf"))'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/14")
        try tmux.send("Tab")
        try tmux.waitForStatus("image ▀")
        let screen = try tmux.waitFor("half blocks") { $0.contains("▀▀▀▀") }
        #expect(screen.split(separator: "\n").count <= 24)
        try tmux.send("Right")
        try tmux.waitForStatus("2/14")
        try tmux.send("z")
        try tmux.waitForStatus("Fit page")
        try tmux.send("Tab")
        try tmux.waitForStatus("reflow")
        try tmux.waitFor("the text again") { !$0.contains("▀") }
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
        #expect(try !tmux.alternateScreenIsOn())
    }

    /// A cell of a styled screen: its character and the colours and attributes it is drawn in.
    private struct StyledCell: Equatable {
        var character: Character
        var style: [String: String]
    }

    /// The cells of `rows` as `capture-pane -e` writes them (each row's escape sequences go on
    /// from the row before), without the blank cells at a row's end: two screens compared cell
    /// by cell, however tmux happened to spell their styles.
    private static func cells(of rows: [String]) -> [[StyledCell]] {
        var style: [String: String] = [:]
        return rows.map { row in
            var cells: [StyledCell] = []
            var rest = Substring(row)
            while let character = rest.first {
                guard character == "\u{1B}", rest.dropFirst().first == "[", let end = rest.firstIndex(of: "m") else {
                    cells.append(StyledCell(character: character, style: style))
                    rest = rest.dropFirst()
                    continue
                }
                var parameters = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(
                    separator: ";", omittingEmptySubsequences: false
                ).map(String.init)[...]
                rest = rest[rest.index(after: end)...]
                while let parameter = parameters.popFirst() {
                    switch parameter {
                    case "", "0": style = [:]
                    case "38", "48":
                        let count = parameters.first == "5" ? 2 : 4
                        style[parameter] = parameters.prefix(count).joined(separator: ";")
                        parameters = parameters.dropFirst(count)
                    case "39": style["38"] = nil
                    case "49": style["48"] = nil
                    case "22":
                        style["1"] = nil
                        style["2"] = nil
                    case "24", "27": style[String(Int(parameter)! - 20)] = nil
                    default: style[parameter] = "on"
                    }
                }
            }
            while let last = cells.last, last.character == " ", last.style.isEmpty {
                cells.removeLast()
            }
            return cells
        }
    }

    /// The half-block image view of page 1 at `columns`×`rows`, once still, colours included.
    private func freshImageView(columns: Int, rows: Int) throws -> [String] {
        let tmux = try TmuxSession(columns: columns, rows: rows)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-tracemonkey.pdf"))'")
        try tmux.waitForStatus("1/14")
        try tmux.send("Tab")
        try tmux.waitForStatus("image ▀")
        try tmux.waitForStillScreen("the image") { $0.contains("▀▀▀▀") }
        return try tmux.styledScreen()
    }

    /// A resize of the image view writes the image and blanks every other cell in place of
    /// curses' repaint: whatever the terminal kept of the old screen, growing or shrinking, the
    /// screen then is cell for cell what a reader started at the new size shows.
    @Test func aResizedImageViewIsTheImageViewOfTheNewSize() throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-tracemonkey.pdf"))'")
        try tmux.waitForStatus("1/14")
        try tmux.send("Tab")
        try tmux.waitForStatus("image ▀")
        try tmux.waitForStillScreen("the image") { $0.contains("▀▀▀▀") }
        for (columns, rows) in [(100, 30), (70, 20), (90, 26)] {
            try tmux.resize(columns: columns, rows: rows)
            try tmux.waitForStillScreen("the resized image") { $0.split(separator: "\n").count == rows }
            let resized = Self.cells(of: try tmux.styledScreen())
            let fresh = Self.cells(of: try freshImageView(columns: columns, rows: rows))
            #expect(resized.count == rows)
            let differing = resized.indices.filter { $0 >= fresh.count || resized[$0] != fresh[$0] }
            #expect(differing.isEmpty, "rows \(differing) differ at \(columns)×\(rows)")
        }
        try tmux.send("q")
    }
}
