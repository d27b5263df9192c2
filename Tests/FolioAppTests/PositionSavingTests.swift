import FolioApp
import FolioCore
import FolioState
import FolioTestSupport
import Foundation
import Testing

/// The reader saves the page it stays on while it reads, not only when it ends: flipping
/// through pages saves only where the flipping stops, once the page has stood for the delay;
/// Ctrl-Z saves at once.
@Suite struct PositionSavingTests {
    /// A tenth of the product's second, so the tests wait little.
    static let delay = 0.1

    static func services(delay: Double) -> SessionServices {
        var services = RecordingServices().services
        services.positionSettleDelay = delay
        return services
    }

    @Test func thePageFlippingStopsOnIsSavedAfterTheDelay() throws {
        let folder = try TemporaryDirectory()
        let positions = ReadingPositions(path: folder.url.appendingPathComponent("positions").path)
        let path = Corpus.path("pdfjs-tracemonkey.pdf")
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", services: Self.services(delay: Self.delay), positions: positions)
        _ = try #require(reader.terminal.waitForScreen(containing: "1/14"))
        let flipped = Date()
        reader.terminal.type(.right, .right, .right)
        _ = try #require(reader.terminal.waitForScreen(containing: "4/14"))
        #expect(reader.terminal.waitUntil(timeout: 10) { _ in positions.page(of: path) == 3 })
        // Not before the page stood for the delay (the file keeps one line a document, so this
        // test cannot tell whether a page flipped past was written and replaced; the core's
        // ReaderStatePositionTests show none is asked for).
        #expect(Date().timeIntervalSince(flipped) >= Self.delay)
        let saved = try String(contentsOfFile: positions.path, encoding: .utf8)
        #expect(saved == "3\t\(path)\n")
        let ending = try #require(reader.quit())
        #expect(ending.page == 3)
    }

    @Test func nothingIsSavedBeforeThePageHasStoodForTheDelay() throws {
        let folder = try TemporaryDirectory()
        let positions = ReadingPositions(path: folder.url.appendingPathComponent("positions").path)
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", services: Self.services(delay: 600), positions: positions)
        _ = try #require(reader.terminal.waitForScreen(containing: "1/14"))
        reader.terminal.type(.right, .right)
        _ = try #require(reader.terminal.waitForScreen(containing: "3/14"))
        let ending = try #require(reader.quit())
        #expect(ending.page == 2)
        // The reader saved nothing itself: its owner saves the page it ended on.
        #expect(!FileManager.default.fileExists(atPath: positions.path))
    }

    @Test func suspendingSavesAtOnce() throws {
        let folder = try TemporaryDirectory()
        let positions = ReadingPositions(path: folder.url.appendingPathComponent("positions").path)
        let path = Corpus.path("pdfjs-tracemonkey.pdf")
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", services: Self.services(delay: 600), positions: positions)
        _ = try #require(reader.terminal.waitForScreen(containing: "1/14"))
        reader.terminal.type(.right, .right, .right, .right)
        _ = try #require(reader.terminal.waitForScreen(containing: "5/14"))
        reader.terminal.send(.suspendRequested)
        #expect(reader.terminal.waitUntil(timeout: 10) { $0.suspensions == 1 })
        // On disk before the process stopped.
        #expect(positions.page(of: path) == 4)
        _ = reader.quit()
    }
}
