import FolioCore
import FolioTestSupport
import Testing

/// What a configuration changes in the reader: key sequences, the first view and paging, the
/// overlap of a screenful; and the mouse and pasted text.
@Suite struct ReaderStateConfigurationTests {
    private func state(
        keys: KeyTables = .standard, preferences: ReaderPreferences = ReaderPreferences(), images: Bool = false
    ) -> ReaderState {
        var state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 36), startPage: 4,
            screen: ScreenSize(rows: 10, columns: 40), keys: keys, preferences: preferences,
            imageAvailability: images ? .available(label: "image") : .unavailable(reason: "not here"))
        _ = state.start()
        _ = state.handle(.pageLoaded(page: 4, text: PageTextFixture.numberedPage(4, lineCount: 40)))
        return state
    }

    private func keysWithSequence() throws -> KeyTables {
        var keys = KeyTables()
        try keys.map([.character("g"), .character("g")], to: "first-page", in: .reader)
        try keys.map([.character(" "), .character("n")], to: "next-page", in: .reader)
        return keys
    }

    @Test func aMappedSequenceWaitsForItsNextKey() throws {
        var state = state(keys: try keysWithSequence())
        _ = state.handle(.key(.character("g")))
        #expect(state.goToInput == nil, "g waits: it starts gg")
        #expect(state.pendingKeys == [.character("g")])
        #expect(ReaderView.render(state).lines[9].contains("[g]"))
        _ = state.handle(.key(.character("g")))
        #expect(state.currentPage == 0)
        #expect(state.pendingKeys.isEmpty)
    }

    @Test func aSequenceThatDoesNotCompleteRunsItsFirstKeyThenTheNext() throws {
        var state = state(keys: try keysWithSequence())
        // Space, then j: a screen down (Space's own command), then a line down.
        _ = state.handle(.key(.character(" ")))
        #expect(state.topLine == 0)
        _ = state.handle(.key(.character("j")))
        #expect(state.topLine == 9 - 2 + 1)
        // A count carries over to the sequence.
        for key: Key in [.character("3"), .character(" "), .character("n")] {
            _ = state.handle(.key(key))
        }
        #expect(state.currentPage == 7)
        // g alone opens the go-to prompt, which then takes the 9 and Enter.
        for key: Key in [.character("g"), .character("9"), .enter] {
            _ = state.handle(.key(key))
        }
        #expect(state.currentPage == 8)
        // Escape forgets a sequence started.
        _ = state.handle(.key(.character("g")))
        _ = state.handle(.key(.escape))
        #expect(state.pendingKeys.isEmpty && state.currentPage == 8 && state.goToInput == nil)
    }

    @Test func aSequenceNobodyBoundSaysSo() throws {
        var keys = KeyTables()
        try keys.map([.character("Q"), .character("Q")], to: "redraw", in: .reader)
        try keys.map([.character("a"), .character("b"), .character("c")], to: "last-page", in: .reader)
        var state = state(keys: keys)
        // Q alone runs nothing, and says so; the key after it is taken afresh.
        _ = state.handle(.key(.character("Q")))
        _ = state.handle(.key(.character("j")))
        #expect(state.message == .unboundKey(.character("Q")))
        #expect(state.topLine == 1, "j still scrolled")
        // Three keys: a b then e completes nothing; a is nothing alone, b goes back a page
        // (Folio's b is a screen up), e is nothing either.
        _ = state.handle(.key(.character("a")))
        _ = state.handle(.key(.character("b")))
        #expect(state.pendingKeys == [.character("a"), .character("b")])
        _ = state.handle(.key(.character("e")))
        #expect(state.pendingKeys.isEmpty)
        #expect(state.message == .unboundKey(.character("e")))
        #expect(state.topLine == 0, "b scrolled back up")
        for key in "abc".unicodeScalars {
            _ = state.handle(.key(.character(key)))
        }
        #expect(state.currentPage == 35)
    }

    @Test func theHelpScreenShowsTheUsersKeys() throws {
        var keys = KeyTables()
        try keys.map([.character("J")], to: "next-page", in: .reader)
        try keys.unmap([.character("l")], in: .reader)
        var state = state(keys: keys)
        _ = state.handle(.key(.character("?")))
        let help = ReaderView.render(state).lines.joined(separator: "\n")
        #expect(help.contains("J, Right"))
        #expect(!help.contains("Right, l"))
    }

    @Test func preferencesChooseTheStart() {
        var preferences = ReaderPreferences()
        preferences.paging = .wrapAround
        preferences.layout = .physical
        preferences.view = .image
        let images = state(preferences: preferences, images: true)
        #expect(images.pagingMode == .wrapAround)
        #expect(images.layoutMode == .physical)
        #expect(images.viewMode == .image)
        let noImages = state(preferences: preferences, images: false)
        #expect(noImages.viewMode == .text, "text where the terminal shows no images")
    }

    @Test func theScrollOverlapIsHowMuchASpaceKeeps() {
        var preferences = ReaderPreferences()
        preferences.scrollOverlap = 3
        var kept = state(preferences: preferences)
        _ = kept.handle(.key(.character(" ")))
        #expect(kept.topLine == 9 - 3)
        var standard = state()
        _ = standard.handle(.key(.character(" ")))
        #expect(standard.topLine == 9 - 2)
    }

    @Test func theWheelScrollsThePage() {
        var state = state()
        _ = state.handle(.mouse(MouseEvent(action: .wheelDown, row: 3, column: 3)))
        #expect(state.topLine == 3)
        _ = state.handle(.mouse(MouseEvent(action: .wheelDown, row: 3, column: 3)))
        _ = state.handle(.mouse(MouseEvent(action: .wheelUp, row: 3, column: 3)))
        #expect(state.topLine == 3)
    }

    @Test func aClickChoosesAnOutlineEntryAndASecondOpensIt() {
        var state = state()
        _ = state.handle(.key(.character("o")))
        _ = state.handle(
            .outlineLoaded([
                OutlineItem(title: "One", level: 0, page: 0),
                OutlineItem(title: "Two", level: 0, page: 2),
                OutlineItem(title: "Three", level: 0, page: 20),
            ]))
        // Row 0 is the title; the entries start on row 1.
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 3, column: 5)))
        guard case .outline(let list) = state.overlay else {
            Issue.record("the outline closed")
            return
        }
        #expect(list.selected == 2)
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 8, column: 5)))
        #expect(state.overlay != nil, "a click below the entries does nothing")
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 2), row: 1, column: 5)))
        #expect(state.overlay == nil)
        #expect(state.currentPage == 0)
    }

    @Test func aDoubleClickFollowsALinkInTheList() {
        var state = state()
        _ = state.handle(.key(.character("f")))
        let box = TextRect(x0: 72, y0: 72, x1: 144, y1: 84)
        _ = state.handle(
            .linksLoaded(
                page: 4, links: [LinkItem(box: box, page: 9, uri: nil), LinkItem(box: box, page: 30, uri: nil)]))
        _ = state.handle(.mouse(MouseEvent(action: .wheelDown, row: 1, column: 1)))
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 2), row: 1, column: 4)))
        #expect(state.currentPage == 9)
    }

    @Test func aClickOnALinkInThePageImageFollowsIt() {
        var state = state(images: true)
        let effects = state.handle(.key(.tab))
        guard case .renderPages(let requests) = effects.last, let request = requests.first else {
            Issue.record("no image was asked for: \(effects)")
            return
        }
        // A 612 × 792 pt page drawn 38 cells wide and 49 rows high: a cell is about 16 pt.
        _ = state.handle(.pageRendered(request, rows: 49, columns: 38))
        // The link covers 72–144 pt across and 72–84 pt down: cells 4–8 of the image, row 4.
        let link = LinkItem(box: TextRect(x0: 72, y0: 72, x1: 144, y1: 84), page: 17, uri: nil)
        #expect(
            state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 4, column: 1 + 6))) == [.loadLinks(page: 4)])
        _ = state.handle(.linksLoaded(page: 4, links: [link]))
        #expect(state.currentPage == 17)
        #expect(state.overlay == nil, "the click follows the link without listing the links")

        _ = state.handle(.key(.backspace))
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 8, column: 20)))
        _ = state.handle(.linksLoaded(page: 4, links: [link]))
        #expect(state.currentPage == 4, "a click beside the link stays")
    }

    @Test func aPasteTypesIntoThePromptAsOneLine() {
        var state = state()
        _ = state.handle(.key(.character("/")))
        _ = state.handle(.paste("two\nlines\u{1B}[2J"))
        #expect(state.searchPrompt?.text == "two lines[2J", "control characters are dropped")
        _ = state.handle(.key(.escape))
        _ = state.handle(.key(.character("g")))
        _ = state.handle(.paste("xiv"))
        #expect(state.goToInput == "xiv", "the go-to prompt takes page labels, letters and all")
        _ = state.handle(.key(.escape))
        _ = state.handle(.paste("jjjj"))
        #expect(state.topLine == 0, "a paste is never run as keys")
        #expect(state.message == .pasteNeedsPrompt)
    }
}

