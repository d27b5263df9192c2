import FolioTestSupport

@testable import FolioCore

/// What a reader state must be after every step of any key script, in one place (so that a
/// change to how the state keeps its mode changes only this).
enum ReaderInvariants {
    /// How `state`, and `frame` drawn from it, break the invariants; empty when they hold: the
    /// current page is in range, the top line within the page's lines (or its seam, scrolling
    /// continuously), at most one mode is open
    /// (reading when none), and the frame keeps ``FrameInvariants``.
    static func violations(of state: ReaderState, frame: Frame) -> [String] {
        var found: [String] = []
        let pageCount = state.document.pageCount
        if pageCount > 0 ? !(0..<pageCount).contains(state.currentPage) : state.currentPage != 0 {
            found.append("page \(state.currentPage) of \(pageCount)")
        }
        let height = state.contentHeight(of: state.currentPage)
        // Scrolling continuously, the page's last row and the seam below it may go above the
        // screen's top (the next page then fills it): up to the seam's row.
        let lastTopLine = height.map {
            state.scrollsContinuously ? max(state.topLineLimit(of: state.currentPage), $0 - 1, 0) : max($0 - 1, 0)
        }
        if state.topLine < 0 || (lastTopLine.map { state.topLine > $0 } ?? false) {
            found.append("top line \(state.topLine) of a page \(height.map(String.init) ?? "not here") high")
        }
        if state.horizontalOffset < 0 || state.viewport.imageColumn < 0 || state.helpTop < 0 {
            found.append(
                "offsets \(state.horizontalOffset), image column \(state.viewport.imageColumn), help at \(state.helpTop)"
            )
        }
        if let placement = frame.image, let extent = state.shownImage(of: state.currentPage)?.extent,
            placement.sourceColumn < 0 || placement.sourceColumn + placement.columns > extent.columns
        {
            found.append("image columns \(placement.sourceColumn)+\(placement.columns) of \(extent.columns)")
        }
        let modes: [(String, Bool)] = [
            ("go-to prompt", state.goToPrompt != nil), ("search prompt", state.searchPrompt != nil),
            ("overlay", state.overlay != nil), ("selection", state.selection != nil), ("help", state.showingHelp),
            ("pending mark", state.isAwaitingMark), ("text selection", state.textSelection != nil),
            ("note prompt", state.notePrompt != nil),
        ]
        let open = modes.filter(\.1).map(\.0)
        if open.count > 1 {
            found.append("several modes open: \(open.joined(separator: ", "))")
        }
        if let selection = state.selection, let lines = state.currentLines,
            !lines.isEmpty && (selection.anchor >= lines.count || selection.cursor >= lines.count)
        {
            found.append("selection \(selection.lines) on a page of \(lines.count) lines")
        }
        if let selection = state.textSelection {
            for point in [selection.anchor, selection.cursor] {
                let lines = state.lines(of: point.page)
                let length = lines?[safe: point.line]?.text.count
                if lines == nil || length == nil || point.character > max((length ?? 0) - 1, 0) {
                    found.append("text selection end \(point) outside the text held")
                }
            }
        }
        return found + FrameInvariants.violations(of: frame, screen: state.screen)
    }
}

extension ReaderState {
    /// Whether `m` or `'` waits for a mark's letter.
    fileprivate var isAwaitingMark: Bool {
        if case .awaitingMark = mode { return true }
        return false
    }
}

/// Runs key scripts through the pure core: ``ReaderState/handle(_:)`` and
/// ``ReaderView/render(_:)``, answering the work the state asks for as the session would
/// (pages from a ``KeyScriptDocument``, renders of a size that follows the request, searches
/// run over the pages' lines), and checks ``ReaderInvariants`` after every step.
struct CoreKeyScriptRunner {
    /// Work asked for and not yet answered.
    private enum Request {
        case page(Int)
        case render(RenderRequest)
        case search(SearchRequest)
        case count(MatchCountRequest)
        case outline
        case links(Int)
        case reload
        case settle(Int)
        case annotations(Int)
        case annotationList
        /// An inverse search, answered as a forward search to the point asked about would be:
        /// the round trip an editor makes.
        case source(page: Int, x: Double, y: Double)
        case syncTeXMarkTime(id: Int)
    }

    private var document: KeyScriptDocument
    private var state: ReaderState
    private var open: [Request] = []
    /// The annotations the script made, by page, as the annotation worker would keep them.
    private var annotations: [Int: [Annotation]] = [:]

