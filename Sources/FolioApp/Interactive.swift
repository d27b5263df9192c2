public import FolioConfiguration
public import FolioCore
public import FolioDocument
public import FolioGraphics
public import FolioState
import FolioTerminal
import Glibc

/// The interactive side of `folio`: the reader on a file, or the file browser on a folder (the
/// current one without an argument), one terminal for both. A document that cannot be opened
/// from the command line is reported before the screen is touched (``start()``). Each document
/// opens where it was left (``ReadingPositions``) unless a start page is given.
public struct Interactive: Sendable {
    /// What the session starts with.
    public enum Start: Sendable {
        /// The reader on a document opened from the command line.
        case reader(Document, path: String)
        /// The file browser on a folder.
        case browser(directory: String)
    }

    /// How the session ended: the exit status, and the lines to report once the terminal is
    /// back to normal (each to be printed as `folio: LINE`).
    public struct Ending: Sendable, Equatable {
        public var status: Int32
        public var messages: [String]

        /// An ending with exit status `status` and `messages` to report.
        public init(status: Int32, messages: [String]) {
            self.status = status
            self.messages = messages
        }
    }

    let path: String
    let password: String?
    /// The page to open at, as typed (a number or a printed label), instead of where the
    /// document was left.
    let startPage: String?
    let services: SessionServices
    let positions: ReadingPositions?
    let configuration: Configuration
    let searchHistory: SearchHistory?
    let markStore: MarkStore?
    /// The tips shown before, each shown once per kind of terminal.
    let shownTips: ShownTips?
    /// Where annotations are journaled and kept; nil leaves them unread.
    let annotationPlaces: AnnotationPlaces?
    /// The process's remote-control socket, answered by the reader on screen.
    let remote: RemoteControl?
    /// Where the first document opens (`--synctex-forward`), instead of where it was left.
    let syncTeXTarget: SyncTeXTarget?

    /// A session on `path` (a file or a folder; the current folder when nil), opening the first
    /// document at `startPage` when given: the page labelled so (`xiv`), else the page with
    /// that 1-based number. Reading positions are kept in `positions` (unless `configuration`
    /// turns remembering off), the patterns searched for in `searchHistory`, the marks in
    /// `markStore`; `configuration` gives the keys and how the reader starts, and its problems
    /// are the first message on the screen. A tip (sharper images) is shown once per kind of
    /// terminal, as `shownTips` remembers (at every start without it). Annotations are
    /// journaled and kept as `annotationPlaces` says. The reader on screen answers `remote`'s
    /// requests; `syncTeXTarget` is shown in the first document once it is open.
    public init(
        path: String?, password: String?, startPage: String?, services: SessionServices, positions: ReadingPositions?,
        configuration: Configuration = Configuration(), searchHistory: SearchHistory? = nil,
        markStore: MarkStore? = nil, shownTips: ShownTips? = nil, annotationPlaces: AnnotationPlaces? = nil,
        remote: RemoteControl? = nil, syncTeXTarget: SyncTeXTarget? = nil
    ) {
        self.remote = remote
        self.syncTeXTarget = syncTeXTarget
        self.annotationPlaces = annotationPlaces
        self.shownTips = shownTips
        self.searchHistory = searchHistory
        self.markStore = markStore
        self.path = path ?? "."
        self.password = password
        self.startPage = startPage
        self.services = services
        self.positions = configuration.remembersPosition ? positions : nil
        self.configuration = configuration
    }

    /// What the first screen says of the configuration's problems: the first one, and how
    /// many more `folio --check-config` lists; nil when there are none.
    var configurationNote: Notice? {
        guard let first = configuration.problems.first else { return nil }
        return .configurationProblems(first: "\(first)", more: configuration.problems.count - 1)
    }

    /// Opens the document named on the command line (asking for its password on the plain
    /// terminal), or finds it is a folder. Throws the `FILE: reason` line to report.
    public func start() throws(InteractiveError) -> Start {
        var status = stat()
        if stat(FileSystemName.cString(path), &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            return .browser(directory: Self.absolute(path))
        }
        do throws(DocumentError) {
            let document = try DocumentOpener(services: services).open(path, password: password) { retry in
                Errors.report(retry)
            }
            return .reader(document, path: path)
        } catch {
            throw InteractiveError(description: "\(path): \(error.description)")
        }
    }

    /// What the terminal shows: each screen runs as a session until it ends, and its ending
    /// says which screen comes next.
    enum Screen {
        /// The reader on `document`; `fromBrowser` when `q` goes back to the file browser.
        case reader(Document, path: String, fromBrowser: Bool)
        /// The file browser.
        case browser
        /// The file browser asking for the password of an encrypted document it opened, after
        /// `attempts` wrong ones.
        case locked(Document, path: String, attempts: Int)
    }