/// Reloading: the page and place are kept, a shorter version clamps, and the next version
/// takes the reader back when they stayed.
@Suite struct ReaderStateReloadTests {
    private func summary(pages: Int) -> DocumentSummary {
        DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: pages)
    }

    @Test func aShorterVersionClampsAndTheNextOneGoesBack() {
        var state = ReaderState(document: summary(pages: 36), startPage: 20, screen: ScreenSize(rows: 10, columns: 40))
        _ = state.start()
        _ = state.handle(.pageLoaded(page: 20, text: PageTextFixture.numberedPage(20, lineCount: 40)))
        _ = state.handle(.key(.character("j")))
        _ = state.handle(.key(.character("j")))
        let text = PageTextFixture.numberedPage(20, lineCount: 40)
        _ = state.handle(.documentReloaded(summary(pages: 36), currentPageText: text))
        #expect(state.currentPage == 20 && state.topLine == 2)
        #expect(state.message == .reloaded(pageCount: 36))
        _ = state.handle(.documentReloaded(summary(pages: 10), currentPageText: nil))
        #expect(state.currentPage == 9)
        #expect(state.message == .reloaded(pageCount: 10))
        _ = state.handle(.documentReloaded(summary(pages: 36), currentPageText: text))
        #expect(state.currentPage == 20 && state.topLine == 2, "back where the reader was")
        // Once the reader moves on, a later reload keeps where they are.
        _ = state.handle(.documentReloaded(summary(pages: 10), currentPageText: nil))
        _ = state.handle(.key(.character("h")))
        _ = state.handle(.documentReloaded(summary(pages: 36), currentPageText: nil))
        #expect(state.currentPage == 8)
    }
}
