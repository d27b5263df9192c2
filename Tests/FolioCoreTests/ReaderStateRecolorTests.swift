import FolioCore
import Testing

/// Dark mode that keeps colour (`C`) as a key script: page images are asked for in its colours,
/// the frame's text takes them in both views, the status line says `dark`, and it and inverted
/// images (`i`) end each other; the old image stands in while the new one is made.
@Suite struct ReaderStateRecolorTests {
    private func session(preferences: ReaderPreferences = ReaderPreferences()) -> ReaderSession {
        ReaderSession.imageView(preferences: preferences)
    }

    private func requests(_ effects: [ReaderEffect]) -> [RenderRequest] {
        effects.renderRequests
    }

    @Test func cInTheImageViewAsksForDarkPagesAndSaysSo() {
        var session = session()
        let plain = requests(session.press(.tab))
        #expect(plain.allSatisfy { $0.recolor == nil })
        _ = session.state.handle(.pageRendered(plain[0], rows: 50, columns: 38))
        let dark = requests(session.type("C"))
        #expect(dark.map(\.page) == [0, 1])
        #expect(dark.allSatisfy { $0.recolor == PageRecolor() && !$0.inverted })
        #expect(session.state.message == .recolored(true))
        #expect(session.screenLines[9].contains("image dark"))
        // Until the dark image arrives the plain one stands in: no frame without the page.
        #expect(ReaderView.render(session.state).image?.request == plain[0])
        _ = session.state.handle(.pageRendered(dark[0], rows: 50, columns: 38))
        #expect(ReaderView.render(session.state).image?.request == dark[0])
        // And back: the dark image stands in until the plain one is made again.
        let again = requests(session.type("C"))
        #expect(again.first == plain[0])
        #expect(ReaderView.render(session.state).image?.request == dark[0])
        #expect(session.state.message == .recolored(false))
        _ = session.state.handle(.pageRendered(again[0], rows: 50, columns: 38))
        #expect(ReaderView.render(session.state).image?.request == plain[0])
    }

    @Test func theTextTakesTheDarkColoursInBothViews() {
        var session = session()
        #expect(ReaderView.render(session.state).colours == nil)
        session.type("C")
        let colours = TextColours(foreground: PageRecolor.defaultLight, background: PageRecolor.defaultDark)
        #expect(ReaderView.render(session.state).colours == colours)
        #expect(session.screenLines[0].hasPrefix(" Chapter 1"))
        session.press(.tab)
        #expect(ReaderView.render(session.state).colours == colours)
        session.type("C")
        #expect(ReaderView.render(session.state).colours == nil)
    }

    @Test func invertingEndsDarkModeAndDarkModeEndsInverting() {
        var session = session()
        session.press(.tab)
        let inverted = requests(session.type("i"))
        #expect(inverted.first?.inverted == true && inverted.first?.recolor == nil)
        let dark = requests(session.type("C"))
        #expect(dark.first?.inverted == false && dark.first?.recolor != nil)
        #expect(!session.state.invertsImages)
        #expect(session.screenLines[9].contains("image dark") && !session.screenLines[9].contains("inv"))
        let invertedAgain = requests(session.type("i"))
        #expect(invertedAgain.first?.inverted == true && invertedAgain.first?.recolor == nil)
        #expect(ReaderView.render(session.state).colours == nil)
    }

    @Test func theConfiguredColoursAndStartAreUsed() {
        var preferences = ReaderPreferences()
        preferences.startsRecolored = true
        preferences.invertsImages = true
        preferences.recolor = PageRecolor(
            dark: PageRecolor.Colour(red: 0, green: 0x2b, blue: 0x36),
            light: PageRecolor.Colour(red: 0x93, green: 0xa1, blue: 0xa1), recolorsImages: true)
        var session = session(preferences: preferences)
        #expect(
            ReaderView.render(session.state).colours
                == TextColours(foreground: preferences.recolor.light, background: preferences.recolor.dark))
        let wanted = requests(session.press(.tab))
        #expect(wanted.first?.recolor == preferences.recolor && wanted.first?.inverted == false)
    }
}
