import FolioApp
import FolioConfiguration
import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// Highlights made in the reader, on a fake terminal, end up where they belong: in the PDF as
/// an incremental update, in a sidecar for a file that cannot be written, and on the file as
/// another program left it when it changed meanwhile.
@Suite struct AnnotationSessionTests {
    /// A copy of corpus file `name` in a folder of its own, with a state folder and a data
    /// folder for the session.
    private struct Scratch {
        let folder: TemporaryDirectory
        let document: String
        let original: Data
        var places: AnnotationPlaces {
            AnnotationPlaces(
                stateFolder: folder.url.path + "/state", environment: ["XDG_DATA_HOME": folder.url.path + "/data"],
                preference: .pdf, author: "Ada")
        }

        init(_ name: String = "pdfjs-tracemonkey.pdf") throws {
            folder = try TemporaryDirectory("folio-annotation-session")
            document = folder.url.path + "/" + name
            original = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(name)))
            try original.write(to: URL(fileURLWithPath: document))
        }

        var bytes: Data {
            (try? Data(contentsOf: URL(fileURLWithPath: document))) ?? Data()
        }
    }

    /// Opens the reader on `scratch`'s copy, waits for `text` on screen, types `keys`, waits
    /// for `message` on the status line, and quits.
    private func highlight(
        _ keys: String, in scratch: Scratch, waitingFor text: String = "Trace-based", saying message: String
    ) throws {
        let reader = try ReaderUnderTest(path: scratch.document, annotations: scratch.places)
        _ = try #require(reader.terminal.waitForScreen(containing: text))
        let seen = reader.terminal.frameCount
        reader.terminal.type(keys)
        #expect(reader.terminal.waitForScreen(containing: message, after: seen) != nil)
        #expect(reader.quit()?.outcome == .quit)
    }

    @Test func aHighlightIsSavedInThePDFAsAnIncrementalUpdate() throws {
        let scratch = try Scratch()
        try highlight("veeH", in: scratch, saying: "Highlighted on page 1")
        let saved = scratch.bytes
        #expect(saved.count > scratch.original.count)
        #expect(saved.prefix(scratch.original.count) == scratch.original)
        let annotations = try Document(path: scratch.document).annotations(page: 0)
        #expect(annotations.map(\.kind) == [.highlight])
        #expect(annotations.first?.markedText == "Trace-based")
        #expect(annotations.first?.author == "Ada")
        #expect(annotations.first?.colour?.hex == AnnotationColour.presets[0].colour.hex)
        #expect(annotations.first?.created != nil)

        // Reopened, the reader marks the highlight, and `A` lists it; `d` deletes it.
        let reader = try ReaderUnderTest(path: scratch.document, annotations: scratch.places)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type("A")
        let list = try #require(reader.terminal.waitForScreen(containing: "Annotations — 1 annotation"))
        #expect(list[1].contains("highlight Trace-based"))
        let seen = reader.terminal.frameCount
        reader.terminal.type("d")
        #expect(reader.terminal.waitForScreen(containing: "Deleted the highlight on page 1", after: seen) != nil)
        #expect(reader.quit()?.outcome == .quit)
        #expect(try Document(path: scratch.document).annotations(page: 0).isEmpty)
        #expect(scratch.bytes.prefix(saved.count) == saved)
    }

    @Test func aReadOnlyFileKeepsItsBytesAndTheHighlightGoesToASidecar() throws {
        let scratch = try Scratch()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: scratch.document)
        try highlight("veH", in: scratch, saying: "Annotations are kept in")
        #expect(scratch.bytes == scratch.original)
        let sidecars = try FileManager.default.contentsOfDirectory(
            atPath: scratch.folder.url.path + "/data/folio/annotations")
        #expect(sidecars.filter { $0.hasSuffix(".json") }.count == 1)
        // Reopened, the sidecar's highlight is listed with its text.
        let reader = try ReaderUnderTest(path: scratch.document, annotations: scratch.places)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type("A")
        let list = try #require(reader.terminal.waitForScreen(containing: "Annotations — 1 annotation"))
        // The selection's last character, a hyphen, is one the layout may add: it is left out.
        #expect(list[1].contains("highlight Trace "))
        reader.terminal.type(.escape)
        #expect(reader.quit()?.outcome == .quit)
    }

    @Test func aFileAnotherProgramChangedIsReloadedAndTheChangeMadeOnIt() throws {
        let scratch = try Scratch()
        // The file watcher would reload the reader (and the annotations' copy) as soon as the
        // file changes; without it, the save is what finds the other program's change.
        var configuration = Configuration()
        configuration.reload = false
        let reader = try ReaderUnderTest(
            path: scratch.document, configuration: configuration, annotations: scratch.places)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        // Another program writes the file: its own version, one more byte at the end.
        var theirs = scratch.original
        theirs.append(contentsOf: Array("\n".utf8))
        try theirs.write(to: URL(fileURLWithPath: scratch.document + ".theirs"))
        _ = rename(scratch.document + ".theirs", scratch.document)
        let seen = reader.terminal.frameCount
        reader.terminal.type("veH")
        #expect(reader.terminal.waitForScreen(containing: "was changed by another program", after: seen) != nil)
        #expect(reader.quit()?.outcome == .quit)
        let saved = scratch.bytes
        #expect(saved.prefix(theirs.count) == theirs)
        #expect(try Document(path: scratch.document).annotations(page: 0).map(\.markedText) == ["Trace"])
    }

    @Test func afterTheReaderReloadsAChangedFileTheHighlightGoesOnTheNewVersion() throws {
        let scratch = try Scratch()
        let reader = try ReaderUnderTest(path: scratch.document, annotations: scratch.places)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        var theirs = scratch.original
        theirs.append(contentsOf: Array("\n".utf8))
        try theirs.write(to: URL(fileURLWithPath: scratch.document + ".theirs"))
        var seen = reader.terminal.frameCount
        _ = rename(scratch.document + ".theirs", scratch.document)
        #expect(reader.terminal.waitForScreen(containing: "Reloaded", after: seen) != nil)
        seen = reader.terminal.frameCount
        reader.terminal.type("veH")
        #expect(reader.terminal.waitForScreen(containing: "Highlighted on page 1", after: seen) != nil)
        #expect(reader.quit()?.outcome == .quit)
        #expect(scratch.bytes.prefix(theirs.count) == theirs)
        #expect(try Document(path: scratch.document).annotations(page: 0).map(\.markedText) == ["Trace"])
    }
}
