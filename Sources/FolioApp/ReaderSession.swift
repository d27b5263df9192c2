import Dispatch
public import FolioConfiguration
public import FolioCore
public import FolioDocument
public import FolioGraphics
public import FolioState
import FolioSyncTeX
import FolioSystem
import FolioTerminal
import Glibc

/// The interactive reader: one loop owns the ``ReaderState``; keys and background results come
/// in as events, effects go out to the page loader, the searcher, the image renderer, the
/// clipboard and the terminal, and every change ends in a frame.
public struct ReaderSession: Sendable {
    /// How the reader ended.
    public enum Outcome: Sendable, Equatable {
        case quit
        /// `F`, or `q` in a document opened from the browser.
        case browse
        /// A terminating signal arrived.
        case signal(Int32)
        /// A global mark leads to the document at `path`, at `page` (0-based).
        case open(path: String, page: Int)
    }

    /// How the reader ended, and the page it was on (0-based).
    public struct Ending: Sendable, Equatable {
        public var outcome: Outcome
        public var page: Int

        /// An ending with `outcome` on `page` (0-based).
        public init(outcome: Outcome, page: Int) {
            self.outcome = outcome
            self.page = page
        }
    }

    let document: Document
    let path: String
    let startPage: Int
    let notes: [Notice]
    let graphics: GraphicsSupport
    let services: SessionServices
    let quitReturnsToBrowser: Bool
    let configuration: Configuration
    /// Where the patterns searched for are kept across runs; nil keeps them for this session.
    let searchHistory: SearchHistory?
    /// Where marks are kept, and the document's name there (its absolute path).
    let marks: (store: MarkStore, document: String)?
    /// Where the reading position is kept while reading, and the document's name there.
    let positions: (store: ReadingPositions, document: String)?
    /// Where a tip is remembered as shown on this kind of terminal, once it is on the status line.
    let shownTips: ShownTips?
    /// Where annotations are journaled and kept; nil leaves the document's annotations unread
    /// and unchangeable.
    let annotations: AnnotationPlaces?
    /// The process's remote-control socket, whose requests this reader answers while it runs.
    let remote: RemoteControl?
    /// A forward search to make once the reader is up (`--synctex-forward` with no reader
    /// running), if any.
    let syncTeXTarget: SyncTeXTarget?

    /// A reader on `document` (opened from `path`), at `startPage` (0-based, clamped to the
    /// document), with `notes` as the first messages on the status line. `quitReturnsToBrowser`
    /// makes `q` go back to the file browser the document was opened from; `configuration`
    /// gives the keys and how the reader starts. Searches are remembered in `searchHistory`,
    /// marks in `marks`, when given; the page the reader stays on is saved in `positions` as it
    /// reads (the owner saves the last page once the reader ends). A tip among `notes` is
    /// remembered in `shownTips` once it is on the status line (a failure to remember it only
    /// means it is shown again next time). Annotations are read and changed as `annotations`
    /// says, when given. Requests on `remote` are answered while the reader runs, and
    /// `syncTeXTarget`, when given, is shown once it has started.
    public init(
        document: Document, path: String, startPage: Int, notes: [Notice], graphics: GraphicsSupport,
        services: SessionServices, quitReturnsToBrowser: Bool, configuration: Configuration = Configuration(),
        searchHistory: SearchHistory? = nil, marks: (store: MarkStore, document: String)? = nil,
        positions: (store: ReadingPositions, document: String)? = nil, shownTips: ShownTips? = nil,
        annotations: AnnotationPlaces? = nil, remote: RemoteControl? = nil, syncTeXTarget: SyncTeXTarget? = nil
    ) {
        self.remote = remote
        self.syncTeXTarget = syncTeXTarget
        self.annotations = annotations
        self.positions = positions
        self.shownTips = shownTips
        self.configuration = configuration
        self.searchHistory = searchHistory
        self.marks = marks
        self.document = document
        self.path = path
        self.startPage = startPage
        self.notes = notes
        self.graphics = graphics
        self.services = services
        self.quitReturnsToBrowser = quitReturnsToBrowser
    }

