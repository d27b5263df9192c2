import Dispatch
import FolioCore
import FolioDocument
import FolioTerminal
import Glibc

/// The interactive reader: one loop owns the ``ReaderState``; keys and background results come
/// in as events, effects go out to the page loader, the searcher, the clipboard and the
/// terminal, and every change ends in a frame.
struct ReaderSession {
    let document: Document
    let path: String
    let startPage: Int
    /// The first message on the status line, if any (where reading resumes).
    let note: String?
    let graphics: GraphicsSupport
    let trace: TraceLog?
    /// Whether `q` goes back to the file browser the document was opened from.
    let quitReturnsToBrowser: Bool

    /// How the reader ended.
    enum Outcome {
        case quit
        /// `F`, or `q` in a document opened from the browser.
        case browse
        /// A terminating signal arrived.
        case signal(Int32)
    }

    /// How the reader ended, and the page it was on (0-based).
    struct Ending {
        var outcome: Outcome
        var page: Int
    }

    /// A background result handed to the loop.
    private enum Background: Sendable {
        /// An event for the reader state.
        case event(ReaderEvent)
        /// Text ready to go to the clipboard (the whole document, extracted in the background).
        case copy(text: String, description: String)
    }

    /// Runs the reader on `terminal` until the user leaves or a signal arrives.
    func run(on terminal: CursesTerminal) -> Ending {
        let info = (try? document.info())
        let pageCount = info?.pageCount ?? 0
        let summary = DocumentSummary(
            fileName: Self.baseName(path), title: info?.title, pageCount: pageCount)
        let document = document
        let loop = EventLoop<Background>()
        let loader = PageLoader(document: document) { page, result in
            switch result {
            case .success(let text): loop.post(.event(.pageLoaded(page: page, text: text)))
            case .failure(let error): loop.post(.event(.pageFailed(page: page, message: error.description)))
            }
        }
        defer { loader.stop() }
        let searcher = DocumentSearcher(source: document) { report in
            switch report {
            case .progress(let id, let searched, let total):
                loop.post(.event(.searchProgress(id: id, searched: searched, total: total)))
            case .found(let id, let page): loop.post(.event(.searchFound(id: id, page: page)))
            case .notFound(let id): loop.post(.event(.searchFailed(id: id, reason: nil)))
            case .failed(let id, let reason): loop.post(.event(.searchFailed(id: id, reason: reason)))
            }
        }
        defer { searcher.cancel() }
        let images = PageImages(source: document, support: graphics) { loop.post(.event($0)) }
        defer { images.stop() }
        let background = DispatchQueue(label: "folio.reader.background")

        var state = ReaderState(
            document: summary, startPage: min(max(startPage, 0), max(pageCount - 1, 0)), screen: terminal.size,
            imageAvailability: Self.availability(of: graphics))
        var running = true
        var outcome = Outcome.quit
        func copy(_ text: String, description: String) {
            let sequence = Clipboard.osc52Sequence(for: text)
            if let sequence {
                terminal.writeRaw(sequence)
            }
            background.async {
                let tool = Clipboard.copyWithTool(text)
                let report = Clipboard.report(
                    characters: text.count, description: description, sentOSC52: sequence != nil, tool: tool)
                loop.post(.event(.notice(report)))
            }
        }
        func perform(_ effects: [ReaderEffect]) {
            for effect in effects {
                switch effect {
                case .loadPages(let pages): loader.load(pages)
                case .cancelLoads(let keeping): loader.cancel(keeping: keeping)
                case .clearScreen: terminal.repaintFully()
                case .quit:
                    running = false
                    outcome = quitReturnsToBrowser ? .browse : .quit
                case .openBrowser:
                    running = false
                    outcome = .browse
                case .search(let request): searcher.start(request)
                case .cancelSearch: searcher.cancel()
                case .loadOutline:
                    background.async {
                        do throws(DocumentError) {
                            let items = try document.outline().entries
                            loop.post(.event(.outlineLoaded(items)))
                        } catch {
                            loop.post(.event(.outlineFailed(error.description)))
                        }
                    }
                case .loadLinks(let page):
                    background.async {
                        let links = (try? document.links(page: page)) ?? []
                        loop.post(.event(.linksLoaded(page: page, links: links)))
                    }
                case .copy(let text, let description):
                    copy(text, description: description)
                case .copyDocument:
                    background.async { Self.extractAll(document, pageCount: pageCount, loop: loop) }
                case .renderPages(let requests): images.render(requests)
                case .cancelRenders(let keeping): images.cancel(keeping: keeping)
                }
            }
        }
        // Images are written over the text area after curses has drawn; when the image changes
        // or goes, the whole screen is repainted so no stale pixels stay behind.
        var placement: ImagePlacement?
        // The page whose text a traced frame last showed: the next frame with another page's
        // text is marked "loaded", so the trace tells when a page's text reached the screen.
        var pageShownWithText: Int?
        func draw(first: Bool = false) {
            let frame = ReaderView.render(state)
            if frame.image != placement {
                terminal.repaintFully()
            }
            // An unchanged image over an unchanged screen stays where it is: sending it again
            // would only cost bandwidth (over ssh, megabytes a key).
            let repainted = terminal.draw(frame)
            // What drawing the image cost, for the trace: encoding it, then writing it out.
            var imageCost: (encode: Double, write: Double, bytes: Int)?
            if let image = frame.image, repainted || image != placement {
                let started = TraceLog.now()
                if let bytes = images.drawing(image) {
                    let encoded = TraceLog.now()
                    terminal.writeRaw(bytes)
                    imageCost = (TraceLog.milliseconds(from: started, to: encoded),
                                 TraceLog.milliseconds(from: encoded, to: TraceLog.now()), bytes.count)
                }
            }
            placement = frame.image
            guard let trace else { return }
            var event = "frame page=\(state.currentPage + 1)"
            if first {
                event += " first"
            }
            // Marked so that a test in a real terminal can wait for the image, not just a frame.
            if let imageCost {
                event += " image encode=\(TraceLog.format(imageCost.encode)) write=\(TraceLog.format(imageCost.write))"
                    + " bytes=\(imageCost.bytes)"
            }
            if state.hasCurrentPageText, pageShownWithText != state.currentPage {
                pageShownWithText = state.currentPage
                event += " loaded"
            } else if !state.hasCurrentPageText {
                pageShownWithText = nil
            }
            trace.record(event)
        }
        perform(state.start(note: note))
        draw(first: true)

        while running {
            let wake = loop.wait(milliseconds: -1)
            for signal in wake.signals {
                switch signal {
                case SignalRelay.resize:
                    perform(state.handle(.resize(terminal.adoptWindowSize())))
                case SignalRelay.suspend:
                    terminal.suspend()
                    perform(state.handle(.resize(terminal.adoptWindowSize())))
                default:
                    return Ending(outcome: .signal(signal), page: state.currentPage)
                }
            }
            for item in wake.events {
                switch item {
                case .event(let event): perform(state.handle(event))
                case .copy(let text, let description): copy(text, description: description)
                }
            }
            if wake.inputReady {
                while running, let input = terminal.readInput() {
                    switch input {
                    case .key(let key):
                        trace?.record("key \(key.displayName)")
                        perform(state.handle(.key(key)))
                    case .resize(let size):
                        perform(state.handle(.resize(size)))
                    }
                }
            }
            if running {
                draw()
            }
        }
        return Ending(outcome: outcome, page: state.currentPage)
    }

