import FolioCore
import FolioTestSupport
import Testing

/// The keys of the reader's prompts, lists and line selection, now that they come from tables.
@Suite struct ReaderStateModeKeysTests {
    /// A page of `count` one-line blocks "line N".
    private func loadedSession(lines count: Int = 30) -> ReaderSession {
        var session = ReaderSession()
        session.deliver(PageTextFixture.page((0..<count).map { ["line \($0)"] }), for: 0)
        return session
    }

    private func outline(_ count: Int) -> [OutlineItem] {
        (0..<count).map { OutlineItem(title: "Entry \($0)", level: 0, page: $0) }
    }

    private func selectedOutlineEntry(_ session: ReaderSession) -> Int? {
        guard case .outline(let list) = session.state.overlay else { return nil }
        return list.selected
    }

    private func selectedLink(_ session: ReaderSession) -> Int? {
        guard case .links(let list) = session.state.overlay else { return nil }
        return list.selected
    }

    @Test func theModeFollowsWhatIsOpen() {
        var session = loadedSession()
        #expect(session.state.keyMode == .reader)
        session.type("g")
        #expect(session.state.keyMode == .goToPrompt)
        session.press(.escape)
        session.type("/")
        #expect(session.state.keyMode == .searchPrompt)
        session.press(.escape)
        session.type("V")
        #expect(session.state.keyMode == .selection)
        session.press(.escape)
        _ = session.state.handle(
            .linksLoaded(page: 0, links: [LinkItem(box: TextRect(x0: 72, y0: 72, x1: 144, y1: 84), page: 3, uri: nil)]))
        #expect(session.state.keyMode == .linkHints, "the link's words are on screen")
        session.press(.enter)
        #expect(session.state.keyMode == .links)
        session.press(.escape)
        #expect(session.state.keyMode == .reader)
    }

    @Test func escapeClearsTheFilterThenClosesTheOutline() {
        var session = loadedSession()
        session.type("o")
        _ = session.state.handle(.outlineLoaded(outline(3)))
        #expect(session.state.keyMode == .outline)
        session.type("q")
        #expect(session.state.overlay != nil, "q types into the filter")
        #expect(session.press(.escape).isEmpty)
        #expect(session.state.overlay != nil, "the first Esc clears the filter")
        #expect(session.press(.escape).isEmpty)
        #expect(session.state.overlay == nil)
        #expect(session.state.currentPage == 0)
    }

    /// 10 rows: 9 text rows, a title row, so 8 entries show and a screen moves 7.
    @Test func theOutlineMovesByLinesScreensAndToTheEnds() {
        var session = loadedSession()
        session.type("o")
        _ = session.state.handle(.outlineLoaded(outline(20)))
        #expect(selectedOutlineEntry(session) == 0)
        session.press(.pageDown)
        #expect(selectedOutlineEntry(session) == 7)
        session.press(.pageDown)
        #expect(selectedOutlineEntry(session) == 14)
        session.press(.up)
        #expect(selectedOutlineEntry(session) == 13)
        session.press(.pageUp)
        #expect(selectedOutlineEntry(session) == 6)
        session.press(.end)
        #expect(selectedOutlineEntry(session) == 19)
        session.press(.down)
        #expect(selectedOutlineEntry(session) == 19, "the last entry stays selected")
        session.press(.home)
        #expect(selectedOutlineEntry(session) == 0)
        session.press(.end, .enter)
        #expect(session.state.currentPage == 19)
    }

    @Test func theLinkListPagesAndDigitsStillChooseByNumber() {
        var session = loadedSession()
        let links = (0..<12).map { LinkItem(box: TextRect(x0: 72, y0: 72, x1: 144, y1: 84), page: $0 + 1, uri: nil) }
        _ = session.state.handle(.linksLoaded(page: 0, links: links))
        session.press(.enter)
        session.press(.pageDown)
        #expect(selectedLink(session) == 7)
        session.press(.end)
        #expect(selectedLink(session) == 11)
        session.type("b")
        #expect(selectedLink(session) == 4)
        // "1" could become 10, 11 or 12: it waits; "12" cannot grow, so it follows at once.
        session.type("1")
        #expect(selectedLink(session) == 0)
        session.type("2")
        #expect(session.state.overlay == nil)
        #expect(session.state.currentPage == 12)
    }

