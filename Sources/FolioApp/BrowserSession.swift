public import FolioCore
import FolioDocument
import Glibc

/// The file browser: lists folders in the background, classifies entries without opening
/// anything that could block, and previews documents on another worker, so moving quickly
/// through a long list never stalls.
public struct BrowserSession: Sendable {
    /// How the browser ended.
    public enum Outcome: Sendable, Equatable {
        case quit
        case open(String)
        /// Try this password on the encrypted document at the path.
        case unlock(path: String, password: String)
        case signal(Int32)
    }

    /// A browser session.
    public init() {}

    /// Runs the browser on `terminal`, starting from `state` (kept by the caller, so returning
    /// from a document keeps the selection); `resuming` when the state was started before.
    /// `note`, if any, is the first message of a browser just started.
    public func run(
        _ state: inout BrowserState, on terminal: some TerminalBackend, resuming: Bool, note: BrowserNotice? = nil
    ) -> Outcome {
        let runtime = BrowserRuntime(state: state, terminal: terminal, resuming: resuming, note: note)
        defer {
            runtime.stop()
            state = runtime.state
        }
        return SessionLoop.run(runtime, on: terminal)
    }
}

/// One run of a ``BrowserSession``: the state, the listing and preview workers, and the effects
/// carried out.
private final class BrowserRuntime<Terminal: TerminalBackend>: SessionScreen {
    typealias Ending = BrowserSession.Outcome

    private(set) var state: BrowserState
    private let terminal: Terminal
    private let resuming: Bool
    private let note: BrowserNotice?
    private let mailbox: SessionMailbox<BrowserEvent>
    /// Only the newest listing and the newest preview matter: older requests still queued are
    /// dropped, so the folder or document selected never waits behind those passed by. One
    /// already being made still finishes: the browser keeps a preview for when the selection
    /// comes back, and ignores a listing of a folder it has left.
    private let listing: BackgroundWorker<String>
    private let previews: BackgroundWorker<String>

    init(state: BrowserState, terminal: Terminal, resuming: Bool, note: BrowserNotice?) {
        self.state = state
        self.terminal = terminal
        self.resuming = resuming
        self.note = note
        let mailbox = SessionMailbox<BrowserEvent>(wakeUp: terminal.wakeUp)
        self.mailbox = mailbox
        listing = BackgroundWorker<String>(name: "folio.browser.listing", timeLimit: nil) { job in
            mailbox.post(BrowserRequests.list(job.request))
        }
        previews = BackgroundWorker<String>(name: "folio.browser.preview", timeLimit: nil) { job in
            mailbox.post(BrowserRequests.preview(job.request))
        }
    }

    /// Stops the workers; nothing they still finish reaches the next session.
    func stop() {
        listing.stop()
        previews.stop()
        mailbox.close()
    }

    func start() -> Ending? {
        terminal.repaintFully()
        _ = state.handle(.resize(terminal.size))
        if !resuming, let outcome = perform(state.start(note: note)) {
            return outcome
        }
        endTurn()
        return nil
    }

    func handle(_ event: TerminalEvent) -> Ending? {
        switch event {
        case .terminate(let signal):
            // Ctrl-C at the password prompt cancels the prompt, as Escape does.
            guard signal == SIGINT, state.passwordEntry != nil else { return .signal(signal) }
            _ = state.handle(.interrupted)
        case .suspendRequested:
            terminal.suspend()
            _ = state.handle(.resize(terminal.size))
        case .resize(let size): return perform(state.handle(.resize(size)))
        case .key(let key): return perform(state.handle(.key(key)))
        case .mouse(let mouse): return perform(state.handle(.mouse(mouse)))
        case .paste(let text): return perform(state.handle(.paste(text)))
        case .imageEvicted: break
        }
        return nil
    }

    func takeMail() -> Ending? {
        for event in mailbox.take() {
            if let outcome = perform(state.handle(event)) { return outcome }
        }
        return nil
    }

    func endTurn() {
        terminal.draw(BrowserView.render(state))
    }

    /// Carries out `effects`; the outcome when one of them ends the browser.
    private func perform(_ effects: [BrowserEffect]) -> Ending? {
        for effect in effects {
            switch effect {
            case .list(let path):
                listing.cancel(keeping: [path])
                listing.submit([path])
            case .preview(let path):
                previews.cancel(keeping: [path])
                previews.submit([path])
            case .open(let path):
                return .open(path)
            case .unlock(let path, let password):
                return .unlock(path: path, password: password)
            case .clearScreen:
                terminal.repaintFully()
            case .quit:
                return .quit
            }
        }
        return nil
    }
}
