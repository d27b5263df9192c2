import FolioCore
import Testing

/// When the reading position is saved: the page the reader stays on, once; never a page only
/// flipped past, and nothing more while the page stays the same.
@Suite struct ReaderStatePositionTests {
    @Test func theStartPageAndEachPageReachedAreAskedToSettleOnce() {
        var session = ReaderSession(startPage: 4)
        #expect(session.state.positionEffects() == [.settlePosition(page: 4)])
        #expect(session.state.positionEffects().isEmpty)
        session.press(.right)
        #expect(session.state.positionEffects() == [.settlePosition(page: 5)])
        session.press(.character("g"))
        session.type("30")
        #expect(session.state.positionEffects().isEmpty)
        session.press(.enter)
        #expect(session.state.positionEffects() == [.settlePosition(page: 29)])
    }

    /// Asked after a turn of the loop, not after each key: three flips in one turn ask once.
    @Test func flipsInOneTurnAskForTheLastPageOnly() {
        var session = ReaderSession()
        _ = session.state.positionEffects()
        session.press(.right, .right, .right)
        #expect(session.state.positionEffects() == [.settlePosition(page: 3)])
    }

    @Test func onlyThePageTheReaderStaysOnIsSaved() {
        var session = ReaderSession()
        session.press(.right)
        _ = session.state.positionEffects()
        session.press(.right)
        _ = session.state.positionEffects()
        session.press(.right)
        _ = session.state.positionEffects()
        // The moments after pages 1 and 2 end while the reader is on page 3.
        #expect(session.state.handle(.positionSettled(page: 1)).isEmpty)
        #expect(session.state.handle(.positionSettled(page: 2)).isEmpty)
        #expect(session.state.handle(.positionSettled(page: 3)) == [.savePosition(page: 3)])
        // Saved once: a later moment on the same page saves nothing more.
        #expect(session.state.handle(.positionSettled(page: 3)).isEmpty)
    }

    @Test func returningToTheSavedPageSavesNothing() {
        var session = ReaderSession(startPage: 2)
        session.press(.right)
        #expect(session.state.handle(.positionSettled(page: 3)) == [.savePosition(page: 3)])
        session.press(.right, .left)
        #expect(session.state.handle(.positionSettled(page: 4)).isEmpty)
        #expect(session.state.handle(.positionSettled(page: 3)).isEmpty)
        session.press(.left)
        #expect(session.state.handle(.positionSettled(page: 2)) == [.savePosition(page: 2)])
    }

    @Test func savingNowSavesTheCurrentPageUnlessSaved() {
        var session = ReaderSession(startPage: 7)
        #expect(session.state.savePositionNow() == [.savePosition(page: 7)])
        #expect(session.state.savePositionNow().isEmpty)
        #expect(session.state.handle(.positionSettled(page: 7)).isEmpty)
        session.press(.right)
        #expect(session.state.savePositionNow() == [.savePosition(page: 8)])
    }
}