    /// A reader on the document `seed` chooses, on a screen and with preferences it chooses.
    init(seed: UInt64) {
        var random = SeededRandom(seed: seed ^ 0x5CEE)
        document = KeyScriptDocument(seed: seed)
        var preferences = ReaderPreferences()
        preferences.layout = Bool.random(using: &random) ? .reflow : .physical
        preferences.paging = Bool.random(using: &random) ? .bounded : .wrapAround
        preferences.view = Int.random(in: 0..<4, using: &random) == 0 ? .image : .text
        let available: ImageAvailability =
            Int.random(in: 0..<4, using: &random) == 0
            ? .unavailable(reason: "no \u{1B}[2J graphics") : .available(label: "sixel")
        state = ReaderState(
            document: document.summary, startPage: random.pick([0, 1, 3, -5, Int.max]),
            screen: KeyScriptGenerator.screenSize(&random), preferences: preferences, imageAvailability: available,
            scalesImages: Bool.random(using: &random),
            searchHistory: PromptHistory(),
            marks: [Mark(letter: "A", page: 3, topLine: 99, document: "/elsewhere.pdf")],
            bidi: Bool.random(using: &random) ? ArabicRunsReversed() : nil, shapesArabic: Bool.random(using: &random))
    }

    /// Runs `steps` from the start; returns the index of the first step after which an
    /// invariant broke, with what broke, or nil when every step kept them.
    mutating func run(_ steps: [KeyScriptStep]) -> (step: Int, violations: [String])? {
        take(state.start(notes: [.configurationProblems(first: "config:1: unknown option '\u{9B}31m'", more: 0)]))
        if let broken = check() {
            return (-1, broken)
        }
        for (index, step) in steps.enumerated() {
            perform(step)
            if let broken = check() {
                return (index, broken)
            }
        }
        return nil
    }

    private func check() -> [String]? {
        let found = ReaderInvariants.violations(of: state, frame: ReaderView.render(state))
        return found.isEmpty ? nil : found
    }

    private mutating func perform(_ step: KeyScriptStep) {
        switch step {
        case .key(let key): take(state.handle(.key(key)))
        case .paste(let text): take(state.handle(.paste(text)))
        case .mouse(let mouse): take(state.handle(.mouse(mouse)))
        case .resize(let size): take(state.handle(.resize(size)))
        case .answer(let count):
            for _ in 0..<count where !open.isEmpty {
                answer(open.removeFirst())
            }
        case .fileChanged(let pageCount):
            document.pageCount = pageCount
            let current = state.currentPage < pageCount ? document.text(of: state.currentPage) : nil
            take(state.handle(.documentReloaded(document.summary, currentPageText: current)))
        }
    }

    /// Notes the work `effects` ask for, dropping what they cancel, as the session does.
    private mutating func take(_ effects: [ReaderEffect]) {
        for effect in effects {
            switch effect {
            case .loadPages(let pages): open += pages.map { .page($0) } + pages.map { .annotations($0) }
            case .changeAnnotation(let change):
                make(change)
                open.append(.annotations(change.page))
            case .listAnnotations: open.append(.annotationList)
            case .cancelLoads(let keeping):
                open.removeAll {
                    if case .page(let page) = $0 { return !keeping.contains(page) }
                    return false
                }
            case .renderPages(let requests): open += requests.map { .render($0) }
            case .cancelRenders(let keeping):
                open.removeAll {
                    if case .render(let request) = $0 { return !keeping.contains(request) }
                    return false
                }
            case .search(let request): open.append(.search(request))
            case .cancelSearch:
                open.removeAll {
                    if case .search = $0 { return true }
                    return false
                }
            case .countMatches(let request): open.append(.count(request))
            case .loadOutline: open.append(.outline)
            case .loadLinks(let page): open.append(.links(page))
            case .reloadDocument: open.append(.reload)
            case .copyDocument: take(state.handle(.notice(.copyProgress(done: 3, pageCount: document.pageCount))))
            case .settlePosition(let page): open.append(.settle(page))
            case .findSource(let page, let x, let y): open.append(.source(page: page, x: x, y: y))
            case .clearSyncTeXMark(let id, _): open.append(.syncTeXMarkTime(id: id))
            case .clearScreen, .quit, .openBrowser, .saveMark, .openMarkedDocument, .recordSearch, .copy, .savePosition,
                .tipShown:
                break
            }
        }
    }