    /// Runs the reader on `terminal` until the user leaves or a signal arrives.
    public func run(on terminal: some TerminalBackend) -> Ending {
        ReaderRuntime(session: self, terminal: terminal).run()
    }
}

/// A background result handed to the reader's loop.
enum ReaderMail: Sendable {
    /// An event for the reader state.
    case event(ReaderEvent)
    /// Text ready to go to the clipboard (the whole document, extracted in the background).
    case copy(text: String, description: String)
    /// The document's file may have changed (the file watcher saw it).
    case fileChanged
    /// A reload finished.
    case reload(DocumentReloader.Outcome)
    /// The renderer finished a page image, or could not make it.
    case pageImage(PageImageRenderer.Outcome)
    /// The annotation worker is about to save a change (the file may change under the watcher).
    case annotationSaving
    /// The annotation worker's save ended: the file's fingerprint when it wrote the PDF, nil
    /// when it did not; `changedElsewhere` when it found the file changed by another program
    /// (and reloaded it for itself).
    case annotationSaved(FileFingerprint?, changedElsewhere: Bool)
    /// A request came through the remote-control socket; `responder` sends the reply.
    case remote(RemoteRequest, RemoteResponder)
    /// A forward search for `target` ended; its reply goes to `responder` (nil when no client
    /// asked: `--synctex-forward` starting the reader).
    case forwardSearched(SyncTeXTarget, Result<[SyncTeXBox], SyncTeXError>, RemoteResponder?)
}

extension ReaderMail {
    /// Answers the client of this mail, a remote request or a forward search the reader ended
    /// before handling: the document is closed. Other mail asks for no answer.
    func refuse() {
        switch self {
        case .remote(_, let responder): responder.reply(.failure("the reader has closed the document"))
        case .forwardSearched(_, _, let responder): responder?.reply(.failure("the reader has closed the document"))
        default: break
        }
    }
}

/// One run of a ``ReaderSession``: the state, the workers and the terminal, and the loop that
/// ties them together.
private final class ReaderRuntime<Terminal: TerminalBackend>: SessionScreen {
    private let session: ReaderSession
    private let terminal: Terminal
    /// Where the file watcher and the reloader leave their news, for the whole session.
    private let mailbox: SessionMailbox<ReaderMail>
    /// Where the workers of the document's current version leave results; replaced (and the
    /// old one closed) on a reload, so nothing of the old version arrives afterwards.
    private var workMailbox: SessionMailbox<ReaderMail>
    /// The document's current version.
    private var document: Document
    private var background: ReaderBackgroundWork
    private var images: PageImageRenderer
    /// The bytes of the page images the state counts as ready (``ReaderState/readyImages``),
    /// and of a few it no longer does; the current version's.
    private var imageCache: PageImageCache
    private var writer: PageImageWriter
    private let reloader: DocumentReloader
    private var watcher: FileWatcher?
    private let positionSaver: PositionSaver?
    /// The document's annotations, on a worker of their own for the whole session.
    private let annotations: ReaderAnnotations?
    /// Forward and inverse search, with the document's SyncTeX data.
    private let syncTeX: ReaderSyncTeX
    /// Whether the annotation worker is saving: a change of the file seen meanwhile waits for
    /// the save's end, to tell Folio's own save from another program's.
    private var savingAnnotations = false
    private var fileChangedWhileSaving = false
    /// The file as Folio's last save of annotations left it: a change to this is no news.
    private var ownSave: FileFingerprint?
    /// A save found the file changed by another program and made the changes again on it: said
    /// once the reader has reloaded (the reload's own message would hide it).
    private var reappliedAnnotations = false
    private var state: ReaderState
    private var ending: ReaderSession.Outcome?
    /// The images last written over the text area, top to bottom (two or more while scrolling
    /// continuously): when they change to ones that leave some of them showing, the cells left
    /// are blanked or the whole screen repainted, so no stale pixels stay behind (for kitty,
    /// they are replaced or deleted).
    private var placements: [ImagePlacement] = []
    /// Whether the terminal lost the image on screen (evicted), so it must be sent again.
    private var imageLost = false
    /// The part of the screen the images last written paint over (``PageImageWriter/screenArea(of:)``),
    /// nil when none shows.
    private var shownImageArea: PixelRect?
    /// The size of the frame last drawn: after a resize the whole screen is repainted (curses
    /// does so for a new size in any case) rather than the old images' cells blanked.
    private var shownFrameSize: ScreenSize?
    /// The page whose text a traced frame last showed: the next frame with another page's text
    /// is marked "loaded", so the trace tells when a page's text reached the screen.
    private var pageShownWithText: Int?

