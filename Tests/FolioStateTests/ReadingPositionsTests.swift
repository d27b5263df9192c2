import FolioCore
import FolioState
import Foundation
import Testing

/// Where each document was left: remembered across runs, shared safely by readers running at
/// once, never half-written.
@Suite struct ReadingPositionsTests {
    /// A positions file in a folder of its own (not created yet: `remember` makes it).
    private func positions() -> (ReadingPositions, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-positions-\(UUID().uuidString)")
        return (ReadingPositions(path: folder.path + "/state/folio/positions"), folder)
    }

    @Test func remembersEachDocumentsPage() throws {
        let (positions, folder) = positions()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(positions.page(of: "/books/a.pdf") == nil, "nothing is remembered before the file exists")
        try positions.remember(page: 11, of: "/books/a.pdf")
        try positions.remember(page: 3, of: "/books/b.epub")
        try positions.remember(page: 12, of: "/books/a.pdf")
        #expect(positions.page(of: "/books/a.pdf") == 12)
        #expect(positions.page(of: "/books/b.epub") == 3)
        #expect(positions.page(of: "/books/c.pdf") == nil)
        // One line per document, the most recently read last.
        let text = try String(contentsOfFile: positions.path, encoding: .utf8)
        #expect(text == "3\t/books/b.epub\n12\t/books/a.pdf\n")
    }

    @Test func anyPathFitsOnItsLine() throws {
        let (positions, folder) = positions()
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = FileSystemName.decode(Array("/books/caf".utf8) + [0xE9] + Array(".pdf".utf8))
        let odd = ["/books/tab\there.pdf", "/books/new\nline.pdf", "/books/back\\slash\\t.pdf", latin1]
        for (page, path) in odd.enumerated() {
            try positions.remember(page: page, of: path)
        }
        for (page, path) in odd.enumerated() {
            #expect(positions.page(of: path) == page, "\(path)")
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: positions.path)))
        #expect(bytes.split(separator: UInt8(ascii: "\n")).count == odd.count)
        #expect(bytes.contains(0xE9), "a Latin-1 name is stored as its own bytes")
    }

    @Test func theLeastRecentlyReadAreForgottenBeyondTheCapacity() throws {
        let (positions, folder) = positions()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Fill the file directly, then add one document the normal way.
        let lines = (0..<ReadingPositions.capacity).map { "\($0)\t/books/\($0).pdf\n" }.joined()
        try FileManager.default.createDirectory(
            atPath: (positions.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(lines.utf8).write(to: URL(fileURLWithPath: positions.path))
        try positions.remember(page: 7, of: "/books/new.pdf")
        #expect(positions.page(of: "/books/0.pdf") == nil)
        #expect(positions.page(of: "/books/1.pdf") == 1)
        #expect(positions.page(of: "/books/new.pdf") == 7)
    }

    @Test func damagedLinesAreSkippedAndDropped() throws {
        let (positions, folder) = positions()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            atPath: (positions.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let damaged =
            "4\t/books/good.pdf\nnot a line\n-3\t/books/negative.pdf\n9\trelative.pdf\n5\t/bad\\escape\n\u{0}\u{1}\n"
            + "9223372036854775807\t/books/huge.pdf\n2147483647\t/books/past-int.pdf\n2147483646\t/books/last.pdf\n"
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: positions.path))
        #expect(positions.page(of: "/books/good.pdf") == 4)
        #expect(positions.page(of: "/books/negative.pdf") == nil)
        // A page beyond any document's (a C int's) is damage: `page + 1` must not overflow.
        #expect(positions.page(of: "/books/huge.pdf") == nil)
        #expect(positions.page(of: "/books/past-int.pdf") == nil)
        #expect(positions.page(of: "/books/last.pdf") == 2_147_483_646)
        try positions.remember(page: 1, of: "/books/other.pdf")
        let text = try String(contentsOfFile: positions.path, encoding: .utf8)
        #expect(text == "4\t/books/good.pdf\n2147483646\t/books/last.pdf\n1\t/books/other.pdf\n")
    }

    /// Readers running at once, each remembering its own documents over and over: every last
    /// word survives (the lock), and the file is whole at every moment a reader looks (the
    /// rename), with no temporary file left behind.
    @Test func readersAtOnceLoseNothing() async throws {
        let (positions, folder) = positions()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writers = 4
        let rounds = 25
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    // Each writer has a ReadingPositions of its own, as separate processes would.
                    let own = ReadingPositions(path: positions.path)
                    for round in 0..<rounds {
                        try own.remember(page: round, of: "/books/\(writer)-a.pdf")
                        try own.remember(page: round * 2, of: "/books/\(writer)-b.pdf")
                    }
                }
            }
            group.addTask {
                // Meanwhile, every read sees whole lines only.
                for _ in 0..<200 {
                    if let text = try? String(contentsOfFile: positions.path, encoding: .utf8) {
                        #expect(text.isEmpty || text.hasSuffix("\n"))
                        #expect(text.split(separator: "\n").allSatisfy { $0.contains("\t/books/") })
                    }
                }
            }
            try await group.waitForAll()
        }
        for writer in 0..<writers {
            #expect(positions.page(of: "/books/\(writer)-a.pdf") == rounds - 1)
            #expect(positions.page(of: "/books/\(writer)-b.pdf") == (rounds - 1) * 2)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: (positions.path as NSString).deletingLastPathComponent)
        #expect(Set(leftovers) == ["positions", "positions.lock"])
    }

    @Test func anUnwritableFolderIsAClearError() throws {
        // A file where the folder should be: nothing can be created below it.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-not-a-folder-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let positions = ReadingPositions(path: file.path + "/folio/positions")
        #expect(throws: StateError.self) { try positions.remember(page: 1, of: "/books/a.pdf") }
        do {
            try positions.remember(page: 1, of: "/books/a.pdf")
        } catch {
            #expect(error.description.contains("cannot create \(file.path)/folio: Not a directory"))
        }
        #expect(positions.page(of: "/books/a.pdf") == nil)
    }

    @Test func standardPathFollowsXDG() {
        #expect(
            ReadingPositions.standardPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/folio/positions")
        #expect(ReadingPositions.standardPath(environment: ["HOME": "/h"]) == "/h/.local/state/folio/positions")
        // A relative XDG_STATE_HOME is invalid by the specification and ignored.
        #expect(
            ReadingPositions.standardPath(environment: ["XDG_STATE_HOME": "s", "HOME": "/h"])
                == "/h/.local/state/folio/positions")
        #expect(ReadingPositions.standardPath(environment: [:]) == nil)
    }
}
