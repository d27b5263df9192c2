import FolioCommandLine
import FolioCore
import FolioDocument
import FolioState
import FolioTerminal
import Glibc

/// The interactive side of `folio`: the reader on a file, or the file browser on a folder (the
/// current one without an argument), one terminal for both. A document that cannot be opened
/// from the command line is reported as `folio: FILE: reason` before the screen is touched.
/// Each document opens where it was left (``ReadingPositions``) unless `--page` says otherwise.
struct Interactive {
    let options: Options
    let trace: TraceLog?

    func run() -> Int32 {
        let path = options.path ?? "."
        var status = stat()
        let isFolder = stat(FileSystemName.cString(path), &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        var document: Document?
        if !isFolder {
            do throws(DocumentError) {
                document = try open(path, password: options.password, terminal: nil)
            } catch {
                Errors.report("\(path): \(error.description)")
                return 1
            }
        }
        let graphics = TerminalProbe.detect(preference: options.graphics)
        trace?.record("probed")
        SignalRelay.install()
        let positions = ReadingPositions.standardPath(environment: Self.environment(["XDG_STATE_HOME", "HOME"]))
            .map(ReadingPositions.init(path:))
        // Reported once the terminal is back to normal (defers run last first).
        var saveFailure: StateError?
        defer {
            if let saveFailure {
                Errors.report("could not save the reading position: \(saveFailure)")
            }
        }
        let terminal: CursesTerminal
        do throws(TerminalError) {
            terminal = try CursesTerminal()
        } catch {
            Errors.report(error.description)
            return 1
        }
        defer { terminal.stop() }

        var browser: BrowserState?
        var reading: (document: Document, path: String, fromBrowser: Bool)?
        if let document {
            reading = (document, path, false)
        } else {
            browser = BrowserState(directory: Self.absolute(path), screen: terminal.size)
        }
        var browserStarted = false
        var startPage = options.startPage.map { $0 - 1 }
        while true {
            if let current = reading {
                let document = Self.canonical(current.path)
                let remembered = startPage == nil ? positions?.page(of: document) : nil
                let session = ReaderSession(
                    document: current.document, path: current.path, startPage: startPage ?? remembered ?? 0,
                    note: remembered.flatMap { $0 > 0 ? "Page \($0 + 1), where you left off (Home: first page)" : nil },
                    graphics: graphics, trace: trace, quitReturnsToBrowser: current.fromBrowser)
                startPage = nil
                let ending = session.run(on: terminal)
                do throws(StateError) {
                    try positions?.remember(page: ending.page, of: document)
                } catch {
                    saveFailure = error
                }
                switch ending.outcome {
                case .quit:
                    return 0
                case .signal(let signal):
                    return 128 + signal
                case .browse:
                    reading = nil
                    if browser == nil {
                        let absolute = Self.absolute(current.path)
                        let folder = String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.startIndex)])
                        let name = absolute.split(separator: "/").last.map(String.init)
                        browser = BrowserState(directory: folder.isEmpty ? "/" : folder, screen: terminal.size, selecting: name)
                        browserStarted = false
                    }
                }
            }
            guard var state = browser else { return 0 }
            let outcome = BrowserSession().run(&state, on: terminal, resuming: browserStarted)
            browserStarted = true
            browser = state
            switch outcome {
            case .quit:
                return 0
            case .signal(let signal):
                return 128 + signal
            case .open(let path):
                do throws(DocumentError) {
                    reading = (try open(path, password: nil, terminal: terminal), path, true)
                } catch {
                    _ = browser?.handle(.openFailed(path: path, reason: error.description))
                }
            }
        }
    }

    /// Opens `path`, asking for the password when it is encrypted (three tries). With a
    /// terminal in full-screen mode, the prompt happens with the screen suspended.
    private func open(_ path: String, password: String?, terminal: CursesTerminal?) throws(DocumentError) -> Document {
        let document = try Document(path: path, password: password)
        var attempts = 0
        while document.needsPassword {
            attempts += 1
            let prompt = "Password for \(TerminalSafeText.sanitized(path)): "
            guard attempts <= 3, let typed = terminal?.withScreenSuspended({ PasswordPrompt.read(prompt: prompt) })
                ?? (terminal == nil ? PasswordPrompt.read(prompt: prompt) : nil)
            else {
                throw attempts > 3 ? .wrongPassword : .needsPassword
            }
            if try !document.unlock(password: typed), attempts < 3, terminal == nil {
                Errors.report("\(path): wrong password, try again")
            }
        }
        guard try document.pageCount > 0 else { throw .noPages }
        trace?.record("open pages=\(try document.pageCount)")
        return document
    }

    /// The values of the environment variables `names` that are set.
    private static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) {
                values[name] = FileSystemName.decode(UnsafeRawBufferPointer(start: value, count: strlen(value)))
            }
        }
        return values
    }

    /// The one absolute path of the file at `path`, links and `..` resolved, that names it
    /// in the reading positions however it was typed.
    private static func canonical(_ path: String) -> String {
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
