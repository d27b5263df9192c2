import FolioCore
import Testing

@Suite struct ReaderStatePagingTests {
    @Test func startAsksForTheStartPageThenItsNeighbours() {
        // Then the outline, for the section on the status line.
        #expect(ReaderSession().startEffects == [.loadPages([0, 1, 2]), .loadOutline])
        #expect(ReaderSession(startPage: 10).startEffects == [.loadPages([10, 11, 9, 12, 8]), .loadOutline])
        #expect(ReaderSession(startPage: 35).startEffects == [.loadPages([35, 34, 33]), .loadOutline])
    }

    @Test func startPageIsClampedToTheDocument() {
        #expect(ReaderSession(startPage: 99).state.currentPage == 35)
        #expect(ReaderSession(startPage: -4).state.currentPage == 0)
    }

    @Test(arguments: [Key.right, .character("l")])
    func nextPageKeys(key: Key) {
        var session = ReaderSession()
        let effects = session.press(key)
        #expect(session.state.currentPage == 1)
        #expect(effects == [.loadPages([3])])
    }

    @Test(arguments: [Key.left, .character("h")])
    func previousPageKeys(key: Key) {
        var session = ReaderSession(startPage: 5)
        session.press(key)
        #expect(session.state.currentPage == 4)
    }

    @Test func goToPromptJumps() {
        var session = ReaderSession()
        session.press(.character("g"))
        #expect(session.state.goToInput == "")
        session.type("12")
        #expect(session.state.goToInput == "12")
        let effects = session.press(.enter)
        #expect(session.state.currentPage == 11)
        #expect(session.state.goToInput == nil)
        #expect(effects == [.cancelLoads(keeping: [9, 10, 11, 12, 13]), .loadPages([11, 12, 10, 13, 9])])
    }

    @Test func goToPromptRejectsMissingPage() {
        var session = ReaderSession()
        session.type("g999")
        let effects = session.press(.enter)
        #expect(effects.isEmpty)
        #expect(session.state.message == .noSuchPage(number: 999, pageCount: 36))
        #expect(session.state.currentPage == 0)
        #expect(session.state.goToInput == nil)
    }

    @Test func goToPromptWrapsInWrapAroundMode() {
        var session = ReaderSession()
        session.type("wg38")
        session.press(.enter)
        #expect(session.state.currentPage == 1)
    }

    @Test func escapeCancelsThePrompt() {
        var session = ReaderSession(startPage: 3)
        session.type("g12")
        let effects = session.press(.escape)
        #expect(effects.isEmpty)
        #expect(session.state.goToInput == nil)
        #expect(session.state.currentPage == 3)
    }

    @Test func backspaceEditsThenCancelsThePrompt() {
        var session = ReaderSession()
        session.type("g12")
        session.press(.backspace)
        #expect(session.state.goToInput == "1")
        session.press(.backspace)
        #expect(session.state.goToInput == "")
        session.press(.backspace)
        #expect(session.state.goToInput == nil)
    }

    @Test func enterOnAnEmptyPromptJustClosesIt() {
        var session = ReaderSession(startPage: 3)
        session.type("g")
        session.press(.enter)
        #expect(session.state.goToInput == nil)
        #expect(session.state.currentPage == 3)
        #expect(session.state.message == nil)
    }

    @Test func promptTypesLabelsAndIgnoresKeysItHasNoUseFor() {
        var session = ReaderSession()
        session.type("g1x")
        session.press(.tab)
        #expect(session.state.goToInput == "1x", "letters type a page label")
        #expect(session.state.currentPage == 0)
        session.press(.enter)
        #expect(session.state.currentPage == 0)
        #expect(session.state.message == .noPageNamed(typed: "1x", pageCount: 36))
    }

    @Test func doubleGGoesToTheFirstPage() {
        var session = ReaderSession()
        session.type("21G")
        #expect(session.state.currentPage == 20)
        session.type("gg")
        #expect(session.state.currentPage == 0)
        #expect(session.state.goToInput == nil)
    }

    @Test func capitalGInThePromptGoesToTheLastPageBeforeAnythingIsTyped() {
        var session = ReaderSession()
        session.type("gG")
        #expect(session.state.currentPage == 35)
        #expect(session.state.goToInput == nil)
        session.type("g1G")
        #expect(session.state.goToInput == "1G", "after a character, G is part of a label")
    }

    @Test func countThenGJumps() {
        var session = ReaderSession()
        session.type("12")
        #expect(session.state.pendingCount == 12)
        session.type("G")
        #expect(session.state.currentPage == 11)
        #expect(session.state.pendingCount == nil)
    }

    @Test func countThenLowercaseGJumpsToo() {
        var session = ReaderSession()
        session.type("7g")
        #expect(session.state.currentPage == 6)
        #expect(session.state.goToInput == nil)
    }

