import Testing

@testable import FolioCore

/// Trimmed margins (`c`, `set crop`): the setting each request carries, the notice and status
/// line, the facing pages even-odd pairs, and clicks and landings on a cropped image, which
/// shows its crop box instead of the whole page.
@Suite struct ReaderStateCropTests {
    private func session(preferences: ReaderPreferences = ReaderPreferences()) -> ReaderSession {
        ReaderSession.imageView(preferences: preferences)
    }

    private func requests(_ effects: [ReaderEffect]) -> [RenderRequest] {
        effects.renderRequests
    }

    @Test func cCyclesOffAutoEvenOddAndAsksForImagesSoCropped() {
        var session = session()
        let whole = requests(session.press(.tab))
        #expect(whole.map(\.crop) == [.off, .off])
        _ = session.state.handle(.pageRendered(whole[0], rows: 20, columns: 38))
        #expect(!session.screenLines[9].contains("crop"))

        let auto = requests(session.type("c"))
        #expect(auto.map(\.page) == [0, 1])
        #expect(auto.allSatisfy { $0.crop == .auto })
        #expect(session.state.message == .crop(.auto))
        #expect(session.screenLines[9].contains("Crop: auto"))
        // The whole page stands in until the cropped one arrives (never the text meanwhile),
        // then is let go.
        #expect(ReaderView.render(session.state).image?.request == whole[0])
        #expect(!session.screenLines[9].contains("Rendering"))
        _ = session.state.handle(
            .pageRendered(auto[0], rows: 30, columns: 38, cropBox: TextRect(x0: 50, y0: 60, x1: 500, y1: 700)))
        #expect(ReaderView.render(session.state).image?.request == auto[0])
        #expect(session.state.readyImages == [auto[0]])
        session.press(.escape)
        #expect(session.screenLines[9].contains("image crop"))

        let evenOdd = requests(session.type("c"))
        #expect(evenOdd.allSatisfy { $0.crop == .evenOdd })
        #expect(session.state.message == .crop(.evenOdd))
        let off = requests(session.type("c"))
        #expect(off.allSatisfy { $0.crop == .off })
        #expect(session.state.imageCrop == .off)
        // The whole page's image was let go for the cropped one: asked for again.
        #expect(off.map(\.page) == [0, 1])
    }

    @Test func cInTheTextViewChangesTheSettingForTheImagesToCome() {
        var session = session()
        #expect(requests(session.type("c")).isEmpty)
        #expect(session.state.imageCrop == .auto)
        #expect(requests(session.press(.tab)).allSatisfy { $0.crop == .auto })
    }

