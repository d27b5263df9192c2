import FolioApp
import FolioConfiguration
import FolioCore
import FolioDocument
import FolioGraphics
import FolioTestSupport
import Foundation
import Testing

/// The reader reopening its document when the file changes (in place, by rename, deleted, `R`)
/// and running with a configuration's keys and preferences, the mouse and pastes.
@Suite struct ReloadAndConfigurationTests {
    /// A folder of its own holding a copy of corpus file `name` as `doc.pdf`.
    struct Folder {
        let path: String
        var document: String { path + "/doc.pdf" }

        init(copying name: String) throws {
            path = NSTemporaryDirectory() + "folio-reload-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Corpus.path(name), toPath: document)
        }

        /// Writes corpus file `name` over the document in place (same inode, as `cat >` does).
        func rewrite(with name: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: document))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: Corpus.path(name))))
            try handle.close()
        }

        /// Replaces the document by writing corpus file `name` beside it and renaming it over,
        /// as editors and LaTeX do.
        func replace(with name: String) throws {
            let temporary = path + "/.doc.pdf.new"
            try FileManager.default.copyItem(atPath: Corpus.path(name), toPath: temporary)
            guard rename(temporary, document) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    @Test func aRewrittenFileIsReloadedAtTheSamePage() throws {
        let folder = try Folder(copying: "pdfjs-tracemonkey.pdf")
        defer { folder.remove() }
        let reader = try ReaderUnderTest(path: folder.document, startPage: 4)
        _ = try #require(reader.terminal.waitForScreen(containing: " 5/14"))
        try folder.rewrite(with: "pdfjs-freeculture.pdf")
        let screen = try #require(reader.terminal.waitForScreen(containing: "Reloaded: 352 pages", timeout: 10))
        #expect(screen.last?.contains(" 5/352") == true)
        #expect(reader.quit()?.page == 4)
    }

    @Test func aFileReplacedByRenameIsReloadedAndAShorterOneKeepsTheLastPage() throws {
        let folder = try Folder(copying: "pdfjs-freeculture.pdf")
        defer { folder.remove() }
        let reader = try ReaderUnderTest(path: folder.document, startPage: 99)
        _ = try #require(reader.terminal.waitForScreen(containing: " 100/352"))
        try folder.replace(with: "pdfjs-tracemonkey.pdf")
        let screen = try #require(reader.terminal.waitForScreen(containing: "Reloaded: 14 pages", timeout: 10))
        #expect(screen.last?.contains(" 14/14") == true)
        // The new version's text is on screen, not the old one's.
        let text = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf")).plainText(page: 13)
        let firstWords = text.split(whereSeparator: \.isWhitespace).prefix(2).joined(separator: " ")
        #expect(reader.terminal.waitForScreen(containing: firstWords, timeout: 5) != nil, "\(firstWords)")
        #expect(reader.quit()?.page == 13)
    }

    @Test func aDeletedFileKeepsTheOpenCopyAndRIsReloadByHand() throws {
        let folder = try Folder(copying: "pdfjs-tracemonkey.pdf")
        defer { folder.remove() }
        let reader = try ReaderUnderTest(path: folder.document, startPage: 2)
        _ = try #require(reader.terminal.waitForScreen(containing: " 3/14"))
        try FileManager.default.removeItem(atPath: folder.document)
        _ = try #require(reader.terminal.waitForScreen(containing: "doc.pdf is gone; the open copy stays", timeout: 10))
        // The open copy still reads, pages not loaded before included.
        let tenth = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf")).plainText(page: 9)
        let line = tenth.split(separator: "\n").first { $0.split(separator: " ").count >= 3 } ?? ""
        let words = line.split(separator: " ").prefix(3).joined(separator: " ")
        reader.terminal.type("10G")
        #expect(reader.terminal.waitForScreen(containing: words) != nil, "\(words)")
        try FileManager.default.copyItem(atPath: Corpus.path("pdfjs-paragraph_and_link.pdf"), toPath: folder.document)
        _ = try #require(reader.terminal.waitForScreen(containing: "Reloaded: ", timeout: 10))
        reader.terminal.type("R")
        #expect(reader.terminal.waitForScreen(containing: "Reloading doc.pdf…") != nil)
        #expect(reader.terminal.waitForScreen(containing: "Reloaded: ", timeout: 10) != nil)
        _ = reader.quit()
    }

    @Test func reloadOffLeavesTheFileAlone() throws {
        let folder = try Folder(copying: "pdfjs-tracemonkey.pdf")
        defer { folder.remove() }
        var configuration = Configuration()
        configuration.reload = false
        let reader = try ReaderUnderTest(path: folder.document, configuration: configuration)
        _ = try #require(reader.terminal.waitForScreen(containing: " 1/14"))
        try folder.replace(with: "pdfjs-freeculture.pdf")
        #expect(reader.terminal.waitForScreen(containing: "Reloaded", timeout: 1.5) == nil)
        reader.terminal.type("R")
        #expect(reader.terminal.waitForScreen(containing: "Reloaded: 352 pages", timeout: 10) != nil)
        _ = reader.quit()
    }

    @Test func aConfigurationRemapsKeysAndChoosesTheStart() throws {
        let parser = ConfigurationParser(files: NoFiles(), environment: [:])
        let configuration = parser.read(
            text: "map J next-page\nunmap h\nset wrap true\nset layout layout", file: "config")
        #expect(configuration.problems.isEmpty)
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf", configuration: configuration)
        _ = try #require(reader.terminal.waitForScreen(containing: "wrap  layout  1/14"))
        reader.terminal.type("J")
        _ = try #require(reader.terminal.waitForScreen(containing: " 2/14"))
        reader.terminal.type("h")
        _ = try #require(reader.terminal.waitForScreen(containing: "h is not a key here (? for help)"))
        reader.terminal.type(.left, .left)
        #expect(reader.terminal.waitForScreen(containing: " 14/14") != nil, "Left still goes back, and wraps")
        _ = reader.quit()
    }

    @Test func theWheelScrollsAndAPasteSearches() throws {
        let reader = try ReaderUnderTest("pdfjs-tracemonkey.pdf")
        let first = try #require(reader.terminal.waitForFrame { $0.lines[0].contains("Trace-based") })
        let count = reader.terminal.frameCount
        reader.terminal.mouse(MouseEvent(action: .wheelDown, row: 5, column: 10))
        let scrolled = try #require(reader.terminal.waitForFrame(after: count) { $0.lines[0] != first.lines[0] })
        #expect(Array(scrolled.lines[0..<15]) == Array(first.lines[3..<18]), "one notch is three lines")
        reader.terminal.type("/")
        reader.terminal.paste("trace\ntrees")
        _ = try #require(reader.terminal.waitForScreen(containing: "/trace trees"))
        reader.terminal.type(.enter)
        // The pasted words were searched for: they are highlighted on the page (the match the
        // reader is at in its own style).
        let found = reader.terminal.waitForFrame { frame in
            frame.rows.contains { row in
                row.contains {
                    [.highlight, .currentMatch].contains($0.style) && $0.text.lowercased() == "trace trees"
                }
            }
        }
        #expect(found != nil)
        _ = reader.quit()
    }

    /// No files: for a configuration given as text.
    struct NoFiles: ConfigurationFiles {
        func contents(of path: String) -> Result<String, ConfigurationFileProblem> {
            .failure(ConfigurationFileProblem(reason: "no such file"))
        }
        func resolve(_ path: String, relativeTo including: String) -> String { path }
        func identity(of path: String) -> String { path }
    }
}
