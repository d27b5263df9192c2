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
        _ state: inout BrowserState, on terminal: some TerminalBackend, resuming: Bool, note: String? = nil
    ) -> Outcome {
        let mailbox = SessionMailbox<BrowserEvent>(wakeUp: terminal.wakeUp)
        // Only the newest listing and the newest preview matter: older requests still queued are
        // dropped, so the folder or document selected never waits behind those passed by. One
        // already being made still finishes: the browser keeps a preview for when the selection
        // comes back, and ignores a listing of a folder it has left.
        let listing = BackgroundWorker<String>(name: "folio.browser.listing", timeLimit: nil) { job in
            mailbox.post(BrowserRequests.list(job.request))
        }
        let previews = BackgroundWorker<String>(name: "folio.browser.preview", timeLimit: nil) { job in
            mailbox.post(BrowserRequests.preview(job.request))
        }
        defer {
            listing.stop()
            previews.stop()
            mailbox.close()
        }
        func perform(_ effects: [BrowserEffect]) -> Outcome? {
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
        terminal.repaintFully()
        _ = state.handle(.resize(terminal.size))
        if !resuming, let outcome = perform(state.start(note: note)) {
            return outcome
        }
        terminal.draw(BrowserView.render(state))
        while true {
            for event in terminal.waitForEvents(readingKeys: true) {
                switch event {
                case .terminate(let signal):
                    // Ctrl-C at the password prompt cancels the prompt, as Escape does.
                    guard signal == SIGINT, state.passwordEntry != nil else { return .signal(signal) }
                    _ = state.handle(.interrupted)
                case .suspendRequested:
                    terminal.suspend()
                    _ = state.handle(.resize(terminal.size))
                case .resize(let size):
                    _ = state.handle(.resize(size))
                case .key(let key):
                    if let outcome = perform(state.handle(.key(key))) { return outcome }
                case .mouse(let mouse):
                    if let outcome = perform(state.handle(.mouse(mouse))) { return outcome }
                case .paste(let text):
                    if let outcome = perform(state.handle(.paste(text))) { return outcome }
                case .imageEvicted:
                    break
                }
            }
            for event in mailbox.take() {
                if let outcome = perform(state.handle(event)) { return outcome }
            }
            while let input = terminal.readInput() {
                let event: BrowserEvent
                switch input {
                case .key(let key): event = .key(key)
                case .mouse(let mouse): event = .mouse(mouse)
                case .paste(let text): event = .paste(text)
                case .resize(let size): event = .resize(size)
                case .suspendRequested, .terminate, .imageEvicted: continue
                }
                if let outcome = perform(state.handle(event)) { return outcome }
            }
            terminal.draw(BrowserView.render(state))
        }
    }
}