    init(session: ReaderSession, terminal: Terminal) {
        self.session = session
        self.terminal = terminal
        let mailbox = SessionMailbox<ReaderMail>(wakeUp: terminal.wakeUp)
        self.mailbox = mailbox
        document = session.document
        (workMailbox, background, images) = Self.workers(for: session.document, session: session, terminal: terminal)
        imageCache = PageImageCache(capacity: session.services.pageImageCacheCapacity)
        writer = PageImageWriter(support: session.graphics)
        reloader = DocumentReloader(path: session.path) { mailbox.post(.reload($0)) }
        positionSaver = session.positions.map { positions in
            PositionSaver(positions: positions.store, document: positions.document) { error in
                mailbox.post(.event(.notice(.positionNotSaved(reason: "\(error)"))))
            }
        }
        let summary = Self.summary(of: session.document, path: session.path)
        let terminalEnvironment = Environment.values(Configuration.rightToLeftTerminalVariables)
        state = ReaderState(
            document: summary, startPage: min(max(session.startPage, 0), max(summary.pageCount - 1, 0)),
            screen: terminal.size, keys: session.configuration.keys, preferences: session.configuration.reader,
            imageAvailability: Self.availability(of: session.graphics),
            scalesImages: session.graphics.method == .kitty && !session.graphics.throughTmux,
            searchHistory: session.searchHistory?.patterns() ?? PromptHistory(),
            marks: session.marks.map { $0.store.marks(for: $0.document) } ?? [],
            bidi: session.configuration.reordersRightToLeft(environment: terminalEnvironment) ? MuPDFBidi.shared : nil,
            shapesArabic: session.configuration.shapesArabic(environment: terminalEnvironment))
        if session.configuration.reload {
            watcher = FileWatcher(path: session.path) { mailbox.post(.fileChanged) }
        }
        syncTeX = ReaderSyncTeX(
            pdfPath: session.path, editor: session.configuration.syncTeXEditor,
            editorTimeLimit: session.services.editorTimeLimit
        ) { mailbox.post($0) }
        annotations = session.annotations.map { places in
            ReaderAnnotations(source: session.document, path: session.path, places: places) { mailbox.post($0) }
        }
        session.remote?.handler = { request, responder in mailbox.post(.remote(request, responder)) }
    }

    deinit {
        session.remote?.handler = nil
        annotations?.stop()
        watcher?.stop()
        reloader.stop()
        background.stop()
        images.stop()
    }

    /// The workers of one version of the document, and the mailbox they post to.
    private static func workers(
        for document: Document, session: ReaderSession, terminal: Terminal
    ) -> (SessionMailbox<ReaderMail>, ReaderBackgroundWork, PageImageRenderer) {
        let mailbox = SessionMailbox<ReaderMail>(wakeUp: terminal.wakeUp)
        let background = ReaderBackgroundWork(
            document: document, services: session.services, searchHistory: session.searchHistory,
            marks: session.marks, mailbox: mailbox)
        let images = PageImageRenderer(source: document, support: session.graphics) { mailbox.post(.pageImage($0)) }
        return (mailbox, background, images)
    }

    private static func summary(of document: Document, path: String) -> DocumentSummary {
        let info = try? document.info()
        let labels = (try? document.pageLabels()) ?? .none
        return DocumentSummary(
            fileName: baseName(path), title: info?.title, pageCount: info?.pageCount ?? 0, labelRanges: labels.ranges)
    }

