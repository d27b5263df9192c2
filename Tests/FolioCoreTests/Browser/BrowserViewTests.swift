import FolioCore
import Testing

/// Whole browser screens asserted as text, in the style of ratatui's `assert_buffer_lines`.
///
/// At 80×16 the header is row 0, the list and the preview fill rows 2 to 14 (13 rows), and the
/// bottom row is 15. The list takes columns 1 to 32, the rule sits in column 34 and the
/// preview takes columns 36 to 78.
@Suite struct BrowserViewTests {
    /// `rows` padded with spaces to `width` cells, as ``Frame/lines`` reports them.
    private func screen(_ rows: [String], width: Int = 80) -> [String] {
        rows.map { $0 + String(repeating: " ", count: width - DisplayWidth.of($0)) }
    }

    @Test func folderSelectedAfterListing() {
        let frame = BrowserView.render(BrowserSession().state)
        #expect(
            frame.lines
                == screen([
                    " /home/ada/papers                                                          1/12",
                    "",
                    "   Archive/                       │ Archive/",
                    "   drafts/                        │",
                    " ▪ \u{FFFD}]0;pwned\u{FFFD}.pdf" + "                 │ Folder: Enter opens it",
                    " ▪ attention.pdf                  │",
                    " ▪ Chapter 2.epub                 │",
                    " ▪ chapter 10.pdf                 │",
                    " ▪ comic.cbz                      │",
                    "   data.bin                       │",
                    "   notes.txt                      │",
                    "   pipe                           │",
                    "   README.md                      │",
                    "   secret.pdf                     │",
                    "                                  │",
                    " 12 entries, 3 hidden                      Enter open  / filter  ? help  q quit ",
                ]))
        #expect(frame.cursor == nil)
    }

    @Test func stylesSetEntriesApart() {
        var session = BrowserSession()
        session.select("attention.pdf")
        let rows = BrowserView.render(session.state).rows
        #expect(
            rows[0] == [
                Span(text: " /home/ada/papers", style: .bold),
                Span(text: String(repeating: " ", count: 58)),
                Span(text: "4/12", style: .dim),
            ])
        #expect(
            rows[2] == [
                Span(text: " "),
                Span(text: "  Archive/" + String(repeating: " ", count: 22), style: .bold),
                Span(text: " "),
                Span(text: "│", style: .dim),
                Span(text: " "),
                Span(text: "attention.pdf", style: .bold),
            ])
        #expect(
            rows[5] == [
                Span(text: " "),
                Span(text: "▪ attention.pdf" + String(repeating: " ", count: 17), style: .reverse),
                Span(text: " "),
                Span(text: "│", style: .dim),
            ])
        #expect(
            rows[6] == [
                Span(text: " ▪ Chapter 2.epub" + String(repeating: " ", count: 17)),
                Span(text: "│", style: .dim),
            ])
        #expect(
            rows[11] == [
                Span(text: " "), Span(text: "  pipe" + String(repeating: " ", count: 26), style: .dim), Span(text: " "),
                Span(text: "│", style: .dim),
            ])
        #expect(rows[15].map(\.style) == [.reverse])
    }

    @Test func documentWithItsPreview() {
        var session = BrowserSession()
        session.select("attention.pdf")
        session.deliver(
            .previewReady(path: BrowserFixture.path("attention.pdf"), preview: BrowserFixture.attentionPreview))
        let frame = BrowserView.render(session.state)
        #expect(
            frame.lines
                == screen([
                    " /home/ada/papers                                                          4/12",
                    "",
                    "   Archive/                       │ Attention Is All You Need",
                    "   drafts/                        │ PDF · 15 pages",
                    " ▪ \u{FFFD}]0;pwned\u{FFFD}.pdf" + "                 │",
                    " ▪ attention.pdf                  │ Abstract",
                    " ▪ Chapter 2.epub                 │",
                    " ▪ chapter 10.pdf                 │ The dominant sequence transduction models",
                    " ▪ comic.cbz                      │ are based on complex recurrent or",
                    "   data.bin                       │ convolutional neural networks that include",
                    "   notes.txt                      │ an encoder and a decoder.",
                    "   pipe                           │",
                    "   README.md                      │",
                    "   secret.pdf                     │",
                    "                                  │",
                    " 12 entries, 3 hidden                      Enter open  / filter  ? help  q quit ",
                ]))
        #expect(frame.rows[2].last == Span(text: "Attention Is All You Need", style: .bold))
        #expect(frame.rows[3].last == Span(text: "PDF · 15 pages", style: .dim))
        #expect(frame.rows[7].last == Span(text: " The dominant sequence transduction models", style: .normal))
    }

    @Test func hostileNameWhileItsPreviewLoads() {
        var session = BrowserSession()
        session.select(BrowserFixture.hostileName)
        let lines = session.screenLines
        #expect(
            lines
                == screen([
                    " /home/ada/papers                                                          3/12",
                    "",
                    "   Archive/                       │ \u{FFFD}]0;pwned\u{FFFD}.pdf",
                    "   drafts/                        │",
                    " ▪ \u{FFFD}]0;pwned\u{FFFD}.pdf" + "                 │ Loading preview…",
                    " ▪ attention.pdf                  │",
                    " ▪ Chapter 2.epub                 │",
                    " ▪ chapter 10.pdf                 │",
                    " ▪ comic.cbz                      │",
                    "   data.bin                       │",
                    "   notes.txt                      │",
                    "   pipe                           │",
                    "   README.md                      │",
                    "   secret.pdf                     │",
                    "                                  │",
                    " 12 entries, 3 hidden                      Enter open  / filter  ? help  q quit ",
                ]))
        session.press(.enter)
        let opened = session.screenLines
        #expect(
            opened[15] == " Opened \u{FFFD}]0;pwned\u{FFFD}.pdf" + String(repeating: " ", count: 21)
                + "Enter open  / filter  ? help  q quit ")
        for line in lines + opened {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func otherFileSaysWhyItCannotBeOpened() {
        var session = BrowserSession()
        session.select("notes.txt")
        session.press(.enter)
        #expect(
            session.screenLines
                == screen([
                    " /home/ada/papers                                                          9/12",
                    "",
                    "   Archive/                       │ notes.txt",
                    "   drafts/                        │",
                    " ▪ \u{FFFD}]0;pwned\u{FFFD}.pdf" + "                 │ Cannot open: not a document: 12 bytes of",
                    " ▪ attention.pdf                  │ plain text",
                    " ▪ Chapter 2.epub                 │",
                    " ▪ chapter 10.pdf                 │",
                    " ▪ comic.cbz                      │",
                    "   data.bin                       │",
                    "   notes.txt                      │",
                    "   pipe                           │",
                    "   README.md                      │",
                    "   secret.pdf                     │",
                    "                                  │",
                    " Cannot open notes.txt: not a document: 12 bytes of plain text       Enter open ",
                ]))
    }

    @Test func filterPromptNarrowsTheListAsYouType() {
        var session = BrowserSession()
        session.type("/ch")
        let frame = BrowserView.render(session.state)
        #expect(
            frame.lines
                == screen([
                    " /home/ada/papers                                                      /ch  1/3",
                    "",
                    "   Archive/                       │ Archive/",
                    " ▪ Chapter 2.epub                 │",
                    " ▪ chapter 10.pdf                 │ Folder: Enter opens it",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    " Filter: ch▏                                            Enter keeps  Esc clears ",
                ]))
        #expect(frame.cursor == FramePosition(row: 15, column: 11))

        session.press(.enter)
        let kept = BrowserView.render(session.state)
        #expect(
            kept.lines[0]
                == screen([" /home/ada/papers                                                      /ch  1/3"])[0])
        #expect(
            kept.lines[15]
                == screen([" 3 entries match “ch”                      Enter open  / filter  ? help  q quit "])[0])
        #expect(kept.cursor == nil)
    }

    @Test func filterWithoutMatches() {
        var session = BrowserSession()
        session.type("/zzz")
        session.press(.enter)
        let lines = session.screenLines
        #expect(
            lines[0] == screen([" /home/ada/papers                                                          /zzz"])[0])
        #expect(lines[2] == screen(["   No names match the filter      │"])[0])
        #expect(lines[3] == screen(["                                  │"])[0])
        #expect(
            lines[15] == screen([" No entries match “zzz”                    Enter open  / filter  ? help  q quit "])[0]
        )
    }

    @Test func helpComesFromTheKeyTable() {
        var session = BrowserSession()
        session.type("?")
        #expect(
            session.screenLines
                == screen([
                    " Keys in the folder browser",
                    "",
                    " Up, k               Previous entry",
                    " Down, j             Next entry",
                    " PageUp, b           Up a screen",
                    " PageDown, Space     Down a screen",
                    " Home, g             First entry",
                    " End, G              Last entry",
                    " Enter, Right, l     Open folder or document",
                    " Backspace, Left, h  Parent folder",
                    " /                   Filter names (Enter keeps, Esc clears)",
                    " Esc                 Clear the filter kept",
                    " .                   Show or hide hidden entries",
                    " ?                   This help",
                    " … lines 1–14 of 16: Down more",
                    " Help: any key returns                                                          ",
                ]))
        // Taller than the screen by two lines: Down scrolls to the rest.
        session.press(.down, .down)
        #expect(session.screenLines[13] == screen([" q                   Quit"])[0])
        // Any key closes help and does nothing else.
        #expect(session.press(.character("q")).isEmpty)
        #expect(
            session.screenLines[0]
                == screen([" /home/ada/papers                                                          1/12"])[0])
    }

    @Test func helpAndHintsFollowACustomTable() {
        let keymap = BrowserKeymap(bindings: [
            BrowserKeyBinding(keys: [.function(1)], command: .own(.help), summary: "Keys", hint: "keys"),
            BrowserKeyBinding(keys: [.character("x"), .escape], command: .own(.quit), summary: "Leave", hint: "leave"),
            BrowserKeyBinding(keys: [.down], command: .shared(.down), summary: "Next"),
        ])
        var keys = KeyTables()
        keys.browser = keymap
        var state = BrowserState(directory: "/tmp", screen: ScreenSize(rows: 12, columns: 60), keys: keys)
        _ = state.start()
        _ = state.handle(.listed(path: "/tmp", entries: BrowserFixture.numberedNotes(2)))
        #expect(BrowserView.render(state).lines[11] == " 2 entries                                 F1 keys  x leave ")
        #expect(state.handle(.key(.character("q"))).isEmpty, "q is not in this table")
        // The message names this table's help key.
        #expect(BrowserView.render(state).lines[11] == " q is not a key here (F1 for help)         F1 keys  x leave ")
        _ = state.handle(.key(.function(1)))
        #expect(
            Array(BrowserView.render(state).lines.prefix(5))
                == screen(
                    [
                        " Keys in the folder browser",
                        "",
                        " F1      Keys",
                        " x, Esc  Leave",
                        " Down    Next",
                    ], width: 60))
        _ = state.handle(.key(.down))
        #expect(state.handle(.key(.escape)) == [.quit])
    }

    @Test func theSmallestScreenTheBrowserDrawsIn() {
        let session = BrowserSession(rows: 12, columns: 60)
        #expect(
            session.screenLines
                == screen(
                    [
                        " /home/ada/papers                                      1/12",
                        "",
                        "   Archive/                       │ Archive/",
                        "   drafts/                        │",
                        " ▪ \u{FFFD}]0;pwned\u{FFFD}.pdf" + "                 │ Folder: Enter opens it",
                        " ▪ attention.pdf                  │",
                        " ▪ Chapter 2.epub                 │",
                        " ▪ chapter 10.pdf                 │",
                        " ▪ comic.cbz                      │",
                        "   data.bin                       │",
                        "   notes.txt                      │",
                        " 12 entries, 3 hidden  Enter open  / filter  ? help  q quit ",
                    ], width: 60))
    }

    @Test func belowTheMinimumOnlyANoticeShowsUntilThereIsRoom() {
        var session = BrowserSession(rows: 12, columns: 59)
        var expected = Array(repeating: "", count: 12)
        expected[6] = "             Terminal too small (needs 60×12)"
        #expect(session.screenLines == screen(expected, width: 59))
        #expect(
            BrowserView.render(session.state).rows[6].last
                == Span(text: "Terminal too small (needs 60×12)", style: .bold))

        session.deliver(.resize(ScreenSize(rows: 11, columns: 80)))
        expected = Array(repeating: "", count: 11)
        expected[5] = "                        Terminal too small (needs 60×12)"
        #expect(session.screenLines == screen(expected))

        // Keys still work while the notice shows; the screen comes back once there is room.
        session.press(.down)
        session.deliver(.resize(ScreenSize(rows: 12, columns: 60)))
        #expect(session.screenLines[3] == screen(["   drafts/                        │"], width: 60)[0])
        #expect(
            session.screenLines[0]
                == screen([" /home/ada/papers                                      2/12"], width: 60)[0])
    }

    @Test func tinyTerminalsStillRender() {
        var session = BrowserSession()
        session.deliver(.resize(ScreenSize(rows: 0, columns: 0)))
        #expect(BrowserView.render(session.state).rows.isEmpty)
        session.deliver(.resize(ScreenSize(rows: 1, columns: 5)))
        #expect(session.screenLines == ["60×12"])
    }

    @Test func folderBeingListedAndFolderThatCannotBe() {
        var session = BrowserSession(entries: nil)
        #expect(session.screenLines[0] == screen([" /home/ada/papers"])[0])
        #expect(session.screenLines[2] == screen(["   Loading…                       │"])[0])
        #expect(session.screenLines[15] == String(repeating: " ", count: 43) + "Enter open  / filter  ? help  q quit ")

        session.deliver(.listFailed(path: BrowserFixture.folder, reason: "no such file or directory"))
        let frame = BrowserView.render(session.state)
        #expect(
            frame.lines
                == screen([
                    " /home/ada/papers",
                    "",
                    "   Cannot list this folder: no    │",
                    "   such file or directory         │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    "                                  │",
                    " Cannot list papers/: no such file or directory    Enter open  / filter  ? help ",
                ]))
        #expect(frame.rows[2][1] == Span(text: "  Cannot list this folder: no   ", style: .error))
    }

    @Test func emptyFolderAndFolderOfHiddenEntries() {
        let empty = BrowserSession(entries: [])
        #expect(empty.screenLines[2] == screen(["   Empty folder                   │"])[0])
        #expect(empty.screenLines[0] == screen([" /home/ada/papers"])[0])

        var hidden = BrowserSession(entries: [BrowserEntry(name: ".profile", kind: .other(reason: "not a document"))])
        #expect(hidden.screenLines[2] == screen(["   Only hidden entries (. shows)  │"])[0])
        #expect(hidden.screenLines[15].hasPrefix(" 0 entries, 1 hidden "))
        hidden.type(".")
        #expect(hidden.screenLines[2] == screen(["   .profile                       │ .profile"])[0])
        #expect(hidden.screenLines[15].hasPrefix(" 1 entry, 1 hidden shown "))
    }

    @Test func longNamesTakeTheFreeWidthThenAreShortenedInTheMiddle() {
        let document = "0123456789abcdefghijklmnopqrstuvwxyz.pdf"
        let folder = "the-folder-with-a-name-too-long-for-the-list"
        let entries = [BrowserEntry(name: document, kind: .document), BrowserEntry(name: folder, kind: .folder)]
        // 80 columns: the list takes what the preview's 36 columns leave (39), and no more.
        var session = BrowserSession(entries: entries)
        let lines = session.screenLines
        #expect(
            lines[2] == screen(["   the-folder-with-a-…long-for-the-list/ │ the-folder-with-a…long-for-the-list/"])[0])
        #expect(lines[3] == screen([" ▪ 0123456789abcdefgh…mnopqrstuvwxyz.pdf │"])[0])
        session.press(.down)
        #expect(
            session.screenLines[2]
                == screen(["   the-folder-with-a-…long-for-the-list/ │ 0123456789abcdefgh…nopqrstuvwxyz.pdf"])[0])
        // 120 columns: both names whole, the list as wide as the longest (44 + mark and slash).
        let wide = BrowserSession(entries: entries, columns: 120)
        #expect(wide.screenLines[2].hasPrefix("   the-folder-with-a-name-too-long-for-the-list/ │ "))
        #expect(wide.screenLines[3].hasPrefix(" ▪ 0123456789abcdefghijklmnopqrstuvwxyz.pdf      │"))
        // Short names keep the list at its usual 32 columns.
        let short = BrowserSession(entries: [BrowserEntry(name: "a.pdf", kind: .document)], columns: 120)
        #expect(short.screenLines[2].hasPrefix(" ▪ a.pdf" + String(repeating: " ", count: 26) + "│"))
    }

    @Test func longPathsAreShortenedInTheMiddle() {
        let folder = "/home/ada/" + String(repeating: "deep/", count: 20) + "papers"
        let session = BrowserSession(folder: folder, entries: BrowserFixture.numberedNotes(3), rows: 12, columns: 60)
        #expect(session.screenLines[0] == " /home/ada/deep/deep/deep/d…deep/deep/deep/deep/papers  1/3 ")
    }

    @Test func scrolledListAndItsPosition() {
        var session = BrowserSession(entries: BrowserFixture.numberedDocuments(40))
        session.press(.end)
        let lines = session.screenLines
        #expect(
            lines[0] == screen([" /home/ada/papers                                                         40/40"])[0])
        #expect(lines[2] == screen([" ▪ file 28.pdf                    │ file 40.pdf"])[0])
        #expect(lines[14] == screen([" ▪ file 40.pdf                    │"])[0])
    }

    @Test func previewTextShowsWhatFitsAndNoMore() {
        var session = BrowserSession(entries: [BrowserEntry(name: "long.pdf", kind: .document)])
        let words = (1...400).map { "w\($0)" }.joined(separator: " ")
        let preview = BrowserPreview(
            title: String(repeating: "Title ", count: 20), format: "EPUB", pageCount: 1,
            firstLines: "\n\n\u{1B}[2J First\tline\r\n\n\n\n" + words)
        session.deliver(.previewReady(path: BrowserFixture.path("long.pdf"), preview: preview))
        let pane = session.screenLines[2...14].map { String($0.dropFirst(36)).trimmingTrailingSpaces }
        #expect(
            pane == [
                "Title Title Title Title Title Title Title",
                "Title Title Title Title Title Title Title…",
                "EPUB · 1 page",
                "",
                "\u{FFFD}[2J First line",
                "",
                "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13",
                "w14 w15 w16 w17 w18 w19 w20 w21 w22 w23 w24",
                "w25 w26 w27 w28 w29 w30 w31 w32 w33 w34 w35",
                "w36 w37 w38 w39 w40 w41 w42 w43 w44 w45 w46",
                "w47 w48 w49 w50 w51 w52 w53 w54 w55 w56 w57",
                "w58 w59 w60 w61 w62 w63 w64 w65 w66 w67 w68",
                "w69 w70 w71 w72 w73 w74 w75 w76 w77 w78 w79",
            ])
    }

    @Test func combiningMarksDoNotShortenThePreview() {
        var session = BrowserSession(entries: [BrowserEntry(name: "marks.pdf", kind: .document)])
        let word = "e" + String(repeating: "\u{301}", count: 4)
        let text = Array(repeating: word, count: 400).joined(separator: " ")
        session.deliver(
            .previewReady(
                path: BrowserFixture.path("marks.pdf"),
                preview: BrowserPreview(title: nil, format: "PDF", pageCount: 1, firstLines: text)))
        let pane = session.screenLines[2...14].map { String($0.dropFirst(36)).trimmingTrailingSpaces }
        // 22 one-cell words and 21 spaces fill the 43 cells of each line.
        let line = Array(repeating: word, count: 22).joined(separator: " ")
        #expect(pane == ["marks.pdf", "PDF · 1 page", ""] + Array(repeating: line, count: 10))
    }

    @Test func previewOfADocumentWithoutPagesOrText() {
        var session = BrowserSession(entries: [
            BrowserEntry(name: "blank.pdf", kind: .document),
            BrowserEntry(name: "empty.pdf", kind: .document),
        ])
        session.deliver(
            .previewReady(
                path: BrowserFixture.path("blank.pdf"),
                preview: BrowserPreview(title: " ", format: "PDF", pageCount: 3, firstLines: " \n ")))
        session.deliver(
            .previewReady(
                path: BrowserFixture.path("empty.pdf"),
                preview: BrowserPreview(title: nil, format: "", pageCount: 0, firstLines: "")))
        let blank = session.screenLines[2...6].map { String($0.dropFirst(36)).trimmingTrailingSpaces }
        #expect(blank == ["blank.pdf", "PDF · 3 pages", "", "No text on page 1", ""])
        session.press(.down)
        let empty = session.screenLines[2...4].map { String($0.dropFirst(36)).trimmingTrailingSpaces }
        #expect(empty == ["empty.pdf", "no pages", ""])
    }

    @Test func hostileTextFromTheEdgeIsSanitisedEverywhere() {
        var session = BrowserSession(
            folder: "/tmp/\u{9B}2J",
            entries: [
                BrowserEntry(name: "a.pdf", kind: .document),
                BrowserEntry(name: "b\u{7F}.txt", kind: .other(reason: "bad\u{1B}[31m\nreason")),
            ])
        session.deliver(
            .previewReady(
                path: "/tmp/\u{9B}2J/a.pdf",
                preview: BrowserPreview(
                    title: "T\u{1B}]2;x\u{07}", format: "P\u{90}DF", pageCount: 1, firstLines: "x\u{1B}[H\u{0}y")))
        let first = session.screenLines
        #expect(first[0].hasPrefix(" /tmp/\u{FFFD}2J "))
        #expect(first[2].hasSuffix("│ T\u{FFFD}]2;x\u{FFFD}" + String(repeating: " ", count: 37)))
        #expect(first[3].hasSuffix("│ P\u{FFFD}DF · 1 page" + String(repeating: " ", count: 31)))
        #expect(first[5].hasSuffix("│ x\u{FFFD}[H\u{FFFD}y" + String(repeating: " ", count: 38)))
        session.press(.down, .enter)
        let second = session.screenLines
        #expect(second[4].hasSuffix("│ Cannot open: bad\u{FFFD}[31m reason" + String(repeating: " ", count: 16)))
        session.type("/\u{1B}")
        let prompt = session.screenLines
        for line in first + second + prompt {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func aLongMessageIsCutAndTheHintsGiveWay() {
        var session = BrowserSession()
        session.deliver(
            .openFailed(path: BrowserFixture.path("attention.pdf"), reason: String(repeating: "very ", count: 20)))
        #expect(
            session.screenLines[15]
                == screen([" Cannot open attention.pdf: very very very very very very very very very very…"])[0])
    }

    @Test(arguments: [(16, 80), (12, 60), (24, 100), (13, 61), (11, 59), (3, 100), (50, 200)])
    func everyRowFitsTheScreen(rows: Int, columns: Int) {
        let wide = String(repeating: "長い名前", count: 12)
        var session = BrowserSession(
            folder: "/" + wide,
            entries: [
                BrowserEntry(name: wide + ".pdf", kind: .document),
                BrowserEntry(name: wide, kind: .folder),
                BrowserEntry(name: wide + ".txt", kind: .other(reason: wide)),
            ] + BrowserFixture.entries,
            rows: rows, columns: columns)
        session.deliver(
            .previewReady(
                path: "/" + wide + "/" + wide + ".pdf",
                preview: BrowserPreview(title: wide, format: wide, pageCount: 2, firstLines: wide + " " + wide)))
        let scripts: [[Key]] = [
            [], [.down], [.down, .down], [.character("?")], [.character("/"), .character("長")], [.end],
        ]
        for keys in scripts {
            var copy = session
            copy.press(keys)
            let frame = BrowserView.render(copy.state)
            #expect(frame.rows.count == rows)
            for row in frame.rows {
                #expect(DisplayWidth.of(row.map(\.text).joined()) <= columns)
            }
        }
    }
}
