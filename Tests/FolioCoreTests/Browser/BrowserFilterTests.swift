import FolioCore
import Testing

/// The filter prompt: `/` opens it on the bottom row, typing narrows the list, Enter keeps
/// the filter, Esc clears it.
@Suite struct BrowserFilterTests {
    private func names(_ session: BrowserSession) -> [String] {
        session.state.visibleEntries.map(\.name)
    }

    @Test func typingNarrowsTheListIgnoringCase() {
        var session = BrowserSession()
        session.type("/")
        #expect(session.state.isEditingFilter)
        session.type("C")
        #expect(names(session) == ["Archive", "Chapter 2.epub", "chapter 10.pdf", "comic.cbz", "secret.pdf"])
        session.type("H")
        #expect(names(session) == ["Archive", "Chapter 2.epub", "chapter 10.pdf"])
        session.type("apter 1")
        #expect(names(session) == ["chapter 10.pdf"])
        #expect(session.state.selectedEntry?.name == "chapter 10.pdf")
    }

    @Test func nonASCIINamesMatchByCharacter() {
        var session = BrowserSession(entries: [
            BrowserEntry(name: "Été.pdf", kind: .document),
            BrowserEntry(name: "cafe\u{301}.pdf", kind: .document),
            BrowserEntry(name: "cafe.pdf", kind: .document),
            BrowserEntry(name: "東京.pdf", kind: .document),
        ])
        session.type("/é")
        #expect(names(session) == ["café.pdf", "Été.pdf"])
        session.press(.escape)
        session.type("/e")
        #expect(names(session) == ["cafe.pdf"], "an e with an accent is another character")
        session.press(.escape)
        session.type("/京")
        #expect(names(session) == ["東京.pdf"])
    }

    @Test func commandKeysAreTextInThePrompt() {
        var session = BrowserSession()
        #expect(session.type("/qjkh.?").isEmpty)
        #expect(session.state.filter == "qjkh.?")
        #expect(!session.state.showingHelp)
        #expect(!session.state.showsHidden)
        #expect(session.state.isEditingFilter)
    }

    @Test func hiddenEntriesStayHiddenWhileFiltering() {
        var session = BrowserSession()
        session.type("/hidden")
        #expect(names(session).isEmpty)
        session.press(.enter)
        session.type(".")
        #expect(names(session) == [".hidden.pdf"])
    }

    @Test func enterKeepsTheFilterAndEscClearsIt() {
        var session = BrowserSession()
        session.type("/pdf")
        session.press(.enter)
        #expect(!session.state.isEditingFilter)
        #expect(session.state.filter == "pdf")
        #expect(session.state.message == .filterMatches(count: 4, filter: "pdf"))
        #expect(names(session) == [BrowserFixture.hostileName, "attention.pdf", "chapter 10.pdf", "secret.pdf"])
        // Keys are commands again; `/` reopens the prompt with the filter to edit.
        session.press(.down)
        #expect(session.state.selectedEntry?.name == "attention.pdf")
        session.type("/")
        #expect(session.state.filter == "pdf")
        session.press(.escape)
        #expect(!session.state.isEditingFilter)
        #expect(session.state.filter == "")
        #expect(names(session) == BrowserFixture.visibleNames)
        #expect(session.state.selectedEntry?.name == "attention.pdf")
        #expect(session.state.message == .entryCount(listed: 12, hidden: 3, hiddenShown: false))
    }

    @Test func escClearsAKeptFilter() {
        var session = BrowserSession()
        session.type("/pdf")
        session.press(.enter)
        session.press(.down)
        session.press(.escape)
        #expect(session.state.filter == "")
        #expect(names(session) == BrowserFixture.visibleNames)
        #expect(session.state.selectedEntry?.name == "attention.pdf")
        #expect(session.state.message == .entryCount(listed: 12, hidden: 3, hiddenShown: false))
        session.press(.escape)
        #expect(session.state.message == .unboundKey(.escape), "with no filter, Esc has nothing to clear")
    }

    @Test func reopeningTheFilterOffersTheOldOneToReplaceOrEdit() {
        var session = BrowserSession()
        session.type("/pdf")
        session.press(.enter)
        session.type("/")
        #expect(session.state.filter == "pdf")
        #expect(session.state.filterIsReplaceable)
        session.type("ch")
        #expect(session.state.filter == "ch", "typing replaces the old filter, not appends to it")
        #expect(names(session) == ["Archive", "Chapter 2.epub", "chapter 10.pdf"])
        session.press(.enter)
        session.type("/")
        session.press(.backspace)
        #expect(session.state.filter == "c", "Backspace edits the old filter")
        session.type("o")
        #expect(session.state.filter == "co")
        session.press(.enter)
        session.type("/")
        session.press(.enter)
        #expect(session.state.filter == "co", "Enter keeps it as it was")
    }

