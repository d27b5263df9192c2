import FolioCore
import Testing

/// Listing folders: order, hidden entries, moving about, going in and out of folders.
@Suite struct BrowserListingTests {
    private func names(_ entries: [BrowserEntry]) -> [String] {
        entries.map(\.name)
    }

    @Test func startAsksForTheFolderAndWaits() {
        let session = BrowserSession(entries: nil)
        #expect(session.startEffects == [.list("/home/ada/papers")])
        #expect(session.state.listing == .loading)
        #expect(session.state.selectedEntry == nil)
    }

    @Test func trailingSlashesAreDropped() {
        var state = BrowserState(directory: "/home/ada/papers//", screen: ScreenSize(rows: 16, columns: 80))
        #expect(state.start() == [.list("/home/ada/papers")])
        #expect(state.directory == "/home/ada/papers")
    }

    @Test func foldersFirstThenFilesByNameWithHiddenLeftOut() {
        let state = BrowserSession().state
        #expect(state.listing == .loaded)
        #expect(names(state.visibleEntries) == BrowserFixture.visibleNames)
        #expect(
            names(state.entries) == [
                ".cache", "Archive", "drafts", BrowserFixture.hostileName, ".DS_Store", ".hidden.pdf", "attention.pdf",
                "Chapter 2.epub", "chapter 10.pdf", "comic.cbz", "data.bin", "notes.txt", "pipe", "README.md",
                "secret.pdf",
            ])
        #expect(state.hiddenCount == 3)
        #expect(state.message == .entryCount(listed: 12, hidden: 3, hiddenShown: false))
        #expect(state.selectedEntry?.name == "Archive")
    }

    @Test(arguments: [
        (["b10.pdf", "B2.pdf", "a.pdf", "b1.pdf", "b02.pdf"], ["a.pdf", "b1.pdf", "B2.pdf", "b02.pdf", "b10.pdf"]),
        (["Zeta", "alpha", "ALPHA", "Alpha"], ["ALPHA", "Alpha", "alpha", "Zeta"]),
        (
            ["v100000000000000000000000", "v99999999999999999999999", "v9"],
            ["v9", "v99999999999999999999999", "v100000000000000000000000"]
        ),
        (["x-2-b", "x-10-a", "x-2-a", "x"], ["x", "x-2-a", "x-2-b", "x-10-a"]),
    ])
    func namesSortIgnoringCaseWithNumbersInNaturalOrder(listed: [String], sorted: [String]) {
        let entries = listed.map { BrowserEntry(name: $0, kind: .document) }
        let session = BrowserSession(entries: entries)
        #expect(names(session.state.visibleEntries) == sorted)
    }

    @Test func foldersComeBeforeFilesWhateverTheirNames() {
        let session = BrowserSession(entries: [
            BrowserEntry(name: "a.pdf", kind: .document),
            BrowserEntry(name: "zeta", kind: .folder),
            BrowserEntry(name: "b.txt", kind: .other(reason: "x")),
            BrowserEntry(name: "Alpha", kind: .folder),
        ])
        #expect(names(session.state.visibleEntries) == ["Alpha", "zeta", "a.pdf", "b.txt"])
    }

    @Test func theFolderItselfAndItsParentAreNotListed() {
        let session = BrowserSession(entries: [
            BrowserEntry(name: ".", kind: .folder),
            BrowserEntry(name: "..", kind: .folder),
            BrowserEntry(name: "a.pdf", kind: .document),
        ])
        #expect(names(session.state.entries) == ["a.pdf"])
        #expect(session.state.message == .entryCount(listed: 1, hidden: 0, hiddenShown: false))
    }

    // MARK: Hidden entries

    @Test func dotTogglesHiddenEntries() {
        var session = BrowserSession()
        session.select("attention.pdf")
        session.type(".")
        #expect(session.state.showsHidden)
        #expect(session.state.visibleEntries.count == 15)
        #expect(session.state.message == .entryCount(listed: 15, hidden: 3, hiddenShown: true))
        #expect(session.state.selectedEntry?.name == "attention.pdf")
        session.type(".")
        #expect(names(session.state.visibleEntries) == BrowserFixture.visibleNames)
        #expect(session.state.message == .entryCount(listed: 12, hidden: 3, hiddenShown: false))
        #expect(session.state.selectedEntry?.name == "attention.pdf")
    }

    @Test func hidingTheSelectedEntrySelectsTheNextVisibleOne() {
        var session = BrowserSession()
        session.type(".")
        session.select(".hidden.pdf")
        session.type(".")
        #expect(session.state.selectedEntry?.name == "attention.pdf")
    }

    @Test func hidingTheLastEntrySelectsTheOneBeforeIt() {
        var session = BrowserSession(entries: [
            BrowserEntry(name: ".z.txt", kind: .other(reason: "x")),
            BrowserEntry(name: "a", kind: .folder),
        ])
        session.type(".")
        session.press(.end)
        #expect(session.state.selectedEntry?.name == ".z.txt")
        session.type(".")
        #expect(session.state.selectedEntry?.name == "a")
    }

    @Test func showingHiddenEntriesCarriesOverToOtherFolders() {
        var session = BrowserSession()
        session.type(".")
        session.select("drafts")
        session.press(.enter)
        session.deliver(
            .listed(path: BrowserFixture.path("drafts"), entries: [BrowserEntry(name: ".v1.pdf", kind: .document)]))
        #expect(names(session.state.visibleEntries) == [".v1.pdf"])
    }

    @Test func togglingWithNothingHiddenSaysSo() {
        var session = BrowserSession(entries: BrowserFixture.numberedNotes(3))
        #expect(session.state.message == .entryCount(listed: 3, hidden: 0, hiddenShown: false))
        session.type(".")
        #expect(session.state.message == .noHiddenEntries(shown: true))
        session.type(".")
        #expect(session.state.message == .noHiddenEntries(shown: false))
    }

    // MARK: Moving

    @Test func movingStopsAtTheEnds() {
        var session = BrowserSession(entries: BrowserFixture.numberedNotes(5))
        #expect(session.press(.up, .character("k"), .pageUp, .home).isEmpty)
        #expect(session.state.selectedIndex == 0)
        session.press(.down, .character("j"))
        #expect(session.state.selectedEntry?.name == "note 3.txt")
        #expect(session.press(.pageDown).isEmpty)
        #expect(session.state.selectedEntry?.name == "note 5.txt")
        #expect(session.press(.down, .end, .character("G"), .pageDown).isEmpty)
        #expect(session.state.selectedIndex == 4)
        session.type("g")
        #expect(session.state.selectedIndex == 0)
        #expect(session.state.message == .entryCount(listed: 5, hidden: 0, hiddenShown: false))
    }

    @Test func pagingKeepsTheSelectionOnTheList() {
        // At 80×16 the list has 13 rows; a screen moves 12 entries, keeping one in view.
        var session = BrowserSession(entries: BrowserFixture.numberedNotes(40))
        session.press(.pageDown)
        #expect(session.state.selectedIndex == 12)
        #expect(session.state.topIndex == 0)
        session.press(.pageDown)
        #expect(session.state.selectedIndex == 24)
        #expect(session.state.topIndex == 12)
        session.press(.end)
        #expect(session.state.topIndex == 27)
        session.press(.pageUp)
        #expect(session.state.selectedIndex == 27)
        #expect(session.state.topIndex == 27)
        session.press(.up)
        #expect(session.state.topIndex == 26)
        session.press(.home)
        #expect(session.state.topIndex == 0)
    }

    @Test func growingTheTerminalLeavesNoBlankRowsBelowTheLastEntry() {
        var session = BrowserSession(entries: BrowserFixture.numberedNotes(40))
        session.press(.end)
        session.deliver(.resize(ScreenSize(rows: 30, columns: 80)))
        #expect(session.state.topIndex == 13)
        session.deliver(.resize(ScreenSize(rows: 12, columns: 80)))
        #expect(session.state.topIndex == 31)
        #expect(session.state.selectedIndex == 39)
    }

    @Test func keysDoNothingInAnEmptyFolder() {
        var session = BrowserSession(entries: [])
        #expect(session.press(.down, .end, .pageDown, .enter, .character("/")).isEmpty)
        #expect(session.state.selectedEntry == nil)
        #expect(session.state.message == .entryCount(listed: 0, hidden: 0, hiddenShown: false))
    }

    // MARK: Opening

    @Test(arguments: [Key.enter, .right, .character("l")])
    func openingAFolderListsIt(key: Key) {
        var session = BrowserSession()
        session.select("drafts")
        #expect(session.press(key) == [.list("/home/ada/papers/drafts")])
        #expect(session.state.message == .listing(path: "/home/ada/papers/drafts"))
        #expect(session.press(key).isEmpty, "already on its way")
        // Until the listing arrives, the old folder stays on screen.
        #expect(session.state.directory == "/home/ada/papers")

        session.deliver(.listed(path: BrowserFixture.path("drafts"), entries: BrowserFixture.numberedNotes(2)))
        #expect(session.state.directory == "/home/ada/papers/drafts")
        #expect(names(session.state.visibleEntries) == ["note 1.txt", "note 2.txt"])
        #expect(session.state.selectedIndex == 0)
        #expect(session.state.message == .entryCount(listed: 2, hidden: 0, hiddenShown: false))
    }

    @Test func openingADocumentAsksTheOwnerToOpenIt() {
        var session = BrowserSession()
        session.select("attention.pdf")
        #expect(session.press(.enter) == [.open("/home/ada/papers/attention.pdf")])
        #expect(session.state.message == .opened(name: "attention.pdf"))
        session.deliver(.openFailed(path: BrowserFixture.path("attention.pdf"), reason: "damaged xref table"))
        #expect(session.state.message == .cannotOpen(name: "attention.pdf", reason: "damaged xref table"))
    }

    @Test(arguments: [
        ("notes.txt", "not a document: 12 bytes of plain text"),
        ("secret.pdf", "permission denied"),
        ("pipe", "is a FIFO"),
    ])
    func openingAnotherFileSaysWhyItCannot(name: String, reason: String) {
        var session = BrowserSession()
        session.select(name)
        #expect(session.press(.enter).isEmpty)
        #expect(session.state.message == .cannotOpen(name: name, reason: reason))
    }

    @Test func theLastOpenedAttemptWins() {
        var session = BrowserSession()
        session.select("drafts")
        session.press(.enter)
        session.press(.up, .enter)
        session.deliver(.listed(path: BrowserFixture.path("drafts"), entries: BrowserFixture.numberedNotes(2)))
        #expect(session.state.directory == "/home/ada/papers", "a late listing of a folder we left is ignored")
        session.deliver(.listed(path: BrowserFixture.path("Archive"), entries: BrowserFixture.numberedNotes(3)))
        #expect(session.state.directory == "/home/ada/papers/Archive")
        #expect(session.state.visibleEntries.count == 3)
    }

    @Test func aFolderThatCannotBeListedLeavesUsWhereWeWere() {
        var session = BrowserSession()
        session.select("drafts")
        session.press(.enter)
        session.deliver(.listFailed(path: BrowserFixture.path("drafts"), reason: "permission denied"))
        #expect(session.state.directory == "/home/ada/papers")
        #expect(session.state.selectedEntry?.name == "drafts")
        #expect(
            session.state.message == .cannotOpenFolder(path: BrowserFixture.path("drafts"), reason: "permission denied")
        )
        #expect(session.press(.enter) == [.list("/home/ada/papers/drafts")], "and can be tried again")
    }

    @Test func aStartingFolderThatCannotBeListedShowsWhyAndAllowsGoingUp() {
        var session = BrowserSession(entries: nil)
        session.deliver(.listFailed(path: BrowserFixture.folder, reason: "no such file or directory"))
        #expect(session.state.listing == .failed("no such file or directory"))
        #expect(session.state.message == .cannotList(path: BrowserFixture.folder, reason: "no such file or directory"))
        #expect(session.press(.enter).isEmpty)
        #expect(session.press(.left) == [.list("/home/ada")])
        session.deliver(
            .listed(path: "/home/ada", entries: [BrowserEntry(name: "papers", kind: .other(reason: "gone"))]))
        #expect(session.state.listing == .loaded)
        #expect(session.state.selectedEntry?.name == "papers")
    }

    // MARK: Going up

    @Test(arguments: [Key.backspace, .left, .character("h")])
    func goingUpSelectsTheFolderWeCameFrom(key: Key) {
        var session = BrowserSession(folder: "/home/ada/papers/drafts", entries: BrowserFixture.numberedNotes(2))
        #expect(session.press(key) == [.list("/home/ada/papers")])
        #expect(session.state.message == .listing(path: "/home/ada/papers"))
        session.deliver(.listed(path: BrowserFixture.folder, entries: BrowserFixture.entries))
        #expect(session.state.directory == "/home/ada/papers")
        #expect(session.state.selectedEntry?.name == "drafts")
        #expect(session.state.selectedIndex == 1)
    }

    @Test func goingUpTwiceQuicklyClimbsTwice() {
        var session = BrowserSession()
        #expect(session.press(.left) == [.list("/home/ada")])
        #expect(session.press(.left) == [.list("/home")])
        session.deliver(.listed(path: "/home/ada", entries: [BrowserEntry(name: "papers", kind: .folder)]))
        #expect(session.state.directory == "/home/ada/papers", "the answer for a folder passed over is ignored")
        session.deliver(
            .listed(
                path: "/home",
                entries: [BrowserEntry(name: "root", kind: .folder), BrowserEntry(name: "ada", kind: .folder)]))
        #expect(session.state.directory == "/home")
        #expect(session.state.selectedEntry?.name == "ada")
    }

    @Test func theRootStaysTheRoot() {
        var session = BrowserSession(folder: "/", entries: [BrowserEntry(name: "home", kind: .folder)])
        #expect(session.press(.left).isEmpty)
        #expect(session.state.message == .atTopFolder)
        #expect(session.press(.enter) == [.list("/home")])
        session.deliver(.listed(path: "/home", entries: [BrowserEntry(name: "ada", kind: .folder)]))
        #expect(session.press(.left) == [.list("/")])
        session.deliver(
            .listed(
                path: "/",
                entries: [BrowserEntry(name: "etc", kind: .folder), BrowserEntry(name: "home", kind: .folder)]))
        #expect(session.state.selectedEntry?.name == "home")
    }

    @Test func goingUpToAHiddenFolderSelectsTheNearestVisibleEntry() {
        var session = BrowserSession(folder: "/home/ada/papers/.cache", entries: [])
        session.press(.left)
        session.deliver(.listed(path: BrowserFixture.folder, entries: BrowserFixture.entries))
        #expect(session.state.selectedEntry?.name == "Archive")
    }

    // MARK: Coming back

    @Test func aFreshStateCanSelectAnEntryOnceListed() {
        let session = BrowserSession(selecting: "notes.txt")
        #expect(session.state.selectedEntry?.name == "notes.txt")
    }

    @Test func theStateKeptDuringReadingComesBackAsItWas() {
        var session = BrowserSession()
        session.select("chapter 10.pdf")
        session.deliver(
            .previewReady(path: BrowserFixture.path("chapter 10.pdf"), preview: BrowserFixture.attentionPreview))
        session.press(.enter)
        // The owner runs the reader, keeping the state, then tells it the terminal's size.
        let effects = session.deliver(.resize(ScreenSize(rows: 24, columns: 100)))
        #expect(effects.isEmpty, "nothing to list or preview again")
        #expect(session.state.selectedEntry?.name == "chapter 10.pdf")
        #expect(session.state.message == .opened(name: "chapter 10.pdf"))
    }

    @Test func aFreshListingOfTheSameFolderKeepsTheSelectionAndFilter() {
        var session = BrowserSession()
        session.type("/pdf")
        session.press(.enter, .down)
        #expect(session.state.selectedEntry?.name == "attention.pdf")
        let fewer = BrowserFixture.entries.filter { $0.name != "chapter 10.pdf" }
        session.deliver(.listed(path: BrowserFixture.folder, entries: fewer))
        #expect(session.state.filter == "pdf")
        #expect(session.state.selectedEntry?.name == "attention.pdf")
        #expect(names(session.state.visibleEntries) == [BrowserFixture.hostileName, "attention.pdf", "secret.pdf"])
    }

    @Test func quitAndRedrawAreEffects() {
        var session = BrowserSession()
        #expect(session.press(.control("l")) == [.clearScreen])
        #expect(session.type("q") == [.quit])
    }
}