    /// Extracts every page's text (on a document of its own, so page loads don't wait), with
    /// progress notices, and hands the result back for the clipboard.
    private static func extractAll(_ document: Document, pageCount: Int, loop: EventLoop<Background>) {
        do throws(DocumentError) {
            let copy = try document.reopened()
            var text = ""
            var lastNotice = DispatchTime.now()
            for page in 0..<pageCount {
                text += (try? copy.plainText(page: page, cancellation: Cancellation(timeLimit: 10))) ?? ""
                text += "\u{0C}"
                if DispatchTime.now().uptimeNanoseconds - lastNotice.uptimeNanoseconds > 200_000_000 {
                    lastNotice = DispatchTime.now()
                    loop.post(.event(.notice("Copying… \(page + 1)/\(pageCount) pages")))
                }
            }
            loop.post(.copy(text: text, description: "the whole document (\(pageCount) pages)"))
        } catch {
            loop.post(.event(.notice("Could not copy the document: \(error.description)")))
        }
    }

    private static func availability(of graphics: GraphicsSupport) -> ImageAvailability {
        switch graphics.method {
        case .sixel: .available(label: "image")
        case .halfBlocks: .available(label: "image ▀")
        case .none: .unavailable(reason: graphics.explanation.first ?? "turned off")
        }
    }

    private static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