    /// Runs the reader and the browser on `terminal`, from `start`, until the user quits or a
    /// signal arrives.
    public func run(_ start: Start, on terminal: some TerminalBackend, graphics: GraphicsSupport) -> Ending {
        var flow = ScreenFlow(interactive: self, graphics: graphics)
        var screen: Screen
        switch start {
        case .reader(let document, let path): screen = .reader(document, path: path, fromBrowser: false)
        case .browser(let directory):
            flow.browser = BrowserState(directory: directory, screen: terminal.size, keys: configuration.keys)
            screen = .browser
        }
        while true {
            let next: Screen?
            switch screen {
            case .reader(let document, let path, let fromBrowser):
                next = flow.read(document, path: path, fromBrowser: fromBrowser, on: terminal)
            case .browser: next = flow.browse(locked: nil, on: terminal)
            case .locked(let document, let path, let attempts):
                next = flow.browse(locked: (document, path, attempts), on: terminal)
            }
            guard let next else { return Ending(status: flow.status, messages: flow.messages) }
            screen = next
        }
    }

    /// What the session carries from one screen to the next, and the step from each screen's
    /// ending to the screen after it (nil when the session ends, with ``status``).
    private struct ScreenFlow {
        let interactive: Interactive
        let graphics: GraphicsSupport
        /// The lines to report once the terminal is back to normal.
        var messages: [String] = []
        /// The exit status once the session ends.
        var status: Int32 = 0
        /// The browser, kept between its screens so returning from a document keeps the selection.
        var browser: BrowserState?
        var browserStarted = false
        /// The page typed on the command line, for the first document only.
        var startPage: String?
        /// The place `--synctex-forward` named, for the first document only.
        var syncTeXTarget: SyncTeXTarget?
        /// Where a global mark leads in the next document read.
        var markedPage: Int?
        /// What the next screen says first: what the configuration file got wrong, how to get
        /// sharper images (or why a marked document could not be opened), each in its turn.
        var notes: [Notice]

        init(interactive: Interactive, graphics: GraphicsSupport) {
            self.interactive = interactive
            self.graphics = graphics
            startPage = interactive.startPage
            syncTeXTarget = interactive.syncTeXTarget
            notes = interactive.configurationNote.map { [$0] } ?? []
            if let tip = graphics.advice,
                interactive.shownTips?.wasShown(tip.rawValue, on: graphics.terminalKind) != true
            {
                notes.append(.tip(tip))
            }
        }

        /// Hands the first `count` notes waiting (all by default) to the screen that shows
        /// them (the reader remembers a tip as shown once it is on its status line).
        private mutating func takeNotes(_ count: Int = .max) -> [Notice] {
            let taken = Array(notes.prefix(count))
            notes.removeFirst(taken.count)
            return taken
        }

        private var opener: DocumentOpener { DocumentOpener(services: interactive.services) }

        /// The session ends with exit status `status`.
        private mutating func end(_ status: Int32) -> Screen? {
            self.status = status
            return nil
        }

        /// Reads `document` until the reader ends; then what comes next.
        mutating func read(
            _ document: Document, path: String, fromBrowser: Bool, on terminal: some TerminalBackend
        ) -> Screen? {
            let ending = interactive.read(
                document, path: path, fromBrowser: fromBrowser,
                start: (startPage, markedPage, takeNotes(), syncTeXTarget), on: terminal, graphics: graphics,
                messages: &messages)
            startPage = nil
            syncTeXTarget = nil
            markedPage = nil
            switch ending.outcome {
            case .open(let markedPath, let page):
                let current = Screen.reader(document, path: path, fromBrowser: fromBrowser)
                switch opener.open(markedPath, on: terminal) {
                case .opened(let marked):
                    markedPage = page
                    notes = [.atMarkedPage(page: page)]
                    return .reader(marked, path: markedPath, fromBrowser: fromBrowser)
                case .locked:
                    markedPage = ending.page
                    notes = [.markedDocumentLocked(name: FileSystemName.displayed(Interactive.baseName(markedPath)))]
                    return current
                case .failed(let error):
                    markedPage = ending.page
                    notes = [.markedDocumentFailed(path: markedPath, reason: error.description)]
                    return current
                case .signal(let signal): return end(128 + signal)
                }
            case .quit: return end(0)
            case .signal(let signal): return end(128 + signal)
            case .browse:
                if browser == nil {
                    browser = Interactive.browser(
                        around: path, screen: terminal.size, keys: interactive.configuration.keys)
                    browserStarted = false
                }
                return .browser
            }
        }

