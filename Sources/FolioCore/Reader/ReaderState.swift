/// Everything the reader shows, and how it changes: a pure state machine.
///
/// Events go in through ``handle(_:)``; work for the outside world comes out as
/// ``ReaderEffect`` values; ``ReaderView/render(_:)`` draws the state. Nothing here calls
/// curses or MuPDF, so whole sessions can be tested as key scripts. Pages are 0-based.
public struct ReaderState: Sendable {
    /// The smallest terminal the reader draws in; below it, only a notice is shown.
    public static let minimumScreen = ScreenSize(rows: 10, columns: 40)
    /// How many pages on each side of the current page are loaded and kept.
    static let windowRadius = 2

    /// The open document (replaced when its file changes and it is reloaded).
    public internal(set) var document: DocumentSummary
    /// Every mode's key table (the defaults, or a configuration file's).
    public let keys: KeyTables
    /// How the reader starts and behaves (a configuration file's `set` lines).
    public let preferences: ReaderPreferences
    /// The terminal size.
    public internal(set) var screen: ScreenSize
    /// The page on screen (0-based).
    public internal(set) var currentPage: Int
    /// Where the screen is in the current page.
    var viewport = Viewport()
    /// Reflowed text or physical layout.
    public internal(set) var layoutMode: LayoutMode
    /// The count and the start of a key sequence typed so far.
    var input = KeyInput()
    /// What the reader is doing: reading, a prompt, a list, the help screen… (one at a time).
    public internal(set) var mode: ReaderMode = .reading
    /// The pages and labels typed into the go-to prompt before, oldest first.
    public internal(set) var goToHistory = PromptHistory()
    /// The marks this document can go to: its own, and the global ones of other documents.
    public internal(set) var marks: [Mark] = []
    /// A one-shot note for the status line, cleared by the next key (which shows the next
    /// message waiting, if any).
    public internal(set) var message: Notice? {
        didSet {
            if let message { messages.record(message) }
            // Reported once the event ends with it still on the status line (``ReaderEffect/tipShown(_:)``).
            if case .tip(let advice) = message { tipToReport = advice } else { tipToReport = nil }
        }
    }
    /// The tip made the message in this event, not yet reported as shown.
    private var tipToReport: GraphicsAdvice?
    /// The messages waiting their turn on the status line, and those shown.
    var messages = SessionMessages()
    /// The last search, the one running, and the count of its matches.
    var search = SearchSession()
    /// The page-image view and the images asked for.
    var images: ImageView
    /// Where the page turns before and after the current one.
    var paging: PagingController
    /// The pages' text and their layouts.
    var cache = PageCache()
    /// Work put off until a page's content, its links or the outline arrive.
    var pending = PendingArrival()
    /// The links of loaded pages, for underlining and clicking them.
    var linkMarks = LinkMarks()
    /// Places to go back and forward to.
    var jumps = JumpHistory()
    /// The outline once loaded, and the current page's section.
    var outline = DocumentOutline()
    /// What `u` undoes: for each annotation change of the session, the changes that reverse it,
    /// the last change last.
    var annotationUndo: [[AnnotationChange]] = []
    /// The place a forward search marks, while it is marked (``syncTeXMarkTime``).
    public internal(set) var syncTeXMark: SyncTeXMark?

