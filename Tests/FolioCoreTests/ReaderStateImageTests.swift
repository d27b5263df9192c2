import FolioCore
import Testing

/// The image view as a key script: switching, rendering requests, scrolling in cell rows,
/// continuing onto the next page, fit and zoom, and the fallback text while rendering.
@Suite struct ReaderStateImageTests {
    private func session(available: Bool = true, scalesImages: Bool = false) -> ReaderSession {
        var session = ReaderSession(pageCount: 10)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 10), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40),
            imageAvailability: available ? .available(label: "image") : .unavailable(reason: "tmux cannot"),
            scalesImages: scalesImages)
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

    @Test func tabAsksForTheCurrentPageThenItsNeighbours() {
        var session = session()
        let wanted = requests(session.press(.tab))
        #expect(wanted.map(\.page) == [0, 1])
        #expect(wanted[0].viewport == ScreenSize(rows: 9, columns: 38))
        #expect(wanted[0].fit == .width)
        #expect(session.state.viewMode == .image)
        // Until the image arrives, the page's text stands in and the status line says why.
        #expect(session.screenLines[0].hasPrefix(" Chapter 1"))
        #expect(session.screenLines[9].contains("Rendering page 1…"))
        #expect(session.screenLines[9].contains("image"))

        _ = session.state.handle(.pageRendered(wanted[0], rows: 50, columns: 38))
        let frame = ReaderView.render(session.state)
        let placement = frame.image
        #expect(placement?.request == wanted[0])
        #expect(placement?.sourceRow == 0)
        #expect(placement?.rows == 9)
        #expect(placement?.columns == 38)
        #expect(placement?.screenRow == 0)
        #expect(placement?.screenColumn == 1)
        #expect(frame.lines[0].allSatisfy { $0 == " " })
    }

    @Test func aSearchAsksForImagesWithTheMatchesMarked() {
        var session = session()
        let plain = requests(session.press(.tab))
        #expect(plain.allSatisfy { $0.highlight == nil })
        _ = session.state.handle(.pageRendered(plain[0], rows: 20, columns: 38))
        session.press(.character("/"))
        let marked = requests(session.type("chapter") + session.press(.enter))
        #expect(marked.map(\.page) == [0, 1])
        #expect(marked.allSatisfy { $0.highlight == SearchPattern("chapter") })
        // The unmarked image stays on screen until the marked one arrives (the page does not
        // fall back to its text meanwhile); then the marked one is drawn.
        #expect(ReaderView.render(session.state).image?.request == plain[0])
        #expect(!session.screenLines[9].contains("Rendering"))
        _ = session.state.handle(.pageRendered(marked[0], rows: 20, columns: 38))
        #expect(ReaderView.render(session.state).image?.request == marked[0])
        // Page 2's marked image is still on its way; back on page 1, its marked image shows.
        session.press(.right)
        #expect(ReaderView.render(session.state).image == nil)
        session.press(.left)
        #expect(ReaderView.render(session.state).image?.request == marked[0])
    }

    @Test func pageWithoutTextSaysTabShowsIt() {
        var shows = session()
        shows.deliver(PageTextFixture.page([["   "]]), for: 1)
        shows.press(.right)
        let lines = ReaderView.render(shows.state).lines
        #expect(lines[0].hasPrefix(" No text on this page: Tab shows it as"))
        #expect(lines[1].hasPrefix(" an image "))
        var cannot = session(available: false)
        cannot.deliver(PageTextFixture.page([["   "]]), for: 1)
        cannot.press(.right)
        #expect(ReaderView.render(cannot.state).lines[0].hasPrefix(" No text on this page "))
    }

    @Test func scrollingMovesThroughTheImageAndOntoTheNextPage() {
        var session = session()
        let wanted = requests(session.press(.tab))
        _ = session.state.handle(.pageRendered(wanted[0], rows: 20, columns: 38))
        session.press(.down)
        #expect(ReaderView.render(session.state).image?.sourceRow == 1)
        session.press(.character(" "))
        #expect(session.state.topLine == 8)
        session.press(.character(" "))
        #expect(session.state.topLine == 15)  // two rows of the last screen again, then the image's end
        let next = session.press(.character(" "))
        #expect(session.state.currentPage == 1)
        #expect(requests(next).map(\.page).contains(2))
    }

    /// Zoomed past the text area's width, `>` and `<` move along the image half a screen at a
    /// time, no further than its right edge, as they do in the page layout.
    @Test func sidewaysKeysScrollAZoomedImage() throws {
        var session = session()
        session.press(.tab)
        let zoomed = requests(session.type("++++"))
        let wide = try #require(zoomed.last { $0.page == 0 })
        #expect(wide.zoom > 2.4)
        // 38 columns at fit width, zoomed 2.44: 93 columns, 55 past the text area's 38.
        _ = session.state.handle(.pageRendered(wide, rows: 120, columns: 93))
        #expect(ReaderView.render(session.state).image?.sourceColumn == 0)
        session.type(">")
        #expect(session.state.message != .sidewaysNeedsLayout)
        var placement = ReaderView.render(session.state).image
        #expect(placement?.sourceColumn == 19 && placement?.columns == 38)
        session.type(">>")
        placement = ReaderView.render(session.state).image
        #expect(placement?.sourceColumn == 55 && placement?.columns == 38)
        session.type("<")
        #expect(ReaderView.render(session.state).image?.sourceColumn == 36)
        session.type("3<")
        #expect(ReaderView.render(session.state).image?.sourceColumn == 0)
        // An image as wide as the text area does not move.
        session.type(">")
        var fitted: RenderRequest?
        for _ in 0..<4 {
            fitted = requests(session.type("-")).first { $0.page == 0 } ?? fitted
        }
        #expect(fitted?.zoom == 1)
        _ = session.state.handle(.pageRendered(try #require(fitted), rows: 50, columns: 38))
        #expect(ReaderView.render(session.state).image?.sourceColumn == 0)
        session.type(">")
        #expect(ReaderView.render(session.state).image?.sourceColumn == 0)
    }

    /// `z` goes from fit width to fit page to fit height and back to width; each asks for images
    /// at the new fit and at 100%, and says which fit it is.
    @Test func zCyclesWidthPageHeightAndBack() {
        var session = session()
        #expect(requests(session.press(.tab)).first?.fit == .width)
        session.type("+")
        for fit in [ImageFit.page, .height, .width] {
            let asked = requests(session.type("z"))
            #expect(asked.map(\.page) == [0, 1])
            #expect(asked.allSatisfy { $0.fit == fit && $0.zoom == 1 })
            #expect(session.state.message == .fit(fit))
        }
        session.type("zz")
        #expect(session.screenLines[9].contains("Fit height"))
    }

    /// At fit height the image is the text area's 9 rows, so a landscape page 60 columns wide
    /// scrolls sideways (22 past the text area's 38) and not down: a line down is the next page.
    @Test func fitHeightFillsTheRowsAndAWidePageScrollsSideways() throws {
        var session = session()
        session.press(.tab)
        let asked = requests(session.type("zz"))
        // The first `z` asked for fit page; the last request for page 1 is at fit height.
        let current = try #require(asked.last { $0.page == 0 })
        #expect(current.fit == .height && current.viewport.rows == 9)
        _ = session.state.handle(.pageRendered(current, rows: 9, columns: 60))
        var placement = ReaderView.render(session.state).image
        #expect(placement?.rows == 9 && placement?.columns == 38 && placement?.sourceColumn == 0)
        session.type(">>")
        placement = ReaderView.render(session.state).image
        #expect(placement?.sourceColumn == 22 && placement?.columns == 38)
        #expect(placement?.sourceRow == 0)
        session.press(.down)
        #expect(session.state.currentPage == 1 && session.state.topLine == 0)
    }

    /// A flip keeps the fit and the zoom: the next pages are asked for at both, and the zoom
    /// notice is not needed again.
    @Test func aFlipKeepsTheFitAndTheZoom() throws {
        var session = session()
        session.press(.tab)
        session.type("zz")
        let zoomed = requests(session.type("++"))
        let zoom = try #require(zoomed.last?.zoom)
        #expect(zoom == 1.5625)
        let flipped = requests(session.press(.right) + session.press(.right))
        #expect(session.state.currentPage == 2)
        #expect(flipped.map(\.page).contains(3))
        #expect(flipped.allSatisfy { $0.fit == .height && $0.zoom == zoom })
        let back = requests(session.press(.left) + session.press(.left))
        #expect(session.state.currentPage == 0)
        #expect(back.allSatisfy { $0.fit == .height && $0.zoom == zoom })
    }

    @Test func fitZoomAndInvertAskForNewImages() {
        var session = session()
        session.press(.tab)
        let fit = requests(session.type("z"))
        #expect(fit.first?.fit == .page)
        #expect(session.state.message == .fit(.page))
        let zoomed = requests(session.type("+"))
        #expect(zoomed.first?.zoom == 1.25)
        let inverted = requests(session.type("i"))
        #expect(inverted.first?.inverted == true)
        #expect(session.screenLines[9].contains("image inv"))
    }

    /// Where the terminal scales images (kitty), a zoom shows the image already there, scaled,
    /// at once, until the page rendered at the new zoom arrives — zooming out too: scaled down
    /// by the terminal (nearest neighbour in kitty 0.26.5) the text loses pixel rows.
    @Test func zoomShowsTheImageThereScaledWhereTheTerminalScalesImages() {
        var session = session(scalesImages: true)
        let first = requests(session.press(.tab))
        _ = session.state.handle(.pageRendered(first[0], rows: 50, columns: 38))
        session.press(.down, .down, .down, .down)
        #expect(session.state.topLine == 4)
        let zoomed = requests(session.type("+"))
        #expect(zoomed.first?.zoom == 1.25)
        let standIn = ReaderView.render(session.state).image
        #expect(standIn?.request == first[0])
        #expect(standIn?.scale == 1.25)
        // The share of the page above the screen is kept: 4 of 50 rows, now 5 of 63.
        #expect(session.state.topLine == 5 && standIn?.sourceRow == 5)
        #expect(!session.screenLines[9].contains("Rendering"))
        _ = session.state.handle(.pageRendered(zoomed[0], rows: 63, columns: 48))
        let sharp = ReaderView.render(session.state).image
        #expect(sharp?.request == zoomed[0] && sharp?.scale == 1)

        // Back out: the 1.25 image shown at 0.8 of its size while page 1 is rendered again.
        let zoomedOut = requests(session.type("-"))
        #expect(zoomedOut.first { $0.page == 0 }?.zoom == 1)
        #expect(ReaderView.render(session.state).image?.request == zoomed[0])
        #expect(ReaderView.render(session.state).image?.scale == 0.8)
        _ = session.state.handle(.pageRendered(zoomedOut[0], rows: 50, columns: 38))
        #expect(ReaderView.render(session.state).image?.request == zoomedOut[0])
        #expect(ReaderView.render(session.state).image?.scale == 1)
    }

    @Test func renderFailureIsShownForThatPage() {
        var session = session()
        let wanted = requests(session.press(.tab))
        _ = session.state.handle(
            .renderFailed(wanted[0], reason: .other(message: "a 99999×99999 pixel image exceeds the limit")))
        #expect(session.screenLines[0].hasPrefix(" Page 1 could not be drawn: a"))
    }

    @Test func withoutImageSupportTabExplains() {
        var session = session(available: false)
        #expect(session.press(.tab).isEmpty)
        #expect(session.state.viewMode == .text)
        #expect(session.state.message == .noImageView(reason: "tmux cannot"))
    }

    @Test func switchingBackKeepsTheRelativePosition() {
        var session = ReaderSession(pageCount: 3)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 3), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), imageAvailability: .available(label: "image"))
        _ = session.state.start()
        session.deliverNumbered(0, lineCount: 40)
        session.press(.down, .down, .down, .down, .down, .down, .down, .down, .down, .down)
        #expect(session.state.topLine == 10)
        let wanted = requests(session.press(.tab))
        _ = session.state.handle(.pageRendered(wanted[0], rows: 80, columns: 38))
        session.press(.tab)
        #expect(session.state.viewMode == .text)
        #expect(session.state.topLine == 10)
    }
}
