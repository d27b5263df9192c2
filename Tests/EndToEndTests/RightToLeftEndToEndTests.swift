import FolioTestSupport
import Foundation
import Testing

/// Arabic in a real terminal: tmux, like most terminals, does no bidirectional reordering and no
/// shaping, so Folio must send each line in visual order, its letters joined, against the right
/// edge.
@Suite(.serialized) struct RightToLeftEndToEndTests {
    /// pdfjs-ArabicCIDTrueType.pdf's title, "انواع الخطوط العربية" (pdftotext's reading, NFKC),
    /// must appear as it is drawn: its words from the right, each word's letters from the right,
    /// in their joined shapes. The shapes are the PDF's own glyphs for the title (`mutool draw -F
    /// txt`: "ﺔﻴﺑﺮﻌﻟا طﻮﻄﳋا عاﻮﻧا"), with the isolated letters its ToUnicode map gives as plain
    /// letters in their isolated forms, and without its lam-khah ligature (U+FCCB), which Folio
    /// does not make.
    @Test func anArabicPageIsRightAlignedInVisualOrder() throws {
        let tmux = try TmuxSession(columns: 80, rows: 12)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-ArabicCIDTrueType.pdf"))'; echo \"[exit $?]\"")
        let visual =
            "\u{FE94}\u{FEF4}\u{FE91}\u{FEAE}\u{FECC}\u{FEDF}\u{FE8D} \u{FEC1}\u{FEEE}\u{FEC4}\u{FEA8}\u{FEDF}\u{FE8D} "
            + "\u{FEC9}\u{FE8D}\u{FEEE}\u{FEE7}\u{FE8D}"
        let screen = try tmux.waitFor("the title in visual order") { $0.contains(visual) }
        let row = try #require(screen.split(separator: "\n").first { $0.contains(visual) })
        // Right-aligned: the line ends at the text area's last column (79 of 80: one margin cell
        // on the left, the text area's 78 cells, one free column on the right).
        let trimmed = row.reversed().drop { $0 == " " }
        #expect(trimmed.count == 79)
        #expect(row.hasPrefix("          "))
        try tmux.send("/")
        try tmux.send("العربية", literal: true)
        try tmux.send("Enter")
        try tmux.waitForStatus("match 1 of 4")
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
    }
}
