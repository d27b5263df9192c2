import FolioCore
import FolioDocument
import FolioTerminal
import Glibc

/// The interactive reader: one loop owns the ``ReaderState``; keys and extracted pages come in as
/// events, effects go out to the page loader and the terminal, and every change ends in a frame.
struct ReaderSession {
    let document: Document
    let path: String
    let startPage: Int
    let trace: TraceLog?

    /// A background result handed to the loop.
    private enum Background: Sendable {
        case page(Int, Result<PageText, DocumentError>)
    }

    /// Runs the reader until the user quits or a signal arrives; returns the exit status.
    func run() throws(TerminalError) -> Int32 {
        let info = (try? document.info())
        let pageCount = info?.pageCount ?? 0
        let summary = DocumentSummary(
            fileName: Self.baseName(path), title: info?.title, pageCount: pageCount)
        SignalRelay.install()
        let terminal = try CursesTerminal()
        defer { terminal.stop() }
        let loop = EventLoop<Background>()
        let loader = PageLoader(document: document) { page, result in loop.post(.page(page, result)) }
        defer { loader.stop() }

        var state = ReaderState(
            document: summary, startPage: min(max(startPage, 0), max(pageCount - 1, 0)), screen: terminal.size)
        var running = true
        func perform(_ effects: [ReaderEffect]) {
            for effect in effects {
                switch effect {
                case .loadPages(let pages): loader.load(pages)
                case .cancelLoads(let keeping): loader.cancel(keeping: keeping)
                case .clearScreen: terminal.repaintFully()
                case .quit: running = false
                }
            }
        }
        // The page whose text a traced frame last showed: the next frame with another page's
        // text is marked "loaded", so the trace tells when a page's text reached the screen.
        var pageShownWithText: Int?
        func draw(first: Bool = false) {
            terminal.draw(ReaderView.render(state))
            guard let trace else { return }
            var event = "frame page=\(state.currentPage + 1)"
            if first {
                event += " first"
            }
            if state.hasCurrentPageText, pageShownWithText != state.currentPage {
                pageShownWithText = state.currentPage
                event += " loaded"
            } else if !state.hasCurrentPageText {
                pageShownWithText = nil
            }
            trace.record(event)
        }
        perform(state.start())
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
                    return 128 + signal
                }
            }
            for event in wake.events {
                switch event {
                case .page(let page, .success(let text)):
                    perform(state.handle(.pageLoaded(page: page, text: text)))
                case .page(let page, .failure(let error)):
                    perform(state.handle(.pageFailed(page: page, message: error.description)))
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
        return 0
    }

    private static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