    /// The key table used for dispatch and help while reading (``KeyMode/reader``).
    public var keymap: ReaderKeymap { keys.reader }
    /// The go-to-page prompt's key table.
    public var goToPromptKeymap: GoToPromptKeymap { keys.goToPrompt }
    /// The search prompt's key table.
    public var searchPromptKeymap: SearchPromptKeymap { keys.searchPrompt }
    /// The outline list's key table.
    public var outlineKeymap: OutlineKeymap { keys.outline }
    /// The link list's key table.
    public var linkListKeymap: LinkListKeymap { keys.links }
    /// Link hints' key table.
    public var linkHintKeymap: LinkHintKeymap { keys.linkHints }
    /// Line selection's key table.
    public var selectionKeymap: SelectionKeymap { keys.selection }
    /// The text selection's key table.
    public var textSelectionKeymap: TextSelectionKeymap { keys.textSelection }
    /// The annotation list's key table.
    public var annotationListKeymap: AnnotationListKeymap { keys.annotations }
    /// The note prompt's key table.
    public var notePromptKeymap: NotePromptKeymap { keys.notePrompt }
    /// The first laid-out line of the current page at the top of the screen.
    public var topLine: Int { viewport.topLine }
    /// How many cells the physical layout is scrolled right.
    public var horizontalOffset: Int { viewport.horizontalOffset }
    /// The count typed so far (`12` before `G`), if any.
    public var pendingCount: Int? { input.count }
    /// The start of a key sequence typed so far (`g` of a mapped `gg`), waiting for its next key.
    public var pendingKeys: [Key] { input.keys }
    /// The patterns searched for before, oldest first (kept across runs by the owner).
    public var searchHistory: PromptHistory { search.history }
    /// The pattern searched for last: highlighted on the page, repeated by `n` and `N`.
    public var lastSearch: SearchPattern? { search.lastSearch }
    /// The search running in the background, if any.
    public var runningSearch: RunningSearch? { search.runningSearch }
    /// Text or page images.
    public var viewMode: ViewMode { images.viewMode }
    /// How page images are sized.
    public var imageFit: ImageFit { images.fit }
    /// The zoom on top of the fit (`+`, `-`).
    public var imageZoom: Double { images.zoom }
    /// Whether page images are drawn with inverted colours (`i`).
    public var invertsImages: Bool { images.inverts }

    /// Dark mode's colours while it is on (`C`), for page images and the text views; nil when off.
    public var recolor: PageRecolor? { images.recolors ? preferences.recolor : nil }
    /// How much of each page its image shows (`c`).
    public var imageCrop: PageCrop { images.crop }
    /// Whether this terminal can show images, and how.
    public var imageAvailability: ImageAvailability { images.availability }
    /// Whether the terminal scales a placed image to any box of cells (kitty outside tmux): a
    /// zoom then shows the page image already there, scaled, at once, until the page rendered at
    /// the new zoom replaces it.
    public var scalesImages: Bool { images.scalesImages }

    /// Creates the state for `document`, opened at `startPage` (0-based, clamped to the document),
    /// the search prompt's Up going through `searchHistory`; `bidi` puts right-to-left lines in
    /// the visual order the screen needs, and `shapesArabic` draws Arabic letters in their
    /// joined shapes (for a terminal that does not shape them).
    ///
    /// Call ``start()`` next and perform its effects to load the first pages.
    public init(
        document: DocumentSummary,
        startPage: Int,
        screen: ScreenSize,
        keys: KeyTables = .standard,
        preferences: ReaderPreferences = ReaderPreferences(),
        imageAvailability: ImageAvailability = .unavailable(reason: "no image support was set up"),
        scalesImages: Bool = false,
        searchHistory: PromptHistory = PromptHistory(),
        marks: [Mark] = [],
        bidi: (any BidiAlgorithm)? = nil,
        shapesArabic: Bool = false
    ) {
        cache.bidi = bidi
        cache.shapesArabic = shapesArabic
        search.history = searchHistory
        self.marks = marks
        images = ImageView(
            availability: imageAvailability, scalesImages: scalesImages, fit: preferences.imageFit,
            inverts: preferences.invertsImages && !preferences.startsRecolored, recolors: preferences.startsRecolored,
            crop: preferences.crop, spreads: preferences.spreads,
            continuous: preferences.continuous)
        self.document = document
        self.keys = keys
        self.preferences = preferences
        self.screen = screen
        layoutMode = preferences.layout
        let pageCount = max(document.pageCount, 0)
        paging = PagingController(pageCount: pageCount, mode: preferences.paging)
        currentPage = min(max(startPage, 0), max(pageCount - 1, 0))
    }

