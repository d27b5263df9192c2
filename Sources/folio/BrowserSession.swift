import Dispatch
import Foundation
import FolioCore
import FolioDocument
import FolioTerminal
import Glibc

/// The file browser: lists folders on a background queue, classifies entries without opening
/// anything that could block, and previews documents on another queue, so moving quickly
/// through a long list never stalls.
struct BrowserSession {
    /// How the browser ended.
    enum Outcome {
        case quit
        case open(String)
        case signal(Int32)
    }

    /// Runs the browser on `terminal`, starting from `state` (kept by the caller, so returning
    /// from a document keeps the selection).
    func run(_ state: inout BrowserState, on terminal: CursesTerminal, resuming: Bool) -> Outcome {
        let loop = EventLoop<BrowserEvent>()
        let listing = DispatchQueue(label: "folio.browser.listing")
        let previews = DispatchQueue(label: "folio.browser.preview")
        // Only the newest preview request matters: older ones still queued are skipped, so the
        // selected document's preview never waits behind those scrolled past.
        let latestPreview = LatestRequest()
        func perform(_ effects: [BrowserEffect]) -> Outcome? {
            for effect in effects {
                switch effect {
                case .list(let path):
                    listing.async { loop.post(Self.list(path)) }
                case .preview(let path):
                    latestPreview.set(path)
                    previews.async {
                        guard latestPreview.isLatest(path) else { return }
                        loop.post(Self.preview(path))
                    }
                case .open(let path):
                    return .open(path)
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
        if !resuming, let outcome = perform(state.start()) {
            return outcome
        }
        terminal.draw(BrowserView.render(state))
        while true {
            let wake = loop.wait(milliseconds: -1)
            for signal in wake.signals {
                switch signal {
                case SignalRelay.resize:
                    _ = state.handle(.resize(terminal.adoptWindowSize()))
                case SignalRelay.suspend:
                    terminal.suspend()
                    _ = state.handle(.resize(terminal.adoptWindowSize()))
                default:
                    return .signal(signal)
                }
            }
            for event in wake.events {
                if let outcome = perform(state.handle(event)) { return outcome }
            }
            if wake.inputReady {
                while let input = terminal.readInput() {
                    let event: BrowserEvent
                    switch input {
                    case .key(let key): event = .key(key)
                    case .resize(let size): event = .resize(size)
                    }
                    if let outcome = perform(state.handle(event)) { return outcome }
                }
            }
            terminal.draw(BrowserView.render(state))
        }
    }

    /// Every entry of the folder at `path`, classified.
    static func list(_ path: String) -> BrowserEvent {
        guard let directory = opendir(FileSystemName.cString(path)) else {
            return .listFailed(path: path, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var entries: [BrowserEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileSystemName.decode(raw.prefix { $0 != 0 })
            }
            guard name != ".", name != ".." else { continue }
            let full = path == "/" ? "/" + name : path + "/" + name
            let kind = FileSniffer.classify(full)
            entries.append(BrowserEntry(name: name, kind: kind))
        }
        return .listed(path: path, entries: entries)
    }

    /// Title, format, pages and the first lines of page 1.
    static func preview(_ path: String) -> BrowserEvent {
        do throws(DocumentError) {
            let document = try Document(path: path)
            if document.needsPassword {
                return .previewFailed(path: path, reason: "encrypted: Enter asks for the password")
            }
            let info = try document.info()
            let text = info.pageCount > 0
                ? (try? document.plainText(page: 0, cancellation: Cancellation(timeLimit: 5))) ?? "" : ""
            let firstLines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(60)
                .joined(separator: "\n")
            return .previewReady(
                path: path,
                preview: BrowserPreview(
                    title: info.title, format: info.format, pageCount: info.pageCount, firstLines: firstLines))
        } catch {
            return .previewFailed(path: path, reason: error.description)
        }
    }
}

/// The newest of a stream of requests, shared between the loop and a worker queue.
private final class LatestRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: String?

    func set(_ value: String) {
        lock.withLock { latest = value }
    }

    func isLatest(_ value: String) -> Bool {
        lock.withLock { latest == value }
    }
}