    @Test func capitalGAloneGoesToTheLastPage() {
        var session = ReaderSession()
        session.type("G")
        #expect(session.state.currentPage == 35)
    }

    @Test func countOutOfRangeSaysSo() {
        var session = ReaderSession()
        session.type("40G")
        #expect(session.state.currentPage == 0)
        #expect(session.state.message == .noSuchPage(number: 40, pageCount: 36))
    }

    @Test func countMovesSeveralPages() {
        var session = ReaderSession()
        session.type("5")
        session.press(.right)
        #expect(session.state.currentPage == 5)
        session.type("3")
        session.press(.left)
        #expect(session.state.currentPage == 2)
    }

    @Test func countedMovePastTheEndLandsOnTheLastPageThenStops() {
        var session = ReaderSession(startPage: 32)
        session.type("5")
        session.press(.right)
        #expect(session.state.currentPage == 35)
        #expect(session.state.message == nil)
        session.type("5")
        session.press(.right)
        #expect(session.state.currentPage == 35)
        #expect(session.state.message == .lastPage)
    }

    @Test func escapeClearsAPendingCount() {
        var session = ReaderSession()
        session.type("5")
        session.press(.escape)
        #expect(session.state.pendingCount == nil)
        session.press(.right)
        #expect(session.state.currentPage == 1)
    }

    @Test func boundedPagingStopsAtTheEnds() {
        var session = ReaderSession()
        session.press(.left)
        #expect(session.state.currentPage == 0)
        #expect(session.state.message == .firstPage)
        session.press(.end, .right)
        #expect(session.state.currentPage == 35)
        #expect(session.state.message == .lastPage)
    }

    @Test func wrapAroundPagingWraps() {
        var session = ReaderSession()
        session.press(.end)
        let effects = session.press(.character("w"))
        #expect(session.state.pagingMode == .wrapAround)
        #expect(session.state.message == .wrapAround(on: true))
        #expect(effects == [.loadPages([0, 1])])
        session.press(.right)
        #expect(session.state.currentPage == 0)
        session.press(.left)
        #expect(session.state.currentPage == 35)
    }

    @Test func wrapToggleTurnsOff() {
        var session = ReaderSession()
        session.type("ww")
        #expect(session.state.pagingMode == .bounded)
        #expect(session.state.message == .wrapAround(on: false))
    }

    @Test func homeAndEnd() {
        var session = ReaderSession(startPage: 17)
        session.press(.end)
        #expect(session.state.currentPage == 35)
        session.press(.home)
        #expect(session.state.currentPage == 0)
    }

    @Test func messagesClearOnTheNextKey() {
        var session = ReaderSession()
        session.press(.left)
        #expect(session.state.message == .firstPage)
        session.press(.control("l"))
        #expect(session.state.message == nil)
    }

    @Test func aKeyBoundToNothingSaysSo() {
        var session = ReaderSession()
        session.press(.character("x"))
        #expect(session.state.message == .unboundKey(.character("x")))
        #expect(session.state.currentPage == 0)
        session.press(.function(7))
        #expect(session.state.message == .unboundKey(.function(7)))
        session.press(.right)
        #expect(session.state.message == nil)
        #expect(session.state.currentPage == 1)
    }

    @Test func messagesSurviveBackgroundEvents() {
        var session = ReaderSession()
        session.press(.left)
        session.deliverNumbered(1, lineCount: 3)
        session.resize(rows: 12, columns: 50)
        #expect(session.state.message == .firstPage)
    }

    @Test func helpOpensAndAnyKeyClosesIt() {
        var session = ReaderSession()
        session.type("?")
        #expect(session.state.showingHelp)
        let effects = session.type("q")
        #expect(effects.isEmpty)
        #expect(!session.state.showingHelp)
        #expect(session.type("q") == [.quit])
    }

    @Test func redrawClearsTheScreen() {
        var session = ReaderSession()
        #expect(session.press(.control("l")) == [.clearScreen])
    }

    @Test func hugeDocumentJumpsToItsLastPage() {
        let pageCount = 1_410_065_407
        var session = ReaderSession(pageCount: pageCount)
        let last = pageCount - 1
        let effects = session.type("G")
        #expect(session.state.currentPage == last)
        #expect(
            effects == [.cancelLoads(keeping: [last, last - 1, last - 2]), .loadPages([last, last - 1, last - 2])])
        session.type("1410065407g")
        #expect(session.state.currentPage == last)
    }

    @Test func documentWithoutPagesStaysCalm() {
        var session = ReaderSession(pageCount: 0)
        #expect(session.startEffects.isEmpty)
        #expect(session.press(.right, .end, .home, .down, .up).isEmpty)
        session.type("5G")
        #expect(session.state.message == .noPages)
    }
}