    @Test func selectionExtendsByScreensAndCopies() {
        var session = loadedSession(lines: 30)
        session.type("V")
        session.press(.pageDown)
        // 9 text rows: a screen is 8 lines.
        #expect(session.state.selection?.lines == 0...8)
        session.type("G")
        let last = session.state.selection?.cursor ?? -1
        #expect(last > 8)
        session.press(.home)
        #expect(session.state.selection?.lines == 0...0)
        // Laid out: "line 0", "", "line 1", …
        session.type("jj")
        #expect(session.press(.enter) == [.copy(text: "line 0\n\nline 1\n", description: "3 lines of page 1")])
        #expect(session.state.keyMode == .reader)
    }

    @Test func escapeEndsTheSelectionWithoutCopying() {
        var session = loadedSession()
        session.type("Vj")
        #expect(session.press(.escape).isEmpty)
        #expect(session.state.selection == nil)
    }

    @Test func goToPromptKeys() {
        var session = loadedSession()
        session.type("g12")
        session.press(.backspace)
        #expect(session.state.goToInput == "1")
        session.type("g")
        #expect(session.state.goToInput == "1g", "g after a character is part of a label")
        session.press(.backspace)
        session.type("5")
        session.press(.enter)
        #expect(session.state.currentPage == 14)
        session.type("gG")
        #expect(session.state.currentPage == 35)
        session.type("gg")
        #expect(session.state.currentPage == 0)
        session.type("g3")
        session.press(.escape)
        #expect(session.state.goToInput == nil)
        #expect(session.state.currentPage == 0)
    }

    @Test func searchPromptTypesCommandKeysAsText() {
        var session = loadedSession()
        session.type("/qgG?V")
        #expect(session.state.searchPrompt?.text == "qgG?V")
        session.press(.backspace)
        #expect(session.state.searchPrompt?.text == "qgG?")
        session.press(.escape)
        #expect(session.state.searchPrompt == nil)
        #expect(session.state.lastSearch == nil)
    }

    @Test func statusHintsComeFromTheTables() {
        var session = loadedSession()
        session.resize(rows: 10, columns: 90)
        session.type("o")
        _ = session.state.handle(.outlineLoaded(outline(3)))
        #expect(session.screenLines[9].contains("Outline: type to filter, Enter jumps, Left folds, Right unfolds, Esc"))
        session.press(.escape)
        _ = session.state.handle(
            .linksLoaded(page: 0, links: [LinkItem(box: TextRect(x0: 72, y0: 72, x1: 144, y1: 84), page: 3, uri: nil)]))
        #expect(session.screenLines[9].contains("1 link on screen: type a hint, Enter lists all, Esc closes"))
        session.press(.enter)
        #expect(session.screenLines[9].contains("Links: number or Enter follows, y copies the address, Esc closes"))
        session.press(.escape)
        session.type("V")
        #expect(session.screenLines[9].contains("Selecting 1 line: Down/Up extend, y copies, Esc cancels"))
    }

    @Test func messagesNameTheKeysOfTheTable() {
        var standard = loadedSession()
        standard.type("nz")
        #expect(standard.state.message == .fitNeedsImages)
        #expect(
            standard.state.message.map { NoticeText.words(for: $0, keymap: standard.state.keymap) }
                == "z sizes page images: Tab shows them")
        standard.type("n")
        #expect(standard.state.message == .noPreviousSearch)
        #expect(
            standard.state.message.map { NoticeText.words(for: $0, keymap: standard.state.keymap) }
                == "No previous search (/ searches)")

        let keymap = ReaderKeymap(bindings: [
            ReaderKeyBinding(keys: [.character("x")], command: .nextMatch, summary: "Next"),
            ReaderKeyBinding(keys: [.function(3)], command: .searchForward, summary: "Search"),
            ReaderKeyBinding(keys: [.character("Z")], command: .cycleImageFit, summary: "Fit"),
        ])
        var state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 3), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), keys: .with(reader: keymap))
        _ = state.start()
        _ = state.handle(.key(.character("x")))
        #expect(state.message == .noPreviousSearch)
        #expect(
            state.message.map { NoticeText.words(for: $0, keymap: state.keymap) } == "No previous search (F3 searches)")
        _ = state.handle(.key(.character("Z")))
        #expect(
            state.message.map { NoticeText.words(for: $0, keymap: state.keymap) }
                == "Z sizes page images: toggle-view shows them", "an unbound command is named")
    }
}
