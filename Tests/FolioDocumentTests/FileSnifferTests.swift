import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// Classifying a generated folder as the browser sees it.
@Suite struct FileSnifferTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-sniff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("hello world\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data([0x00, 0xFF, 0x10, 0x80, 0x00, 0x01]).write(to: folder.appendingPathComponent("blob.bin"))
        try Data().write(to: folder.appendingPathComponent("empty.pdf"))
        try FileManager.default.copyItem(
            atPath: Corpus.path("pdfjs-tracemonkey.pdf"), toPath: folder.appendingPathComponent("paper.bin").path)
        try FileManager.default.copyItem(
            atPath: Corpus.path("idpf-moby-dick.epub"), toPath: folder.appendingPathComponent("book.epub").path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop").path,
            withDestinationPath: folder.appendingPathComponent("loop").path)
        #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o600) == 0)
    }

    private func kind(_ name: String) -> BrowserEntry.Kind {
        FileSniffer.classify(folder.appendingPathComponent(name).path)
    }

    @Test func classifiesEveryKindOfEntry() {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(kind("sub") == .folder)
        #expect(kind("book.epub") == .document)
        // A PDF is recognised by its first bytes, whatever its name.
        #expect(kind("paper.bin") == .document)
        #expect(kind("notes.txt") == .other(reason: "not a document: 12 bytes of plain text"))
        #expect(kind("blob.bin") == .other(reason: "not a document: 6 bytes of binary data"))
        #expect(kind("empty.pdf") == .other(reason: "an empty file"))
        #expect(kind("pipe") == .other(reason: "a FIFO (named pipe), not a document"))
        #expect(kind("loop") == .other(reason: "a broken or looping symbolic link"))
    }
}