    /// Whether paging stops at the ends of the document or wraps around.
    public var pagingMode: PagingMode { paging.mode }

    /// Whether the current page's text has arrived, so a frame drawn now shows it.
    public var hasCurrentPageText: Bool { currentLines != nil }

    /// The effects that get the reader going: loading the start page and its neighbours.
    /// `notes` are the first messages on the status line (such as where reading resumes), the
    /// most important first (``Notice/priority``), each next one after a key.
    public mutating func start(notes: [Notice] = []) -> [ReaderEffect] {
        messages.enqueue(notes)
        message = messages.next()
        // The outline comes in the background, for the section on the status line.
        let outlineRequest: [ReaderEffect] = document.pageCount > 0 ? [.loadOutline] : []
        if preferences.view == .image, case .available = images.availability {
            return refreshWindow() + toggleView() + outlineRequest + reportTipShown()
        }
        return refreshWindow() + outlineRequest + reportTipShown()
    }

    /// Updates the state for `event` and returns the work it calls for.
    public mutating func handle(_ event: ReaderEvent) -> [ReaderEffect] {
        let effects = apply(event)
        placeLinks()
        findSection()
        return effects + reportTipShown()
    }

    /// The tip on the status line, to remember as shown, if it became the message just now.
    private mutating func reportTipShown() -> [ReaderEffect] {
        guard let tip = tipToReport else { return [] }
        tipToReport = nil
        return [.tipShown(tip)]
    }

    private mutating func apply(_ event: ReaderEvent) -> [ReaderEffect] {
        switch event {
        case .key(let key):
            let effects = handleKey(key)
            showNextMessage(unlessLeaving: effects)
            return effects
        case .mouse(let mouse):
            let effects = handleMouse(mouse)
            showNextMessage(unlessLeaving: effects)
            return effects
        case .paste(let text):
            return handlePaste(text)
        case .resize(let size):
            return resize(to: size)
        case .suspended:
            message = nil
            showNextMessage()
            return []
        case .pageLoaded(let page, let text):
            record(.text(text), for: page)
            // A page's size may complete a spread, which can now be asked for.
            return showsSpreads ? refreshImages() : []
        case .pageFailed(let page, let reason):
            record(.failure(reason), for: page)
            return showsSpreads ? refreshImages() : []
        case .searchProgress(let id, let searched, let total):
            guard search.runningSearch?.id == id else { return [] }
            search.runningSearch?.searched = searched
            search.runningSearch?.total = total
            return []
        case .searchFound(let id, let page):
            return searchFound(id: id, page: page)
        case .searchFailed(let id, let reason):
            return searchFailed(id: id, reason: reason)
        case .matchesCounted(let id, let matches, let counted, let total):
            matchesCounted(id: id, matches: matches, counted: counted, total: total)
            return []
        case .outlineLoaded(let items):
            outlineLoaded(items)
            return []
        case .outlineFailed(let reason):
            outline.items = []
            if pending.outline {
                message = .outlineFailed(reason)
                pending.outline = false
            }
            return []
        case .documentReloaded(let summary, let text):
            return documentReplaced(by: summary, currentPageText: text)
        case .linksLoaded(let page, let links):
            return linksLoaded(page: page, links: links)
        case .pageLinksLoaded(let page, let links):
            pageLinksLoaded(page: page, links: links)
            return []
        case .notice(let notice):
            message = notice
            return []
        case .pageRendered(let request, let rows, let columns, let cropBox, let parts):
            return imageRendered(
                request, extent: ImageExtent(rows: rows, columns: columns, cropBox: cropBox, parts: parts))
        case .renderFailed(let request, let reason):
            images.pending.remove(request)
            images.failed[request] = reason
            return []
        case .positionSettled(let page):
            return positionSettled(on: page)
        case .annotationsLoaded(let page, let annotations):
            annotationsLoaded(page: page, annotations: annotations)
            return []
        case .annotationListLoaded(let annotations):
            annotationListLoaded(annotations)
            return []
        case .annotationChangeFailed(let change, let reason):
            annotationChangeFailed(change, reason: reason)
            return []
        case .pageImagesOutdated:
            images.forgetRenders()
            return images.viewMode == .image ? refreshImages() : []
        case .syncTeXPlaceFound(let page, let boxes):
            return showSyncTeXPlace(page: page, boxes: boxes)
        case .syncTeXMarkTimedOut(let id):
            return syncTeXMarkTimedOut(id: id)
        }
    }

