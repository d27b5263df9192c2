import FolioCore
import Testing

/// Values from outside the core at their extremes: counts a user types, sizes a terminal
/// reports, cells a mouse report names, image sizes a renderer answers, preferences a program
/// sets. Each of these once reached arithmetic that overflowed and trapped; now each is
/// clamped where it enters or checked before it is added to.
@Suite struct ReaderStateOutsideValueTests {
    private func imageSession() -> (ReaderSession, RenderRequest) {
        var session = ReaderSession(pageCount: 10)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 10), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), imageAvailability: .available(label: "image"))
        _ = session.state.start()
        session.deliverNumbered(0, lineCount: 30)
        let effects = session.press(.tab)
        guard case .renderPages(let requests) = effects.last, let request = requests.first else {
            preconditionFailure("Tab asks for the page image")
        }
        return (session, request)
    }

    @Test func theLargestCountsMoveToTheEnds() {
        var session = ReaderSession(pageCount: 36)
        session.deliverNumbered(0, lineCount: 30)
        session.type("99999999999999999999")
        #expect(session.state.pendingCount == 999_999_999_999, "digits past the largest count are ignored")
        session.press(.character("j"))
        #expect(session.state.topLine == 21, "the last screenful of the page")
        session.type("99999999999999999999")
        session.press(.character(" "))
        #expect(session.state.currentPage == 1, "a page at its end goes on to the next")
        session.type("99999999999999999999G")
        #expect(session.state.message == .noSuchPage(number: 999_999_999_999, pageCount: 36))
        session.type("9999999999l")
        #expect(session.state.currentPage == 35)
        session.type("9999999999h")
        #expect(session.state.currentPage == 0)
    }

    @Test func aScrollOverlapBeyondItsRangeIsClamped() {
        for overlap in [Int.min, -1, Int.max] {
            var preferences = ReaderPreferences()
            preferences.scrollOverlap = overlap
            var state = ReaderState(
                document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 3), startPage: 0,
                screen: ScreenSize(rows: 30, columns: 40), preferences: preferences)
            _ = state.start()
            _ = state.handle(.pageLoaded(page: 0, text: PageTextFixture.numberedPage(0, lineCount: 100)))
            _ = state.handle(.key(.character(" ")))
            // 29 text rows: no overlap kept (0) or the most (20).
            #expect(state.topLine == (overlap > 0 ? 9 : 29), "overlap \(overlap)")
        }
    }

    @Test func screenSizesAreClampedToWhatATerminalCanReport() {
        #expect(ScreenSize(rows: -5, columns: Int.min) == ScreenSize(rows: 0, columns: 0))
        #expect(ScreenSize(rows: Int.max, columns: 70_000) == ScreenSize(rows: 65_535, columns: 65_535))
        var session = ReaderSession()
        session.deliverNumbered(0, lineCount: 30)
        session.press(.character("j"))
        for (rows, columns) in [(Int.max, Int.max), (0, 0), (1, 1), (Int.min, 5), (65_535, 65_535), (10, 40)] {
            session.resize(rows: rows, columns: columns)
            let frame = ReaderView.render(session.state)
            #expect(frame.rows.count == session.state.screen.rows)
        }
        #expect(session.screenLines[0].hasPrefix(" P0L"))
    }

    @Test func aMouseReportAtAnyCellIsIgnoredOrUsed() {
        let extremes = [Int.min, -1, Int.max]
        var session = ReaderSession()
        session.deliverNumbered(0, lineCount: 30)
        session.press(.character("j"))
        // In the text view, on a page scrolled down.
        for row in extremes {
            for column in extremes {
                _ = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: row, column: column)))
            }
        }
        #expect(session.state.currentPage == 0)
        // In the outline, scrolled down its entries.
        session.press(.character("o"))
        let entries = (0..<30).map { (page: Int) in OutlineItem(title: "Entry \(page)", level: 0, page: page) }
        _ = session.state.handle(.outlineLoaded(entries))
        session.press(.end)
        for row in extremes {
            _ = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 2), row: row, column: 1)))
        }
        #expect(session.state.overlay != nil, "no click opened an entry")
        _ = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 2), row: 1, column: 1)))
        #expect(session.state.overlay == nil, "a click on the top entry shown opens it")
        #expect(session.state.currentPage == 22, "the entries shown from the 23rd, the last at the bottom")
    }

    @Test func aMouseReportAtAnyCellOfThePageImageIsIgnored() {
        var (session, request) = imageSession()
        _ = session.state.handle(.pageRendered(request, rows: 49, columns: 38))
        for row in [Int.min, Int.max] {
            for column in [Int.min, Int.max] {
                let effects = session.state.handle(
                    .mouse(MouseEvent(action: .click(clicks: 1), row: row, column: column)))
                #expect(effects.isEmpty, "row \(row), column \(column) is off the image")
            }
        }
    }

    @Test func anAbsurdImageSizeIsClamped() {
        var (session, request) = imageSession()
        _ = session.state.handle(.pageRendered(request, rows: Int.min, columns: Int.min))
        #expect(ReaderView.render(session.state).image == nil, "nothing to place")
        (session, request) = imageSession()
        _ = session.state.handle(.pageRendered(request, rows: Int.max, columns: Int.max))
        session.type("999999999999j")
        let placement = ReaderView.render(session.state).image
        #expect(placement?.rows == 9)
        #expect(placement?.sourceRow == (1 << 24) - 9, "the last screenful of the largest image")
        // Back to text: the same share of the page, in full-width arithmetic.
        session.press(.tab)
        #expect(session.state.topLine == 21)
    }

    @Test func anAbsurdImageSizeScalesWithoutOverflow() {
        var session = ReaderSession(pageCount: 10)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 10), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), imageAvailability: .available(label: "image"),
            scalesImages: true)
        _ = session.state.start()
        session.deliverNumbered(0, lineCount: 30)
        guard case .renderPages(let requests) = session.press(.tab).last, let request = requests.first else {
            Issue.record("Tab asks for the page image")
            return
        }
        _ = session.state.handle(.pageRendered(request, rows: Int.max, columns: Int.max))
        for _ in 0..<12 {
            session.press(.character("+"))
        }
        #expect(session.state.message == .zoomLimit(largest: true))
        let placement = ReaderView.render(session.state).image
        #expect(placement?.rows == 9, "the first image, scaled, fills the screen")
        #expect(placement?.columns == 38)
    }

    @Test func anOutlineEntryOrLinkPastTheEndIsRefused() {
        for target in [36, Int.max] {
            var session = ReaderSession(pageCount: 36)
            session.press(.character("o"))
            _ = session.state.handle(.outlineLoaded([OutlineItem(title: "Beyond", level: 0, page: target)]))
            session.press(.enter)
            #expect(session.state.currentPage == 0)
            #expect(session.state.message == .notInDocument(pageCount: 36))
            #expect(ReaderView.render(session.state).lines[9].contains("1/36"))
            session.press(.character("f"))
            let box = TextRect(x0: 72, y0: 72, x1: 144, y1: 84)
            _ = session.state.handle(.linksLoaded(page: 0, links: [LinkItem(box: box, page: target, uri: nil)]))
            session.press(.enter)
            #expect(session.state.currentPage == 0)
            #expect(session.state.message == .notInDocument(pageCount: 36))
            #expect(ReaderView.render(session.state).lines[9].contains("1/36"))
        }
    }
}