    @Test func theOldFilterIsDrawnSelectedWhenReopened() {
        var session = BrowserSession()
        session.type("/ch")
        session.press(.enter)
        session.type("/")
        let row = BrowserView.render(session.state).rows[15]
        #expect(row.first?.text == " Filter: ")
        #expect(row.dropFirst().first == Span(text: "ch", style: .normal))
        #expect(row.dropFirst(2).first?.style == .reverse)
        #expect(row.map(\.text).joined().hasPrefix(" Filter: ch▏ "))
        session.type("a")
        #expect(BrowserView.render(session.state).rows[15].count == 1, "typed: an ordinary prompt again")
    }

    @Test func aKeptFilterStartingWithACombiningMarkKeepsTheWholeRow() {
        var session = BrowserSession()
        session.type("/\u{301}ch")
        session.press(.enter)
        session.type("/")
        let row = BrowserView.render(session.state).rows[15]
        #expect(row.dropFirst().first == Span(text: "\u{301}ch", style: .normal))
        let line = row.map(\.text).joined()
        #expect(line.hasPrefix(" Filter: \u{301}ch▏ "), "the cursor after the filter is kept: \(line)")
        #expect(DisplayWidth.of(line) == session.state.screen.columns, "the reverse video runs to the edge")
    }

    @Test func backspaceEditsAndThenClosesThePrompt() {
        var session = BrowserSession()
        session.type("/ab")
        session.press(.backspace)
        #expect(session.state.filter == "a")
        session.press(.backspace)
        #expect(session.state.filter == "")
        #expect(session.state.isEditingFilter)
        #expect(names(session) == BrowserFixture.visibleNames)
        session.press(.backspace)
        #expect(!session.state.isEditingFilter)
        #expect(session.press(.backspace) == [.list("/home/ada")], "closed: Backspace goes up again")
    }

    @Test func arrowsMoveTheSelectionWhileTyping() {
        var session = BrowserSession()
        session.type("/pdf")
        #expect(session.state.selectedEntry?.name == BrowserFixture.hostileName)
        #expect(session.press(.down) == [.preview(BrowserFixture.path("attention.pdf"))])
        session.press(.end)
        #expect(session.state.selectedEntry?.name == "secret.pdf")
        session.press(.pageUp, .up)
        #expect(session.state.selectedEntry?.name == BrowserFixture.hostileName)
        session.press(.pageDown)
        session.press(.home)
        #expect(session.state.selectedIndex == 0)
        #expect(session.state.isEditingFilter)
        // Enter in the prompt keeps the filter; it does not open the selection.
        #expect(session.press(.enter).isEmpty)
    }

    @Test func theSelectionStaysOnAMatchingEntry() {
        var session = BrowserSession()
        session.select("comic.cbz")
        session.type("/c")
        #expect(session.state.selectedEntry?.name == "comic.cbz")
        session.type("h")
        #expect(
            session.state.selectedEntry?.name == "chapter 10.pdf", "no match after comic.cbz: the last one before it")
    }

    @Test func enteringAnotherFolderClearsTheFilter() {
        var session = BrowserSession()
        session.type("/dra")
        session.press(.enter, .enter)
        session.deliver(.listed(path: BrowserFixture.path("drafts"), entries: BrowserFixture.numberedNotes(2)))
        #expect(session.state.filter == "")
        #expect(names(session) == ["note 1.txt", "note 2.txt"])
    }

    @Test func theFilterIsBounded() {
        var session = BrowserSession()
        session.type("/" + String(repeating: "x", count: 300))
        #expect(session.state.filter.count == 200)
    }

    @Test func noFilterWhileTheFolderIsBeingListed() {
        var session = BrowserSession(entries: nil)
        session.type("/")
        #expect(!session.state.isEditingFilter)
        #expect(session.type("q") == [.quit])
    }

    /// 16 rows leave 13 for the list: a screen moves 12 entries, keeping one in view.
    @Test func pageDownInThePromptMovesAScreen() {
        var session = BrowserSession(entries: BrowserFixture.numberedNotes(40))
        session.type("/note")
        #expect(session.state.keyMode == .filter)
        session.press(.pageDown)
        #expect(session.state.selectedIndex == 12)
        session.press(.pageDown, .up)
        #expect(session.state.selectedIndex == 23)
        session.press(.end)
        #expect(session.state.selectedIndex == 39)
        session.press(.pageUp, .home)
        #expect(session.state.selectedIndex == 0)
        #expect(session.state.filter == "note", "moving does not touch the filter")
        #expect(session.state.isEditingFilter)
    }

    @Test func spaceAndBPageTheListButAreTextInThePrompt() {
        var session = BrowserSession(entries: BrowserFixture.numberedNotes(40))
        #expect(session.state.keyMode == .browser)
        session.type(" ")
        #expect(session.state.selectedIndex == 12)
        session.type("b")
        #expect(session.state.selectedIndex == 0)
        session.type("/ b")
        #expect(session.state.filter == " b")
        #expect(session.state.selectedIndex == 0)
    }
}