    /// Puts the new version of the document in place of the old: new workers, the old ones
    /// stopped and their mailbox closed, and the state moved over to it.
    private func replaceDocument(with reloaded: Document, currentPageText: PageText?) {
        // The annotation worker's copy follows, before the new version's pages are read.
        annotations?.submit(.documentReloaded)
        workMailbox.close()
        background.stop()
        images.stop()
        document = reloaded
        (workMailbox, background, images) = Self.workers(for: reloaded, session: session, terminal: terminal)
        imageCache = PageImageCache(capacity: session.services.pageImageCacheCapacity)
        // The new renderer numbers its images afresh: the old version's go from the terminal.
        freeTerminalImages()
        placements = []
        terminal.repaintFully()
        let summary = Self.summary(of: reloaded, path: session.path)
        session.services.trace?.record(.reloaded(pages: summary.pageCount))
        perform(state.handle(.documentReloaded(summary, currentPageText: currentPageText)))
    }

    /// Deletes the images the terminal holds for this reader (kitty), their data too.
    private func freeTerminalImages() {
        let farewell = writer.farewell()
        if !farewell.isEmpty {
            terminal.writeImage(farewell)
        }
    }

    func run() -> ReaderSession.Ending {
        // Work still running when the reader ends must not wake the next session; images kept in
        // the terminal (kitty) are deleted, their data too.
        // The owner saves the last page once this returns: no earlier save may land after it.
        defer {
            // Requests from now on are the next screen's; those that came meanwhile are told.
            session.remote?.handler = nil
            // Every change made is saved before the reader ends.
            annotations?.finish()
            mailbox.close()
            workMailbox.close()
            for mail in mailbox.take() + workMailbox.take() {
                mail.refuse()
            }
            freeTerminalImages()
            positionSaver?.waitUntilSaved()
        }
        let outcome = SessionLoop.run(self, on: terminal)
        return ReaderSession.Ending(outcome: outcome, page: state.currentPage)
    }

    func start() -> ReaderSession.Outcome? {
        perform(state.start(notes: session.notes))
        draw(first: true)
        if let target = session.syncTeXTarget {
            forwardSearch(target, replyingTo: nil)
        }
        return ending
    }

    func handle(_ event: TerminalEvent) -> ReaderSession.Outcome? {
        switch event {
        case .key(let key):
            session.services.trace?.record(.key(key.displayName))
            perform(state.handle(.key(key)))
        case .mouse(let mouse):
            perform(state.handle(.mouse(mouse)))
        case .paste(let text):
            perform(state.handle(.paste(text)))
        case .resize(let size):
            perform(state.handle(.resize(size)))
        case .suspendRequested:
            // A stopped process is often killed without another word.
            perform(state.savePositionNow())
            positionSaver?.waitUntilSaved()
            perform(state.handle(.suspended))
            terminal.suspend()
            perform(state.handle(.resize(terminal.size)))
        case .imageEvicted(let id):
            session.services.trace?.record(.imageMissing(id: id))
            if writer.forget(imageID: id) {
                imageLost = true
            }
        case .terminate(let signal):
            // Ctrl-C stops a running search and leaves the reader open, as in less.
            guard signal == SIGINT, let effects = state.interruptWork() else { return .signal(signal) }
            perform(effects)
        }
        return ending
    }