    /// Once a key has left the status line free, shows the next message waiting (while
    /// reading: a prompt or list would hide it).
    private mutating func showNextMessage() {
        guard message == nil, mode == .reading else { return }
        message = messages.next()
    }

    /// Shows the next message waiting unless `effects`, a key's, leave the reader: no frame
    /// would show it, so it keeps waiting (a tip stays unseen, to be offered again).
    private mutating func showNextMessage(unlessLeaving effects: [ReaderEffect]) {
        let leaves = effects.contains {
            switch $0 {
            case .quit, .openBrowser, .openMarkedDocument: true
            default: false
            }
        }
        if !leaves { showNextMessage() }
    }

    // MARK: Viewport geometry

    /// Whether the terminal is below ``minimumScreen``.
    var isTooSmall: Bool {
        screen.rows < Self.minimumScreen.rows || screen.columns < Self.minimumScreen.columns
    }

    /// Rows for page text: all but the status line.
    var textRows: Int { max(screen.rows - 1, 0) }

    /// Cells for page text: the width less a one-cell margin on each side.
    var textColumns: Int { max(screen.columns - 2, 1) }

    /// The current page's lines in the current layout, or nil while it has no text here.
    var currentLines: [LaidOutLine]? {
        lines(of: currentPage)
    }

    /// Why the current page could not be read, if it could not.
    var currentFailure: DocumentFailure? {
        cache.failures[currentPage]
    }

    /// `page`'s lines in the current layout and width, or nil while it has no text here.
    func lines(of page: Int) -> [LaidOutLine]? {
        cache.layout(of: page, mode: layoutMode, width: textColumns)
    }

    /// Whether the current page is asked for but not here yet (neither shown nor failed).
    var currentPageIsOnItsWay: Bool {
        guard paging.pageCount > 0, contentHeight(of: currentPage) == nil else { return false }
        switch images.viewMode {
        case .text: return currentFailure == nil
        case .image: return currentRenderFailure == nil
        }
    }

    /// How tall `page` is in the current view: laid-out lines of text, or cell rows of its
    /// image; nil while it is not here yet.
    func contentHeight(of page: Int) -> Int? {
        switch images.viewMode {
        case .text: lines(of: page)?.count
        case .image: shownImage(of: page)?.extent.rows
        }
    }

    /// The largest top line that still fills the screen with `page`'s content: on a screen with
    /// no row for text, the last line, never past it.
    func maximumTopLine(of page: Int) -> Int {
        max((contentHeight(of: page) ?? 0) - max(textRows, 1), 0)
    }

    /// The largest sideways scroll that still shows the end of the current page's widest line.
    var maximumHorizontalOffset: Int {
        max((currentLines?.map(\.width).max() ?? 0) - textColumns, 0)
    }

    // MARK: Page results and resizing

