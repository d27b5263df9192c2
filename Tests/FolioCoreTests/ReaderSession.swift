import FolioCore

/// Drives a ``ReaderState`` the way the main loop does, for key-script tests.
struct ReaderSession {
    var state: ReaderState
    /// The effects of `start()`.
    let startEffects: [ReaderEffect]

    init(
        pageCount: Int = 36,
        startPage: Int = 0,
        fileName: String = "doc.pdf",
        title: String? = nil,
        screen: ScreenSize = ScreenSize(rows: 10, columns: 40),
        layoutMode: LayoutMode = .reflow,
        labelRanges: [PageLabels.Range] = [],
        bidi: (any BidiAlgorithm)? = nil,
        shapesArabic: Bool = false
    ) {
        state = ReaderState(
            document: DocumentSummary(
                fileName: fileName, title: title, pageCount: pageCount, labelRanges: labelRanges),
            startPage: startPage,
            screen: screen,
            preferences: Self.preferences(layout: layoutMode), bidi: bidi, shapesArabic: shapesArabic)
        startEffects = state.start()
    }

    private static func preferences(layout: LayoutMode) -> ReaderPreferences {
        var preferences = ReaderPreferences()
        preferences.layout = layout
        return preferences
    }

    /// Presses `keys` in order and returns all their effects.
    @discardableResult
    mutating func press(_ keys: Key...) -> [ReaderEffect] {
        keys.flatMap { state.handle(.key($0)) }
    }

    /// Types each character of `text` as a key.
    @discardableResult
    mutating func type(_ text: String) -> [ReaderEffect] {
        text.unicodeScalars.flatMap { state.handle(.key(.character($0))) }
    }

    /// Delivers `text` as the loaded text of `page`.
    mutating func deliver(_ text: PageText, for page: Int) {
        let effects = state.handle(.pageLoaded(page: page, text: text))
        precondition(effects.isEmpty, "Loading a page asks for nothing more")
    }

    /// Delivers a page of `lineCount` reflowed lines (at width 38) for `page`.
    mutating func deliverNumbered(_ page: Int, lineCount: Int) {
        deliver(PageTextFixture.numberedPage(page, lineCount: lineCount), for: page)
    }

    mutating func resize(rows: Int, columns: Int) {
        let effects = state.handle(.resize(ScreenSize(rows: rows, columns: columns)))
        precondition(effects.isEmpty, "Resizing asks for nothing")
    }

    /// The current screen as plain text rows.
    var screenLines: [String] {
        ReaderView.render(state).lines
    }
}

extension ReaderSession {
    /// A reader of ten pages on a 40×10 screen where page images are available, started, page 1's
    /// text ("Chapter 1") delivered: for the image view's key scripts.
    static func imageView(preferences: ReaderPreferences = ReaderPreferences()) -> ReaderSession {
        var session = ReaderSession(pageCount: 10)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 10), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), preferences: preferences,
            imageAvailability: .available(label: "image"))
        _ = session.state.start()
        session.deliver(PageTextFixture.page([["Chapter 1"]]), for: 0)
        return session
    }
}

extension [ReaderEffect] {
    /// The page images these effects ask for, in order.
    var renderRequests: [RenderRequest] {
        flatMap { effect -> [RenderRequest] in
            if case .renderPages(let requests) = effect { return requests }
            return []
        }
    }
}