    private mutating func answer(_ request: Request) {
        switch request {
        case .page(let page):
            if !(0..<document.pageCount).contains(page) || document.failingPages.contains(page) {
                take(
                    state.handle(.pageFailed(page: page, reason: .damaged(message: "cannot read page \u{1B}[H\(page)")))
                )
            } else {
                take(state.handle(.pageLoaded(page: page, text: document.text(of: page))))
                take(state.handle(.pageLinksLoaded(page: page, links: document.links(of: page))))
            }
        case .render(let request):
            if document.rendersFail && request.page % 2 == 1 {
                take(state.handle(.renderFailed(request, reason: .damaged(message: "render \u{9D}failed"))))
            } else {
                let zoom = request.zoom.isFinite ? min(max(request.zoom, 0.01), 50) : 1
                let rows = Int(Double(max(request.viewport.rows, 1)) * zoom * (request.fit == .page ? 1 : 1.3))
                let columns = Int(Double(max(request.viewport.columns, 1)) * zoom)
                take(state.handle(.pageRendered(request, rows: max(rows, 1), columns: max(columns, 1))))
            }
        case .search(let request):
            search(request)
        case .count(let request):
            let pages = min(document.pageCount, 40)
            let matches = (0..<pages).compactMap { page -> PageMatchCount? in
                let count = document.lines(of: page).filter { request.pattern.matches($0) }.count
                return count > 0 ? PageMatchCount(page: page, matches: count) : nil
            }
            take(
                state.handle(
                    .matchesCounted(id: request.id, matches: matches, counted: pages, total: document.pageCount)))
        case .outline:
            if let outline = document.outline {
                take(state.handle(.outlineLoaded(outline)))
            } else {
                take(state.handle(.outlineFailed(.damaged(message: "no \u{1B}]0;outline"))))
            }
        case .links(let page):
            let links = (0..<document.pageCount).contains(page) ? document.links(of: page) : []
            take(state.handle(.linksLoaded(page: page, links: links)))
        case .reload:
            let current = state.currentPage < document.pageCount ? document.text(of: state.currentPage) : nil
            take(state.handle(.documentReloaded(document.summary, currentPageText: current)))
        case .settle(let page):
            take(state.handle(.positionSettled(page: page)))
        case .annotations(let page):
            take(state.handle(.annotationsLoaded(page: page, annotations: annotations[page] ?? [])))
        case .annotationList:
            take(state.handle(.annotationListLoaded(annotations.keys.sorted().flatMap { annotations[$0] ?? [] })))
        case .source(let page, let x, let y):
            let box = TextRect(x0: x - 100, y0: y - 6, x1: x + 100, y1: y + 6)
            take(state.handle(.syncTeXPlaceFound(page: page, boxes: [box])))
        case .syncTeXMarkTime(let id):
            take(state.handle(.syncTeXMarkTimedOut(id: id)))
        }
    }

    /// Makes `change` to the annotations kept, idempotently, as a document applies it.
    private mutating func make(_ change: AnnotationChange) {
        switch change {
        case .add(let annotation):
            if !(annotations[annotation.page] ?? []).contains(where: { $0.id == annotation.id }) {
                annotations[annotation.page, default: []].append(annotation)
            }
        case .remove(let id, let page):
            annotations[page]?.removeAll { $0.id == id }
        case .setNote(let id, let page, let note, _):
            if let index = annotations[page]?.firstIndex(where: { $0.id == id }) {
                annotations[page]?[index].note = note
            }
        }
    }

    /// Runs `request` over the first pages in its order, as the search worker does.
    private mutating func search(_ request: SearchRequest) {
        if let error = SearchPattern.regexError(in: request.pattern.text) {
            take(state.handle(.searchFailed(id: request.id, reason: .documentFailed(.other(message: error)))))
            return
        }
        let pages = min(request.pageCount, document.pageCount, 30)
        for index in 0..<pages {
            let page = request.page(at: index, documentPages: document.pageCount)
            if index % 10 == 9 {
                take(state.handle(.searchProgress(id: request.id, searched: index, total: request.pageCount)))
            }
            if document.lines(of: page).contains(where: { request.pattern.matches($0) }) {
                take(state.handle(.searchFound(id: request.id, page: page)))
                return
            }
        }
        take(
            state.handle(
                .searchFailed(
                    id: request.id,
                    reason: pages < request.pageCount ? .documentFailed(.damaged(message: "stopped \u{7}early")) : nil))
        )
    }
}
