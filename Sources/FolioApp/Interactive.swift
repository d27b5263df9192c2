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

    /// A session on `path` (a file or a folder; the current folder when nil), opening the first
    /// document at `startPage` when given: the page labelled so (`xiv`), else the page with
    /// that 1-based number. Reading positions are kept in `positions` (unless `configuration`
    /// turns remembering off), the patterns searched for in `searchHistory`, the marks in
    /// `markStore`; `configuration` gives the keys and how the reader starts, and its problems
    /// are the first message on the screen.
    public init(
        path: String?, password: String?, startPage: String?, services: SessionServices, positions: ReadingPositions?,
        configuration: Configuration = Configuration(), searchHistory: SearchHistory? = nil,
        markStore: MarkStore? = nil
    ) {
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
    var configurationNote: String? {
        guard let first = configuration.problems.first else { return nil }
        let more = configuration.problems.count - 1
        return "folio: \(first)" + (more > 0 ? " (and \(more) more: folio --check-config)" : "")
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

    /// Runs the reader and the browser on `terminal`, from `start`, until the user quits or a
    /// signal arrives.
    public func run(_ start: Start, on terminal: some TerminalBackend, graphics: GraphicsSupport) -> Ending {
        var messages: [String] = []
        var browser: BrowserState?
        var reading: (document: Document, path: String, fromBrowser: Bool)?
        switch start {
        case .reader(let document, let path): reading = (document, path, false)
        case .browser(let directory):
            browser = BrowserState(directory: directory, screen: terminal.size, keys: configuration.keys)
        }
        var browserStarted = false
        // An encrypted document opened from the browser, waiting for its password, and how
        // many wrong ones were given.
        var locked: (document: Document, path: String, attempts: Int)?
        var startPage = self.startPage
        // Where a global mark leads, and what to say first: what the configuration file got
        // wrong, or else how to get sharper images (or why a marked document could not be opened).
        var markedPage: Int?
        var note = configurationNote ?? graphics.advice
        while true {
            if let current = reading {
                let ending = read(
                    current.document, path: current.path, fromBrowser: current.fromBrowser,
                    start: (startPage, markedPage, note), on: terminal, graphics: graphics, messages: &messages)
                startPage = nil
                markedPage = nil
                note = nil
                switch ending.outcome {
                case .open(let path, let page):
                    switch DocumentOpener(services: services).open(path, on: terminal) {
                    case .opened(let document):
                        reading = (document, path, current.fromBrowser)
                        markedPage = page
                        note = "Page \(page + 1), where the mark was set"
                    case .locked:
                        markedPage = ending.page
                        note = TerminalSafeText.sanitized(
                            "\(FileSystemName.displayed(Self.baseName(path))) is encrypted: open it from the browser (\(configuration.keys.reader.keyName(for: .openBrowser))) to give its password"
                        )
                    case .failed(let error):
                        markedPage = ending.page
                        note = TerminalSafeText.sanitized("Could not open \(path): \(error.description)")
                    case .signal(let signal):
                        return Ending(status: 128 + signal, messages: messages)
                    }
                    continue
                case .quit:
                    return Ending(status: 0, messages: messages)
                case .signal(let signal):
                    return Ending(status: 128 + signal, messages: messages)
                case .browse:
                    reading = nil
                    if browser == nil {
                        browser = Self.browser(around: current.path, screen: terminal.size, keys: configuration.keys)
                        browserStarted = false
                    }
                }
            }
            guard var state = browser else { return Ending(status: 0, messages: messages) }
            let outcome = BrowserSession().run(&state, on: terminal, resuming: browserStarted, note: note)
            browserStarted = true
            note = nil
            switch outcome {
            case .quit:
                return Ending(status: 0, messages: messages)
            case .signal(let signal):
                return Ending(status: 128 + signal, messages: messages)
            case .open(let path):
                locked = nil
                switch DocumentOpener(services: services).open(path, on: terminal) {
                case .opened(let document): reading = (document, path, true)
                case .locked(let document):
                    locked = (document, path, 0)
                    let name = TerminalSafeText.sanitized(FileSystemName.displayed(Self.baseName(path)))
                    _ = state.handle(.passwordNeeded(path: path, note: "\(name) is encrypted"))
                case .failed(let error): _ = state.handle(.openFailed(path: path, reason: error.description))
                case .signal(let signal): return Ending(status: 128 + signal, messages: messages)
                }
            case .unlock(let path, let password):
                guard let pending = locked, pending.path == path else { break }
                do throws(DocumentError) {
                    if let document = try DocumentOpener(services: services).unlock(
                        pending.document, path: path, password: password)
                    {
                        locked = nil
                        reading = (document, path, true)
                    } else if pending.attempts + 1 < Self.passwordAttempts {
                        locked = (pending.document, path, pending.attempts + 1)
                        let left = Self.passwordAttempts - pending.attempts - 1
                        _ = state.handle(
                            .passwordNeeded(
                                path: path,
                                note: "Wrong password, try again (\(left) \(left == 1 ? "try" : "tries") left)"))
                    } else {
                        locked = nil
                        _ = state.handle(.openFailed(path: path, reason: DocumentError.wrongPassword.description))
                    }
                } catch {
                    locked = nil
                    _ = state.handle(.openFailed(path: path, reason: error.description))
                }
            }
            browser = state
        }
    }

    /// Reads `document` until the reader ends, then remembers where it was left.
    private func read(
        _ document: Document, path: String, fromBrowser: Bool,
        start: (typed: String?, page: Int?, note: String?), on terminal: some TerminalBackend,
        graphics: GraphicsSupport, messages: inout [String]
    ) -> ReaderSession.Ending {
        let key = Self.canonical(path)
        let requested = start.typed.map { ((try? document.pageLabels()) ?? .none).opening(at: $0) }
        let chosen = start.page ?? requested?.page
        let remembered = chosen == nil ? positions?.page(of: key) : nil
        let resumeNote = remembered.flatMap { $0 > 0 ? self.resumeNote(page: $0) : nil }
        let session = ReaderSession(
            document: document, path: path, startPage: chosen ?? remembered ?? 0,
            note: start.note ?? requested?.note ?? resumeNote,
            graphics: graphics, services: services, quitReturnsToBrowser: fromBrowser, configuration: configuration,
            searchHistory: searchHistory, marks: markStore.map { ($0, key) })
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

    /// The first message of a document reopened where it was left (0-based `page`), naming the
    /// key that goes back to the start.
    private func resumeNote(page: Int) -> String {
        "Page \(page + 1), where you left off (\(configuration.keys.reader.keyName(for: .firstPage)): first page)"
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
