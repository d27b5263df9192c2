import FolioCore
import FolioState
import Foundation
import Testing

/// Marks survive a restart: lowercase ones per document, uppercase ones across documents.
@Suite struct MarkStoreTests {
    @Test func marksSurviveARestartPerDocumentAndGlobally() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-marks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/state/folio/marks"
        let store = MarkStore(path: path)
        try store.save(Mark(letter: "a", page: 11, topLine: 3), in: "/books/one.pdf")
        try store.save(Mark(letter: "a", page: 2, topLine: 0), in: "/books/tab\there.pdf")
        try store.save(Mark(letter: "G", page: 40, topLine: 0), in: "/books/one.pdf")
        try store.save(Mark(letter: "a", page: 12, topLine: 0), in: "/books/one.pdf")

        // A new store on the same file, as the next run makes.
        let again = MarkStore(path: path)
        #expect(
            again.marks(for: "/books/one.pdf") == [
                Mark(letter: "G", page: 40, topLine: 0), Mark(letter: "a", page: 12, topLine: 0),
            ])
        #expect(
            again.marks(for: "/books/tab\there.pdf") == [
                Mark(letter: "a", page: 2, topLine: 0),
                Mark(letter: "G", page: 40, topLine: 0, document: "/books/one.pdf"),
            ])
        // Setting G in another document moves it there.
        try again.save(Mark(letter: "G", page: 1, topLine: 0), in: "/books/tab\there.pdf")
        #expect(
            again.marks(for: "/books/one.pdf").contains(
                Mark(letter: "G", page: 1, topLine: 0, document: "/books/tab\there.pdf")))
    }

    @Test func aMarkOnAPageNoDocumentCanHaveIsDropped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-marks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.path + "/marks"
        let lines =
            "a\t9223372036854775807\t0\t/books/one.pdf\nb\t2147483647\t0\t/books/one.pdf\nc\t7\t2\t/books/one.pdf\n"
        try Data(lines.utf8).write(to: URL(fileURLWithPath: path))
        // Going to a global mark says its page + 1: no page may be near Int.max.
        #expect(MarkStore(path: path).marks(for: "/books/one.pdf") == [Mark(letter: "c", page: 7, topLine: 2)])
    }
}
