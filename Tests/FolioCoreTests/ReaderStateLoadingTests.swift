import FolioCore
import Testing

@Suite struct ReaderStateLoadingTests {
    @Test func movingAwayCancelsLoadsNoLongerNeeded() {
        var session = ReaderSession()
        let effects = session.press(.end)
        #expect(effects == [.cancelLoads(keeping: [33, 34, 35]), .loadPages([35, 34, 33])])
    }

    @Test func nothingIsCancelledWhenNothingIsOutstanding() {
        var session = ReaderSession()
        for page in 0...2 {
            session.deliverNumbered(page, lineCount: 3)
        }
        #expect(session.press(.end) == [.loadPages([35, 34, 33])])
    }

    @Test func outstandingPagesAreNotRequestedTwice() {
        var session = ReaderSession()
        #expect(session.press(.right) == [.loadPages([3])])
        #expect(session.press(.right) == [.loadPages([4])])
    }

    @Test func outstandingPagesLeavingTheWindowAreCancelled() {
        var session = ReaderSession()
        session.press(.right)
        #expect(session.press(.left) == [.cancelLoads(keeping: [0, 1, 2])])
        #expect(session.press(.right) == [.loadPages([3])])
    }

    @Test func pagesLeavingTheWindowAreForgotten() {
        var session = ReaderSession()
        for page in 0...2 {
            session.deliverNumbered(page, lineCount: 3)
        }
        session.press(.right)
        session.deliverNumbered(3, lineCount: 3)
        // Back on page 0, page 3 is three pages away: out of the window and dropped.
        #expect(session.press(.left).isEmpty)
        #expect(session.press(.right) == [.loadPages([3])])
    }

    @Test func lateResultsForFarPagesAreNotKept() {
        var session = ReaderSession()
        session.press(.end)
        session.deliverNumbered(0, lineCount: 3)
        let effects = session.press(.home)
        #expect(effects == [.cancelLoads(keeping: [0, 1, 2]), .loadPages([0, 1, 2])])
    }

    @Test func failedPagesAreNotRetriedWhileNearby() {
        var session = ReaderSession()
        _ = session.state.handle(.pageFailed(page: 1, reason: .damaged(message: "broken")))
        session.deliverNumbered(0, lineCount: 3)
        session.deliverNumbered(2, lineCount: 3)
        #expect(session.press(.right) == [.loadPages([3])])
        session.deliverNumbered(3, lineCount: 3)
        #expect(session.press(.left).isEmpty)
        // Page 3 left the window and is asked for again; the failed page 1 never left it.
        #expect(session.press(.right) == [.loadPages([3])])
    }

    @Test func currentPageTextIsReportedOnlyOnceItArrives() {
        var session = ReaderSession()
        #expect(!session.state.hasCurrentPageText)
        session.deliverNumbered(1, lineCount: 3)
        #expect(!session.state.hasCurrentPageText)
        session.deliverNumbered(0, lineCount: 3)
        #expect(session.state.hasCurrentPageText)
        session.press(.right)
        #expect(session.state.hasCurrentPageText)
        session.press(.right)
        #expect(!session.state.hasCurrentPageText)
        _ = session.state.handle(.pageFailed(page: 2, reason: .damaged(message: "broken")))
        #expect(!session.state.hasCurrentPageText)
    }

    @Test func aPageThatLoadsAfterFailingReplacesTheFailure() {
        var session = ReaderSession()
        _ = session.state.handle(.pageFailed(page: 0, reason: .damaged(message: "broken")))
        #expect(session.screenLines[0].hasPrefix(" Page 1 could not be read: broken"))
        session.deliver(PageTextFixture.page([["Recovered"]]), for: 0)
        #expect(session.screenLines[0].hasPrefix(" Recovered "))
    }
}
