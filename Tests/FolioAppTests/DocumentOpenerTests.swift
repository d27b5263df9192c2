import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// Opening from the browser happens on a thread of its own, so a signal that arrives while a
/// slow document is being opened (an EPUB's layout can take seconds) is honoured at once.
@Suite struct DocumentOpenerTests {
    /// An open that waits until the test lets it go, then opens the real document.
    final class Gate: @unchecked Sendable {
        private let released = DispatchSemaphore(value: 0)
        private let entered = DispatchSemaphore(value: 0)

        func open(_ path: String) throws(DocumentError) -> Document {
            entered.signal()
            released.wait()
            return try Document(path: path)
        }

        /// Waits until the open has started.
        func waitForOpen() -> Bool {
            entered.wait(timeout: .now() + 10) == .success
        }

        func release() {
            released.signal()
        }
    }

    private func opener(_ gate: Gate) -> DocumentOpener {
        var opener = DocumentOpener(services: RecordingServices().services)
        opener.openDocument = { path throws(DocumentError) in try gate.open(path) }
        return opener
    }

    @Test func aSignalDuringTheOpenEndsItAtOnce() throws {
        let gate = Gate()
        defer { gate.release() }
        let opener = opener(gate)
        let terminal = FakeTerminal(size: ScreenSize(rows: 24, columns: 80))
        let path = Corpus.path("idpf-moby-dick.epub")
        let running = terminal.run { terminal in "\(opener.open(path, on: terminal))" }
        #expect(gate.waitForOpen())
        terminal.send(.terminate(signal: 2))
        #expect(running.wait() == "signal(2)")
    }

    @Test func keysTypedDuringTheOpenWaitForTheReader() throws {
        let gate = Gate()
        let opener = opener(gate)
        let terminal = FakeTerminal(size: ScreenSize(rows: 24, columns: 80))
        let path = Corpus.path("pdfjs-tracemonkey.pdf")
        let running = terminal.run { terminal -> Int? in
            guard case .opened(let document) = opener.open(path, on: terminal) else { return nil }
            return try? document.pageCount
        }
        #expect(gate.waitForOpen())
        terminal.type("jj")
        terminal.send(.suspendRequested)
        #expect(terminal.waitUntil { $0.suspensions == 1 })
        gate.release()
        #expect(running.wait() == 14)
        // Ctrl-Z was honoured during the open; the keys are still there for the reader.
        #expect(terminal.readInput() == .key(.character("j")))
        #expect(terminal.readInput() == .key(.character("j")))
    }

    @Test func aDocumentThatCannotBeOpenedSaysWhy() {
        let opener = DocumentOpener(services: RecordingServices().services)
        let terminal = FakeTerminal(size: ScreenSize(rows: 24, columns: 80))
        let path = Corpus.path("pdfjs-tracemonkey-truncated.pdf")
        let running = terminal.run { terminal -> DocumentError? in
            guard case .failed(let error) = opener.open(path, on: terminal) else { return nil }
            return error
        }
        #expect(running.wait() == .noPages)
    }
}