        /// Runs the browser (asking for the password of `locked`, if given) until it ends; then
        /// what comes next.
        mutating func browse(
            locked: (document: Document, path: String, attempts: Int)?, on terminal: some TerminalBackend
        ) -> Screen? {
            guard var state = browser else { return end(0) }
            let keys = interactive.configuration.keys.reader
            // The browser's bottom row holds one message: the most important.
            let first = browserStarted ? nil : takeNotes(1).first
            // The browser shows its note at once: a tip is seen, so it is remembered as shown (a
            // failure to remember it only means it is shown again next time).
            if case .tip(let tip) = first {
                try? interactive.shownTips?.record(tip.rawValue, on: graphics.terminalKind)
            }
            let outcome = BrowserSession().run(
                &state, on: terminal, resuming: browserStarted,
                note: first.map { .readerNotice(NoticeText.words(for: $0, keymap: keys)) })
            browserStarted = true
            defer { browser = state }
            switch outcome {
            case .quit: return end(0)
            case .signal(let signal): return end(128 + signal)
            case .open(let path):
                switch opener.open(path, on: terminal) {
                case .opened(let document): return .reader(document, path: path, fromBrowser: true)
                case .locked(let document):
                    let name = TerminalSafeText.sanitized(FileSystemName.displayed(Interactive.baseName(path)))
                    _ = state.handle(.passwordNeeded(path: path, note: .encrypted(name: name)))
                    return .locked(document, path: path, attempts: 0)
                case .failed(let error):
                    _ = state.handle(.openFailed(path: path, reason: error.description))
                    return .browser
                case .signal(let signal): return end(128 + signal)
                }
            case .unlock(let path, let password):
                guard let locked, locked.path == path else {
                    return locked.map { .locked($0.document, path: $0.path, attempts: $0.attempts) } ?? .browser
                }
                return unlock(locked, password: password, in: &state)
            }
        }

        /// Tries `password` on the encrypted document the browser opened: the reader on it, the
        /// prompt again while tries are left, or the browser with the reason.
        private func unlock(
            _ locked: (document: Document, path: String, attempts: Int), password: String, in state: inout BrowserState
        ) -> Screen {
            do throws(DocumentError) {
                if let document = try opener.unlock(locked.document, path: locked.path, password: password) {
                    return .reader(document, path: locked.path, fromBrowser: true)
                }
                let attempts = locked.attempts + 1
                guard attempts < Interactive.passwordAttempts else {
                    _ = state.handle(.openFailed(path: locked.path, reason: DocumentError.wrongPassword.description))
                    return .browser
                }
                let left = Interactive.passwordAttempts - attempts
                _ = state.handle(.passwordNeeded(path: locked.path, note: .wrongPassword(triesLeft: left)))
                return .locked(locked.document, path: locked.path, attempts: attempts)
            } catch {
                _ = state.handle(.openFailed(path: locked.path, reason: error.description))
                return .browser
            }
        }
    }

    /// Reads `document` until the reader ends (the reader saves the pages it stays on as it
    /// goes), then remembers where it was left.
    private func read(
        _ document: Document, path: String, fromBrowser: Bool,
        start: (typed: String?, page: Int?, notes: [Notice], syncTeX: SyncTeXTarget?),
        on terminal: some TerminalBackend,
        graphics: GraphicsSupport, messages: inout [String]
    ) -> ReaderSession.Ending {
        let key = Self.canonical(path)
        let requested = start.typed.map { ((try? document.pageLabels()) ?? .none).opening(at: $0) }
        let chosen = start.page ?? requested?.page
        // A forward search opens where it says, not where the document was left.
        let remembered = chosen == nil && start.syncTeX == nil ? positions?.page(of: key) : nil
        let resumeNote = remembered.flatMap { $0 > 0 ? Notice.resumed(page: $0) : nil }
        let session = ReaderSession(
            document: document, path: path, startPage: chosen ?? remembered ?? 0,
            notes: [requested?.note ?? resumeNote].compactMap { $0 } + start.notes,
            graphics: graphics, services: services, quitReturnsToBrowser: fromBrowser, configuration: configuration,
            searchHistory: searchHistory, marks: markStore.map { ($0, key) }, positions: positions.map { ($0, key) },
            shownTips: shownTips, annotations: annotationPlaces, remote: remote, syncTeXTarget: start.syncTeX)
        let ending = session.run(on: terminal)
        do throws(StateError) {
            try positions?.remember(page: ending.page, of: key)
        } catch {
            // Said once, however many documents could not be remembered.
            let message = "could not save the reading position: \(error)"
            if !messages.contains(message) {
                messages.append(message)
            }
        }
        return ending
    }

    /// How many passwords the browser takes for a document before giving up on it.
    static let passwordAttempts = 3

    private static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The browser on the folder holding the document at `path`, with the document selected.
    private static func browser(around path: String, screen: ScreenSize, keys: KeyTables) -> BrowserState {
        let absolute = absolute(path)
        let folder = String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.startIndex)])
        let name = absolute.split(separator: "/").last.map(String.init)
        return BrowserState(directory: folder.isEmpty ? "/" : folder, screen: screen, selecting: name, keys: keys)
    }

    /// The one absolute path of the file at `path`, links and `..` resolved, that names it
    /// in the reading positions however it was typed.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(FileSystemName.cString(path), nil) else { return absolute(path) }
        defer { free(resolved) }
        return FileSystemName.decode(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = FileSystemName.decode(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
        let joined = path == "." ? cwd : cwd + "/" + path
        return joined.hasSuffix("/.") ? String(joined.dropLast(2)) : joined
    }
}

/// Why the interactive session could not start: the line to report as `folio: LINE`.
public struct InteractiveError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
