import FolioCore
import FolioDocument
import Foundation

/// Opens documents for the reader, asking for the password of an encrypted one (three tries):
/// from the command line before the screen starts, or from the file browser with the screen
/// suspended for the prompt.
struct DocumentOpener {
    let services: SessionServices
    /// Opens the document at a path (``Document/init(path:password:)`` without a password).
    var openDocument: @Sendable (String) throws(DocumentError) -> Document = { path throws(DocumentError) in
        try Document(path: path)
    }

    /// How opening from the browser ended.
    enum Opening {
        case opened(Document)
        /// The document is encrypted: the browser asks for the password.
        case locked(Document)
        case failed(DocumentError)
        /// A terminating signal arrived while the document was being opened.
        case signal(Int32)
    }

    /// Opens `path` before the screen starts; the password prompt, if any, is on the plain
    /// terminal, and `retry` reports a wrong password before the next try.
    func open(_ path: String, password: String?, retry: (String) -> Void) throws(DocumentError) -> Document {
        let document = try Document(path: path, password: password)
        try unlock(document, path: path, ask: services.readPassword, retry: retry)
        return document
    }

    /// Opens `path` from the file browser: the document is opened on a thread of its own (an
    /// EPUB's layout can take seconds) while `terminal` still answers signals, so Ctrl-C or a
    /// closed terminal is honoured at once; keys typed meanwhile wait for the reader. An
    /// encrypted document comes back ``Opening/locked(_:)``, for the browser to ask for the
    /// password on its own status line (``unlock(_:path:password:)``).
    func open(_ path: String, on terminal: some TerminalBackend) -> Opening {
        let pending = PendingOpen()
        let wakeUp = terminal.wakeUp
        let openDocument = openDocument
        DocumentThread.start(name: "folio.open") {
            do throws(DocumentError) {
                pending.finish(.success(try openDocument(path)))
            } catch {
                pending.finish(.failure(error))
            }
            wakeUp()
        }
        while !pending.isFinished {
            for event in terminal.waitForEvents(readingKeys: false) {
                switch event {
                case .terminate(let signal): return .signal(signal)
                case .suspendRequested: terminal.suspend()
                case .key, .mouse, .paste, .resize, .imageEvicted: break
                }
            }
        }
        do throws(DocumentError) {
            let document = try pending.result().get()
            if document.needsPassword {
                return .locked(document)
            }
            try checkPages(document)
            return .opened(document)
        } catch {
            return .failed(error)
        }
    }

    /// Tries `password` on a document ``open(_:on:)`` found locked: nil when it is wrong.
    func unlock(_ document: Document, path: String, password: String) throws(DocumentError) -> Document? {
        guard try document.unlock(password: password) else { return nil }
        try checkPages(document)
        return document
    }

    private func checkPages(_ document: Document) throws(DocumentError) {
        guard try document.pageCount > 0 else { throw .noPages }
        services.trace?.record(.opened(pages: try document.pageCount))
    }

    /// Asks for the password while `document` needs one (three tries), then checks it has pages.
    private func unlock(
        _ document: Document, path: String, ask: (String) -> String?, retry: (String) -> Void
    ) throws(DocumentError) {
        var attempts = 0
        while document.needsPassword {
            attempts += 1
            guard attempts <= 3, let typed = ask("Password for \(TerminalSafeText.sanitized(path)): ") else {
                throw attempts > 3 ? .wrongPassword : .needsPassword
            }
            if try !document.unlock(password: typed), attempts < 3 {
                retry("\(path): wrong password, try again")
            }
        }
        try checkPages(document)
    }
}

/// The result of an open running on another thread.
private final class PendingOpen: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Result<Document, DocumentError>?

    func finish(_ result: Result<Document, DocumentError>) {
        lock.withLock { outcome = result }
    }

    var isFinished: Bool {
        lock.withLock { outcome != nil }
    }

    /// The result; call once ``isFinished``.
    func result() -> Result<Document, DocumentError> {
        lock.withLock { outcome ?? .failure(.cancelled) }
    }
}