    func takeMail() -> ReaderSession.Outcome? {
        // The current version's results first: a reload among the session's news replaces
        // the version, and nothing of the old one may be handled after that.
        for mail in workMailbox.take() + mailbox.take() {
            switch mail {
            case .event(let event): perform(state.handle(event))
            case .copy(let text, let description): copy(text, description: description)
            case .fileChanged: fileChanged()
            case .annotationSaving: savingAnnotations = true
            case .annotationSaved(let fingerprint, let changedElsewhere):
                annotationSaved(fingerprint, changedElsewhere: changedElsewhere)
            case .reload(.reloaded(let reloaded, let text)):
                replaceDocument(with: reloaded, currentPageText: text)
                sayAnnotationsReapplied()
            case .reload(.kept(let reason)):
                perform(state.handle(.notice(reason)))
                sayAnnotationsReapplied()
            case .pageImage(.rendered(let request, let entry)): received(entry, for: request)
            case .pageImage(.failed(let request, let reason)):
                perform(state.handle(.renderFailed(request, reason: reason)))
            case .remote(let request, let responder): answer(request, responder)
            case .forwardSearched(let target, let result, let responder):
                forwardSearched(target, result, responder)
            }
        }
        return ending
    }

    func endTurn() {
        perform(state.positionEffects())
        draw(first: false)
    }

