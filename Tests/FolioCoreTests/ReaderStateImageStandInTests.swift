import Testing

@testable import FolioCore

/// While the current page is rendered again for a new fit, zoom or screen size on a terminal
/// that does not scale images (sixel, iTerm2, half blocks), the page's last image stands in,
/// drawn as it is, from the same top-left cell: the screen goes from one complete image to the
/// next and never shows the page's text in between.
@Suite struct ReaderStateImageStandInTests {
    private func session(screen: ScreenSize = ScreenSize(rows: 10, columns: 40)) -> ReaderSession {
        var session = ReaderSession(pageCount: 10)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 10), startPage: 0,
            screen: screen, imageAvailability: .available(label: "image"),
            scalesImages: false)
        _ = session.state.start()
        session.deliver(PageTextFixture.page([["Chapter 1"]]), for: 0)
        return session
    }

    private func requests(_ effects: [ReaderEffect]) -> [RenderRequest] {
        effects.flatMap { effect -> [RenderRequest] in
            if case .renderPages(let requests) = effect { return requests }
            return []
        }
    }

    /// The image view on page 1 of a 10 × 40 screen (or `screen`), its fit-width image (50 rows
    /// of the text area's width) here, scrolled 4 rows down.
    private func imageViewScrolled(screen: ScreenSize = ScreenSize(rows: 10, columns: 40)) -> (
        session: ReaderSession, first: RenderRequest
    ) {
        var session = session(screen: screen)
        let first = requests(session.press(.tab))[0]
        _ = session.state.handle(.pageRendered(first, rows: 50, columns: screen.columns - 2))
        session.press(.down, .down, .down, .down)
        return (session, first)
    }

    /// Whether no row of the text area holds anything but spaces (no page text, no note).
    private func textAreaIsBlank(_ frame: Frame, rows: Int) -> Bool {
        frame.lines.prefix(rows).allSatisfy { $0.allSatisfy { $0 == " " } }
    }

    /// A key, the size of the image it asks for, and the top row that keeps 4 of the old image's
    /// 50 rows above the screen (the share rounded down).
    @Test(arguments: [("+", 63, 48, 5), ("-", 40, 31, 3), ("z", 9, 7, 0), ("i", 50, 38, 4)])
    func theOldImageStandsInUntilTheNewOneArrives(key: String, rows: Int, columns: Int, topLine: Int) throws {
        var (session, first) = imageViewScrolled()
        let wanted = try #require(requests(session.type(key)).first { $0.page == 0 })
        #expect(wanted != first)
        let standIn = ReaderView.render(session.state)
        // The old image, unscaled, from the same row: the same share of the page above the screen.
        #expect(standIn.image?.request == first)
        #expect(standIn.image?.scale == 1)
        #expect(standIn.image?.sourceRow == 4)
        #expect(standIn.image?.rows == 9)
        #expect(standIn.image?.columns == 38)
        #expect(textAreaIsBlank(standIn, rows: 9))
        #expect(!standIn.lines[9].contains("Rendering"))

        _ = session.state.handle(.pageRendered(wanted, rows: rows, columns: columns))
        let arrived = ReaderView.render(session.state)
        #expect(arrived.image?.request == wanted)
        #expect(session.state.topLine == topLine)
        #expect(arrived.image?.sourceRow == topLine)
        // The stand-in is no longer counted as ready, so its bytes may go.
        #expect(session.state.readyImages.filter { $0.page == 0 } == [wanted])
    }

    @Test func aResizeKeepsTheOldImageClippedToTheSmallerTextArea() throws {
        var (session, first) = imageViewScrolled(screen: ScreenSize(rows: 20, columns: 60))
        let wanted = try #require(
            requests(session.state.handle(.resize(ScreenSize(rows: 10, columns: 40)))).first { $0.page == 0 })
        #expect(wanted.viewport == ScreenSize(rows: 9, columns: 38))
        // The old image, 58 columns wide, from its first column, cut at the text area's edge.
        let standIn = ReaderView.render(session.state)
        #expect(standIn.image?.request == first)
        #expect(standIn.image?.sourceRow == 4)
        #expect(standIn.image?.sourceColumn == 0)
        #expect(standIn.image?.rows == 9)
        #expect(standIn.image?.columns == 38)
        #expect(standIn.image?.screenColumn == 1)
        #expect(textAreaIsBlank(standIn, rows: 9))

        _ = session.state.handle(.pageRendered(wanted, rows: 33, columns: 38))
        #expect(ReaderView.render(session.state).image?.request == wanted)
        // 4 of 50 rows above the screen become 2 of 33 (2.64, rounded down).
        #expect(session.state.topLine == 2)
    }

    @Test func aResizeToALargerScreenCentresTheNarrowerOldImage() throws {
        var (session, first) = imageViewScrolled()
        _ = session.state.handle(.resize(ScreenSize(rows: 12, columns: 60)))
        let standIn = try #require(ReaderView.render(session.state).image)
        #expect(standIn.request == first)
        #expect(standIn.columns == 38)
        // 58 columns of text area, 38 of image: 10 on either side.
        #expect(standIn.screenColumn == 1 + 10)
        #expect(textAreaIsBlank(ReaderView.render(session.state), rows: 11))
    }

    @Test func aFirstVisitShowsTheTextWhileTheImageIsRendered() {
        var session = session()
        session.press(.tab)
        let frame = ReaderView.render(session.state)
        #expect(frame.image == nil)
        #expect(frame.lines[0].hasPrefix(" Chapter 1"))
        #expect(frame.lines[9].contains("Rendering page 1…"))
    }

    @Test func aFailedRenderIsSaidRatherThanTheStandInKeptOn() throws {
        var (session, _) = imageViewScrolled()
        let wanted = try #require(requests(session.type("+")).first { $0.page == 0 })
        _ = session.state.handle(.renderFailed(wanted, reason: .other(message: "out of memory")))
        let frame = ReaderView.render(session.state)
        #expect(frame.image == nil)
        #expect(frame.lines[0].hasPrefix(" Page 1 could not be drawn: out of"))
        #expect(frame.lines[1].hasPrefix(" memory"))
    }

    @Test func aClickOnTheStandInMapsThroughItsOwnGeometry() throws {
        var (session, _) = imageViewScrolled()
        session.type("+")
        // The page is 612 × 792 points (the fixture's); the stand-in is 50 × 38 cells from row 4,
        // and the top-left cell of the text area shows its cell (4, 0).
        let point = try #require(session.state.pagePoint(atRow: 0, column: 1))
        #expect(abs(point.x - 0.5 / 38 * 612) < 1e-9)
        #expect(abs(point.y - 4.5 / 50 * 792) < 1e-9)
    }

    @Test func aZoomWhileTheNewImageIsOnItsWayKeepsTheSameStandIn() throws {
        var (session, first) = imageViewScrolled()
        session.type("+")
        let wanted = try #require(requests(session.type("+")).first { $0.page == 0 })
        #expect(ReaderView.render(session.state).image?.request == first)
        _ = session.state.handle(.pageRendered(wanted, rows: 78, columns: 38))
        #expect(ReaderView.render(session.state).image?.request == wanted)
    }
}