    mutating func record(_ outcome: PageCache.Outcome, for page: Int) {
        cache.record(outcome, for: page, window: Set(windowPages()))
        cache.prepareLayouts(mode: layoutMode, width: textColumns, labels: document.pageLabels)
        guard page == currentPage else { return }
        guard images.viewMode == .text else {
            // The image view finds a match's box and a landing's row from the page's text too.
            scrollToPendingMatch()
            scrollToPendingLanding()
            return
        }
        if pending.anchorsAtBottom {
            viewport.topLine = maximumTopLine(of: page)
            pending.anchorsAtBottom = false
        }
        applyPendingScrollShare()
        scrollToPendingMatch()
        scrollToPendingLanding()
        viewport.clampTopLine(to: maximumTopLine(of: page))
        clampHorizontalOffset()
    }

    private mutating func resize(to size: ScreenSize) -> [ReaderEffect] {
        relayout { $0.screen = size }
        return images.viewMode == .image ? refreshImages() : []
    }

    /// Applies `change`, then lays pages out again and keeps the same share of the current
    /// page above the screen, so a resize or layout switch does not lose the reader's place.
    mutating func relayout(_ change: (inout ReaderState) -> Void) {
        let oldTopLine = viewport.topLine
        let oldLineCount = contentHeight(of: currentPage) ?? 0
        let wasImageView = images.viewMode == .image
        let oldImageWidth = (shownImage(of: currentPage)?.extent.columns, textColumns)
        // At the image's left edge (where reading starts, and where a fitted image is), it stays there.
        let centreShare =
            viewport.imageColumn == 0 ? pending.imageCentreShare : imageCentreShare ?? pending.imageCentreShare
        change(&self)
        cache.prepareLayouts(mode: layoutMode, width: textColumns, labels: document.pageLabels)
        let newLineCount = contentHeight(of: currentPage) ?? 0
        // The top line is at most the old height, so the share is at most 1 and the new top
        // line at most the new height; the product is taken in full width, never overflowing.
        let keptTopLine = min(max(oldTopLine, 0), oldLineCount)
        if oldLineCount > 0 && newLineCount == 0 {
            pending.scrollShare = Double(keptTopLine) / Double(oldLineCount)
        } else if oldLineCount > 0 {
            viewport.topLine =
                oldLineCount.dividingFullWidth(keptTopLine.multipliedFullWidth(by: newLineCount)).quotient
        }
        viewport.clampTopLine(to: topLineLimit(of: currentPage))
        clampHorizontalOffset()
        // A zoom, fit change or resize of a page image scrolled sideways keeps the same part of
        // the page at the screen's middle (the image's width and the screen's unchanged, it
        // stays put).
        if wasImageView, images.viewMode == .image, let centreShare,
            oldImageWidth != (shownImage(of: currentPage)?.extent.columns, textColumns)
        {
            centreImage(atShare: centreShare)
        }
        keepSelection(from: oldLineCount, to: newLineCount)
        dropTextSelection()
    }

    /// Moves the chosen lines with the relayout as the top line moves, and keeps them on the
    /// page: a narrower screen makes more lines, a wider one fewer.
    private mutating func keepSelection(from oldLineCount: Int, to newLineCount: Int) {
        guard var chosen = selection, newLineCount > 0 else { return }
        if oldLineCount > 0 {
            chosen.anchor = chosen.anchor * newLineCount / oldLineCount
            chosen.cursor = chosen.cursor * newLineCount / oldLineCount
        }
        chosen.anchor = min(chosen.anchor, newLineCount - 1)
        chosen.cursor = min(chosen.cursor, newLineCount - 1)
        mode = .selection(chosen)
    }

    /// Puts back the share of the page kept by ``relayout(_:)`` once the content is here.
    mutating func applyPendingScrollShare() {
        guard let share = pending.scrollShare, let height = contentHeight(of: currentPage) else { return }
        pending.scrollShare = nil
        viewport.topLine = min(Int(share * Double(height)), maximumTopLine(of: currentPage))
    }

    mutating func clampHorizontalOffset() {
        if layoutMode == .reflow {
            viewport.horizontalOffset = 0
        } else if currentLines != nil {
            viewport.clampHorizontalOffset(to: maximumHorizontalOffset)
        }
    }
}