    @Test func theConfiguredCropIsTheFirst() {
        var preferences = ReaderPreferences()
        preferences.crop = .evenOdd
        var state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 3), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), preferences: preferences,
            imageAvailability: .available(label: "image"), scalesImages: false)
        _ = state.start()
        #expect(state.imageCrop == .evenOdd)
        #expect(state.renderRequest(for: 1).crop == .evenOdd)
    }

    /// Facing pages as in a book with a cover: 1 alone, then 2–3, 4–5 (counted from 1); a last
    /// even page (counted from 1) has none beside it.
    @Test func evenOddPairsPagesAfterTheCover() {
        #expect(PageCrop.facingPage(of: 0, pageCount: 6) == nil)
        #expect(PageCrop.facingPage(of: 1, pageCount: 6) == 2)
        #expect(PageCrop.facingPage(of: 2, pageCount: 6) == 1)
        #expect(PageCrop.facingPage(of: 3, pageCount: 6) == 4)
        #expect(PageCrop.facingPage(of: 4, pageCount: 6) == 3)
        #expect(PageCrop.facingPage(of: 5, pageCount: 6) == nil)
        #expect(PageCrop.facingPage(of: 6, pageCount: 6) == nil)
        #expect(PageCrop.facingPage(of: -1, pageCount: 6) == nil)
    }

    /// The margin is 2% of the page's width, at least 6 points; the box stays on the page; a
    /// content box that is not one gives the whole page.
    @Test func theCropBoxIsTheContentWithAMarginOnThePage() {
        #expect(PageCrop.margin(forPageWidth: 600) == 12)
        #expect(PageCrop.margin(forPageWidth: 100) == 6)
        let box = PageCrop.box(
            around: TextRect(x0: 150, y0: 200, x1: 450, y1: 600), pageWidth: 600, pageHeight: 800)
        #expect(box == TextRect(x0: 138, y0: 188, x1: 462, y1: 612))
        let atEdges = PageCrop.box(around: TextRect(x0: 5, y0: 0, x1: 598, y1: 795), pageWidth: 600, pageHeight: 800)
        #expect(atEdges == TextRect(x0: 0, y0: 0, x1: 600, y1: 800))
        let whole = TextRect(x0: 0, y0: 0, x1: 600, y1: 800)
        #expect(PageCrop.box(around: TextRect(x0: .nan, y0: 0, x1: 1, y1: 1), pageWidth: 600, pageHeight: 800) == whole)
        #expect(
            PageCrop.box(around: TextRect(x0: 700, y0: 900, x1: 800, y1: 950), pageWidth: 600, pageHeight: 800)
                == whole)
    }

    /// On an image of the box x 100–300, y 200–400 of a 612 × 792 page, 38 columns by 20 rows,
    /// the first cell covers x 100–105.3 and y 200–210: a click there follows a link in that
    /// corner of the box, not one in the page's own corner, and a Ctrl-click asks for the source
    /// there.
    @Test func clicksOnACroppedImageAreOnThePointOfTheBoxUnderThem() throws {
        var session = session()
        session.press(.tab)
        let cropped = requests(session.type("c"))
        let box = TextRect(x0: 100, y0: 200, x1: 300, y1: 400)
        _ = session.state.handle(.pageRendered(cropped[0], rows: 20, columns: 38, cropBox: box))

        let control = MouseEvent(action: .click(clicks: 1), row: 0, column: 1, withControl: true)
        let source = try #require(
            session.state.handle(.mouse(control)).compactMap { effect -> (Double, Double)? in
                if case .findSource(_, let x, let y) = effect { return (x, y) }
                return nil
            }.first)
        #expect(source.0 > 100 && source.0 < 100 + 200.0 / 38)
        #expect(source.1 > 200 && source.1 < 210)
        let last = MouseEvent(action: .click(clicks: 1), row: 8, column: 38, withControl: true)
        let far = try #require(
            session.state.handle(.mouse(last)).compactMap { effect -> (Double, Double)? in
                if case .findSource(_, let x, let y) = effect { return (x, y) }
                return nil
            }.first)
        #expect(far.0 > 300 - 200.0 / 38 && far.0 < 300)
        #expect(far.1 > 280 && far.1 < 290)

        let pageCorner = LinkItem(box: TextRect(x0: 0, y0: 0, x1: 10, y1: 10), page: 7, uri: nil)
        let boxCorner = LinkItem(box: TextRect(x0: 100, y0: 200, x1: 110, y1: 210), page: 5, uri: nil)
        let click = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 1)))
        #expect(click.contains(.loadLinks(page: 0)))
        _ = session.state.handle(.linksLoaded(page: 0, links: [pageCorner, boxCorner]))
        #expect(session.state.currentPage == 5)
    }

    /// A point's image row counts from the crop box's top: y 300 is halfway down the box
    /// 200–400, row 10 of 20; points above or below the box are on its first or last row.
    @Test func aPointsRowOnACroppedImageCountsFromTheBox() {
        let text = PageTextFixture.page([["Chapter 1"]])
        let box = TextRect(x0: 100, y0: 200, x1: 300, y1: 400)
        #expect(ReaderState.imageRow(atPoint: 300, of: text, rows: 20, cropBox: box) == 10)
        #expect(ReaderState.imageRow(atPoint: 100, of: text, rows: 20, cropBox: box) == 0)
        #expect(ReaderState.imageRow(atPoint: 500, of: text, rows: 20, cropBox: box) == 20)
        #expect(ReaderState.imageRow(atPoint: 396, of: text, rows: 20) == 10)
    }
}