    /// Carries out `effects`, each by what does it: the session itself, the loader, the
    /// searcher, the query and copy workers, the renderer, the reloader or the position saver.
    /// The switch names every effect, so a new one is not carried out by default.
    private func perform(_ effects: [ReaderEffect]) {
        for effect in effects {
            switch effect {
            case .clearScreen: terminal.repaintFully()
            case .quit: ending = session.quitReturnsToBrowser ? .browse : .quit
            case .openBrowser: ending = .browse
            case .openMarkedDocument(let path, let page): ending = .open(path: path, page: page)
            case .loadPages(let pages):
                background.loader.load(pages)
                annotations?.submit(.read(pages))
            case .cancelLoads(let keeping): background.loader.cancel(keeping: keeping)
            case .search(let request): background.searcher.start(request)
            case .cancelSearch: background.searcher.cancel()
            case .countMatches(let request): background.searcher.count(request)
            case .recordSearch(let pattern): background.recordSearch(pattern)
            case .saveMark(let mark): background.saveMark(mark)
            case .loadOutline: background.queries.submit([.outline])
            case .loadLinks(let page): background.queries.submit([.links(page: page)])
            case .copy(let text, let description): copy(text, description: description)
            case .copyDocument: background.copier.submit([state.document.pageCount])
            case .renderPages(let requests): render(requests)
            case .cancelRenders(let keeping): images.cancel(keeping: keeping)
            case .reloadDocument: reloader.reload(document)
            case .settlePosition(let page): settle(page)
            case .savePosition(let page): positionSaver?.save(page)
            case .tipShown(let tip): try? session.shownTips?.record(tip.rawValue, on: session.graphics.terminalKind)
            case .changeAnnotation(let change):
                if let annotations {
                    annotations.make(change)
                } else {
                    perform(
                        state.handle(.annotationChangeFailed(change, reason: "annotations are off in this session")))
                }
            case .listAnnotations:
                if let annotations {
                    annotations.submit(.list)
                } else {
                    perform(state.handle(.annotationListLoaded([])))
                }
            case .findSource(let page, let x, let y): syncTeX.openSource(page: page, x: x, y: y)
            case .clearSyncTeXMark(let id, let delay):
                let mailbox = mailbox
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                    mailbox.post(.event(.syncTeXMarkTimedOut(id: id)))
                }
            }
        }
    }

    /// Answers a request from the remote-control socket: `synctex` through the SyncTeX worker,
    /// the others as the state says.
    private func answer(_ request: RemoteRequest, _ responder: RemoteResponder) {
        guard case .syncTeX(let text) = request else {
            let answer = state.answer(request, file: canonicalPath)
            perform(answer.effects)
            responder.reply(answer.reply)
            return
        }
        if let refusal = state.remoteRefusal {
            return responder.reply(.failure(refusal))
        }
        do throws(SyncTeXTargetError) {
            forwardSearch(try SyncTeXTarget(parsing: text), replyingTo: responder)
        } catch {
            responder.reply(.failure(error.description))
        }
    }

    /// Asks the SyncTeX worker where `target` is; the answer comes back as mail (or, when the
    /// reader has ended meanwhile, the client is told).
    private func forwardSearch(_ target: SyncTeXTarget, replyingTo responder: RemoteResponder?) {
        let mailbox = mailbox
        syncTeX.forward(target) { result in
            let mail = ReaderMail.forwardSearched(target, result, responder)
            if !mailbox.post(mail) {
                mail.refuse()
            }
        }
    }

    /// A forward search ended: the reader goes to the first page of its boxes, marking those
    /// on that page, and says so; the client, if any, gets where the reader now is, or why not.
    private func forwardSearched(
        _ target: SyncTeXTarget, _ result: Result<[SyncTeXBox], SyncTeXError>, _ responder: RemoteResponder?
    ) {
        let file = syncTeX.displayName(of: target.input)
        switch result {
        case .success(let boxes):
            guard let page = boxes.first?.page else {
                let reason = SyncTeXError.noPlace(input: file, line: target.line).description
                perform(state.handle(.notice(.forwardSearchFailed(reason: reason))))
                responder?.reply(.failure(reason))
                return
            }
            let onPage = boxes.filter { $0.page == page }.map { TextRect(x0: $0.x0, y0: $0.y0, x1: $0.x1, y1: $0.y1) }
            perform(state.handle(.syncTeXPlaceFound(page: page, boxes: onPage)))
            if state.currentPage == page {
                perform(state.handle(.notice(.forwardSearch(file: file, line: target.line))))
                responder?.reply(.ok(state.pageReport(file: canonicalPath).line))
            } else {
                responder?.reply(.failure(NoticeText.words(for: state.message ?? .noPages, keymap: state.keymap)))
            }
        case .failure(let error):
            perform(state.handle(.notice(.forwardSearchFailed(reason: error.description))))
            responder?.reply(.failure(error.description))
        }
    }

    /// The document's absolute path, links resolved, as remote clients name it.
    private var canonicalPath: String { Interactive.canonical(session.path) }

    /// The watcher saw the file change: another program's change reloads the document, Folio's
    /// own save of annotations does not (its page images are made again, to show them).
    private func fileChanged() {
        if savingAnnotations {
            fileChangedWhileSaving = true
            return
        }
        if let ownSave, (try? FileFingerprint.of(path: session.path)) == ownSave {
            return
        }
        reloader.reload(document)
    }

    /// The annotation worker's save ended, leaving the file with `fingerprint` when it wrote it;
    /// when it found another program's change (`changedElsewhere`), the reader reloads too.
    private func annotationSaved(_ fingerprint: FileFingerprint?, changedElsewhere: Bool) {
        savingAnnotations = false
        if let fingerprint {
            ownSave = fingerprint
            redrawPageImages()
        }
        if changedElsewhere {
            fileChangedWhileSaving = false
            reappliedAnnotations = true
            reloader.reload(document)
            return
        }
        if fileChangedWhileSaving {
            fileChangedWhileSaving = false
            fileChanged()
        }
    }

    /// After a reload a save asked for: says that the file was changed by another program and
    /// the annotations made again on it.
    private func sayAnnotationsReapplied() {
        guard reappliedAnnotations else { return }
        reappliedAnnotations = false
        perform(state.handle(.notice(.annotationsReapplied(fileName: state.document.fileName))))
    }

    /// Page images are made again from the file as it now is (with the annotations just saved):
    /// a new renderer, whose copies of the document open the file afresh.
    private func redrawPageImages() {
        images.stop()
        let workMailbox = workMailbox
        images = PageImageRenderer(source: document, support: session.graphics) { workMailbox.post(.pageImage($0)) }
        imageCache = PageImageCache(capacity: session.services.pageImageCacheCapacity)
        if !placements.isEmpty {
            freeTerminalImages()
            placements = []
            terminal.repaintFully()
        }
        perform(state.handle(.pageImagesOutdated))
    }

    /// Asks the renderer for the images of `requests` that are not cached; those that are, the
    /// state is told of at once.
    private func render(_ requests: [RenderRequest]) {
        var missing: [RenderRequest] = []
        for request in requests {
            if let entry = imageCache.entry(for: request) {
                perform(
                    state.handle(
                        .pageRendered(
                            request, rows: entry.rows, columns: entry.columns, cropBox: entry.cropBox,
                            parts: entry.parts)))
            } else {
                missing.append(request)
            }
        }
        if !missing.isEmpty {
            images.render(missing)
        }
    }

    /// Caches a rendered image's bytes, then tells the state it is ready (the cache holds the
    /// bytes before the state can count it as ready), then lets the cache drop what the state no
    /// longer counts; a kitty terminal is sent the image ahead of its placement.
    private func received(_ entry: PageImageCache.Entry, for request: RenderRequest) {
        imageCache.store(entry, for: request)
        perform(
            state.handle(
                .pageRendered(
                    request, rows: entry.rows, columns: entry.columns, cropBox: entry.cropBox, parts: entry.parts)))
        imageCache.trim(keeping: state.readyImages)
        // A neighbour's image goes to a kitty terminal now, while the page on screen is read: a
        // flip to it then only places it. (An image the next frame shows goes with its placement.)
        guard writer.sendsAhead, state.readyImages.contains(request) else { return }
        let frame = ReaderView.render(state)
        let shown = (frame.image.map { [$0] } ?? []) + frame.imagesBelow + placements
        if !shown.contains(where: { $0.request == request }) {
            let preload = writer.preloading(entry.image)
            if !preload.isEmpty {
                terminal.writeImage(preload)
            }
        }
    }

    /// Tells the state, after ``SessionServices/positionSettleDelay``, that `page` was reached
    /// that long ago (nothing when positions are not kept).
    private func settle(_ page: Int) {
        guard positionSaver != nil else { return }
        let mailbox = mailbox
        DispatchQueue.global().asyncAfter(deadline: .now() + session.services.positionSettleDelay) {
            mailbox.post(.event(.positionSettled(page: page)))
        }
    }

    /// Sends `text` to the terminal's clipboard (OSC 52) and to a clipboard program, and
    /// reports how on the status line.
    private func copy(_ text: String, description: String) {
        let sequence = session.services.sendsOSC52 ? Clipboard.osc52Sequence(for: text) : nil
        if let sequence {
            terminal.writeControl(sequence)
        }
        background.copyWithTool(text, description: description, sentOSC52: sequence != nil)
    }

    private func draw(first: Bool) {
        let frame = ReaderView.render(state)
        let wanted = frame.image.map { [$0] + frame.imagesBelow } ?? []
        // The frame names only images the state counts as ready, whose bytes the cache keeps.
        let cached = wanted.compactMap { placement in
            imageCache.entry(for: placement.request).map { (image: $0.image, placement: placement) }
        }
        // New images are encoded before the screen changes, so that nothing is missing from it
        // longer than the write takes.
        let resized = shownFrameSize.map { $0 != frame.size } ?? false
        var encoded: EncodedImage?
        if !cached.isEmpty, wanted != placements || imageLost || resized {
            encoded = encode(cached)
        }
        // After a resize, images drawn into the cells go out first, with every other cell blanked
        // (the status line's too) in the same write, in place of the repaint a new size takes,
        // which would leave the screen empty until they are out: what the terminal kept of the old
        // screen stays up until they replace it. (Not in dark mode: its blanks are not the
        // terminal's own colour.)
        var wholeScreenCost: FrameTrace.ImageCost?
        if resized, writer.drawsIntoCells, frame.colours == nil, let encoded, let area = encoded.area,
            !encoded.pieces.isEmpty
        {
            let writing = TraceLog.now()
            let bytes = terminal.writeOverWholeScreen(
                writer.erasure(ofScreen: frame.size, keeping: area) + encoded.pieces)
            wholeScreenCost = FrameTrace.ImageCost(
                encode: encoded.encode, write: TraceLog.milliseconds(from: writing, to: TraceLog.now()), bytes: bytes)
        }
        // Where new images drawn into the cells leave some of the old showing (a smaller image),
        // the cells they leave are blanked in the same write, just before them; a page of the
        // same size is drawn straight over the last, and so are the pages of a continuous scroll
        // filling the same rows. Going back to text, or in dark mode (whose blank cells are not
        // the terminal's own colour), the screen is repainted instead, and shows no image until
        // the new one is written.
        var erasure: [ImagePiece] = []
        if wholeScreenCost == nil, wanted != placements, writer.drawsIntoCells {
            let hidesShown = encoded.map { new in
                guard let area = new.area, let shown = shownImageArea else { return false }
                return PageImageWriter.covers(area, shown)
            }
            if hidesShown != true {
                if let encoded, let shown = shownImageArea, frame.colours == nil, frame.size == shownFrameSize {
                    erasure = writer.erasure(of: shown, keeping: encoded.area, textRows: frame.size.rows - 1)
                } else {
                    terminal.repaintFully()
                }
            }
        }
        // Unchanged images over an unchanged screen stay where they are: sending them again
        // would only cost bandwidth (over ssh, megabytes a key).
        let repainted = terminal.draw(frame)
        var imageCost = wholeScreenCost
        var removedBytes: Int?
        if cached.isEmpty, !placements.isEmpty {
            // The view shows text (or an overlay) again: an image kept apart from the text
            // (kitty) is deleted; the others went with the repaint.
            let removal = writer.removal()
            if !removal.isEmpty {
                removedBytes = terminal.writeImage(removal)
            }
        }
        if wholeScreenCost != nil {
            imageLost = false
            shownImageArea = encoded?.area
        } else if !cached.isEmpty, repainted || wanted != placements || imageLost {
            imageLost = false
            let encoded = encoded ?? encode(cached)
            if !encoded.pieces.isEmpty || !erasure.isEmpty {
                let writing = TraceLog.now()
                let bytes = terminal.writeImage(erasure + encoded.pieces)
                imageCost = FrameTrace.ImageCost(
                    encode: encoded.encode, write: TraceLog.milliseconds(from: writing, to: TraceLog.now()),
                    bytes: bytes)
            }
            shownImageArea = encoded.area
        } else if cached.isEmpty {
            shownImageArea = nil
        }
        placements = wanted
        shownFrameSize = frame.size
        reloader.show(page: state.currentPage)
        trace(first: first, imageCost: imageCost, removedBytes: removedBytes)
    }

    /// Page images' pieces for the terminal, the part of the screen they paint over, and what
    /// encoding them took, in milliseconds.
    private struct EncodedImage {
        var pieces: [ImagePiece]
        var area: PixelRect?
        var encode: Double
    }

    /// `images` encoded where they go by the session's writer, top to bottom.
    private func encode(_ images: [PageImageWriter.Placed]) -> EncodedImage {
        let started = TraceLog.now()
        let pieces = writer.pieces(drawing: images)
        return EncodedImage(
            pieces: pieces, area: writer.screenArea(of: images),
            encode: TraceLog.milliseconds(from: started, to: TraceLog.now()))
    }

    /// Records the frame in the trace: the page, whether it is the first, what drawing the
    /// image cost (encoding it, then writing it out, and its bytes), what deleting one that went
    /// cost (kitty), and whether the page's text arrived.
    private func trace(first: Bool, imageCost: FrameTrace.ImageCost?, removedBytes: Int?) {
        guard let trace = session.services.trace else { return }
        // The image is marked so that a test in a real terminal can wait for it, not just a frame.
        var frame = FrameTrace(
            page: state.currentPage + 1, first: first, image: imageCost, deletedImageBytes: removedBytes)
        if state.hasCurrentPageText, pageShownWithText != state.currentPage {
            pageShownWithText = state.currentPage
            frame.loaded = true
        } else if !state.hasCurrentPageText {
            pageShownWithText = nil
        }
        trace.record(.frame(frame))
    }

    private static func availability(of graphics: GraphicsSupport) -> ImageAvailability {
        switch graphics.method {
        case .sixel, .kitty, .iterm: .available(label: "image")
        case .halfBlocks: .available(label: "image ▀")
        case .none: .unavailable(reason: graphics.explanation.first ?? "turned off")
        }
    }

    private static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
