import FolioCore
import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioState

/// Annotations and changes with every field used, for the journal's and the sidecar's tests.
enum SampleAnnotations {
    static func highlight(_ number: Int, page: Int = 0) -> Annotation {
        Annotation(
            id: AnnotationID("folio-\(number)"), page: page, kind: .highlight,
            colour: AnnotationColour(hex: "#ffd400"),
            quads: [
                TextRect(x0: 72.5, y0: 100.25, x1: 300.125, y1: 112), TextRect(x0: 72, y0: 114, x1: 180.75, y1: 126.5),
            ],
            rect: TextRect(x0: 72, y0: 100.25, x1: 300.125, y1: 126.5),
            markedText: "the marked \"words\"\tacross\nlines, é 日本 \u{1F600}", note: "a note\nwith two lines",
            author: "ada", created: AnnotationTime(secondsSince1970: 1_700_000_000),
            modified: AnnotationTime(secondsSince1970: 1_700_000_100))
    }

    static func note(_ number: Int, page: Int = 1) -> Annotation {
        Annotation(
            id: AnnotationID("#\(number)"), page: page, kind: .other("Stamp"),
            rect: TextRect(x0: 1, y0: 2, x1: 3, y1: 4))
    }

    static let changes: [AnnotationChange] = [
        .add(highlight(1)), .add(note(2)),
        .setNote(
            AnnotationID("folio-1"), page: 0, note: "changed", modified: AnnotationTime(secondsSince1970: 1_800_000_000)
        ),
        .setNote(AnnotationID("#2"), page: 1, note: "", modified: nil),
        .remove(AnnotationID("#2"), page: 1),
    ]
}

/// A state folder of its own for each test.
final class StateScratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "folio-journal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var journals: String { AnnotationJournal.folder(inStateFolder: path) }

    func bytes(_ file: String) -> [UInt8] {
        FileManager.default.contents(atPath: file).map(Array.init) ?? []
    }

    func append(_ bytes: [UInt8], to file: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data(bytes))
        handle.closeFile()
    }
}

@Suite struct AnnotationJournalTests {
    let document = "/books/paper \t\"one\".pdf"

    @Test func appendedChangesArePendingWhenTheDocumentIsOpenedAgain() throws {
        let state = try StateScratch()
        do {
            let journal = try AnnotationJournal(document: document, folder: state.journals)
            #expect(journal.pending.isEmpty && journal.problems.isEmpty)
            for change in SampleAnnotations.changes { try journal.append(change) }
        }
        let again = try AnnotationJournal(document: document, folder: state.journals)
        #expect(again.pending.map(\.change) == SampleAnnotations.changes)
        #expect(again.pending.map(\.sequence) == Array(1...SampleAnnotations.changes.count))
        #expect(again.problems.isEmpty)
    }

    @Test func changesSavedAreNoLongerPending() throws {
        let state = try StateScratch()
        let changes = SampleAnnotations.changes
        do {
            let journal = try AnnotationJournal(document: document, folder: state.journals)
            for change in changes { try journal.append(change) }
            try journal.markSaved(through: 3)
            #expect(journal.pending.map(\.sequence) == [4, 5])
        }
        let again = try AnnotationJournal(document: document, folder: state.journals)
        #expect(
            again.pending == [
                JournalEntry(sequence: 4, change: changes[3]), JournalEntry(sequence: 5, change: changes[4]),
            ])
    }

    /// Once every change is saved the journal is only its header again.
    @Test func aJournalWhollySavedIsEmptied() throws {
        let state = try StateScratch()
        let journal = try AnnotationJournal(document: document, folder: state.journals)
        let header = state.bytes(journal.path)
        #expect(String(decoding: header, as: UTF8.self).hasSuffix("}\n"))
        for change in SampleAnnotations.changes { try journal.append(change) }
        try journal.markSaved(through: 5)
        #expect(state.bytes(journal.path) == header)
        #expect(journal.pending.isEmpty)
        try journal.append(.add(SampleAnnotations.highlight(9)))
        #expect(journal.pending.map(\.sequence) == [6])
    }

    /// A kill in the middle of an append leaves a line cut short: it is dropped (its change was
    /// never acknowledged) and the next change starts on a line of its own.
    @Test func aTornLastLineIsDropped() throws {
        let state = try StateScratch()
        let path: String
        do {
            let journal = try AnnotationJournal(document: document, folder: state.journals)
            try journal.append(SampleAnnotations.changes[0])
            try journal.append(SampleAnnotations.changes[1])
            path = journal.path
        }
        let whole = state.bytes(path)
        try state.append(Array(#"{"change":{"add":{"id":"folio-3","kind":"highl"#.utf8), to: path)
        do {
            let journal = try AnnotationJournal(document: document, folder: state.journals)
            #expect(journal.problems == [.tornLastLine])
            #expect(journal.pending.map(\.change) == Array(SampleAnnotations.changes[0..<2]))
            #expect(state.bytes(path) == whole)
            try journal.append(SampleAnnotations.changes[2])
        }
        let again = try AnnotationJournal(document: document, folder: state.journals)
        #expect(again.problems.isEmpty)
        #expect(again.pending.map(\.change) == Array(SampleAnnotations.changes[0..<3]))
    }

    /// Damage in the middle of a journal is a problem said, never a crash; the good lines count.
    @Test func damagedLinesAreSkippedAndSaid() throws {
        let state = try StateScratch()
        let path = try AnnotationJournal(document: document, folder: state.journals).path
        let good = { (sequence: Int, change: AnnotationChange) in
            StoredJSON.encode(JournalRecord(sequence: sequence, change: StoredChange(change)))! + [10]
        }
        var lines: [UInt8] = good(1, SampleAnnotations.changes[0])
        lines += Array("not json at all\n".utf8)
        lines += [0, 255, 254, 10]
        lines += Array(#"{"sequence":2}"#.utf8) + [10]
        lines += Array(#"{"sequence":3,"change":{"remove":{"id":"","page":0}}}"#.utf8) + [10]
        lines += Array(#"{"sequence":4,"change":{"add":{"id":"x","page":-1}}}"#.utf8) + [10]
        lines += Array(#"{"sequence":5,"savedThrough":1}"#.utf8) + [10]
        lines += Array(#"{"sequence":99999999999999999999999,"change":{}}"#.utf8) + [10]
        lines += good(6, SampleAnnotations.changes[1])
        lines += good(6, SampleAnnotations.changes[2])
        lines += good(2, SampleAnnotations.changes[3])
        try state.append(lines, to: path)
        let journal = try AnnotationJournal(document: document, folder: state.journals)
        #expect(journal.pending.map(\.change) == [SampleAnnotations.changes[0], SampleAnnotations.changes[1]])
        #expect(
            journal.problems == [
                .unreadableLine(3), .unreadableLine(4), .unreadableLine(5), .unreadableLine(6), .unreadableLine(7),
                .unreadableLine(8), .unreadableLine(9), .outOfSequence(11), .outOfSequence(12),
            ])
        #expect(journal.problems[0].description == "line 3 is damaged and was skipped")
        #expect(try journal.append(SampleAnnotations.changes[4]) == 7)
    }

    /// Random bytes after a good prefix, many times: never a crash, the prefix's changes kept.
    @Test func randomDamageNeverCrashes() throws {
        let state = try StateScratch()
        var random = SeededRandom(seed: 22)
        for round in 0..<60 {
            let name = "/books/\(round).pdf"
            let path: String
            do {
                let journal = try AnnotationJournal(document: name, folder: state.journals)
                try journal.append(SampleAnnotations.changes[0])
                path = journal.path
            }
            let noise = (0..<Int.random(in: 1..<300, using: &random)).map { _ in
                Int.random(in: 0..<4, using: &random) == 0
                    ? UInt8(ascii: "\n")
                    : Array(#"{}[]":,0123456789.eE-+ "sequencechangeaddsavedThrough\"#.utf8)
                        .randomElement(using: &random)!
            }
            try state.append(noise, to: path)
            let journal = try AnnotationJournal(document: name, folder: state.journals)
            #expect(journal.pending.first?.change == SampleAnnotations.changes[0], "round \(round)")
        }
    }

    @Test func eachDocumentHasItsOwnJournal() throws {
        let state = try StateScratch()
        let one = try AnnotationJournal(document: "/books/one.pdf", folder: state.journals)
        try one.append(SampleAnnotations.changes[0])
        let two = try AnnotationJournal(document: "/books/two.pdf", folder: state.journals)
        #expect(two.path != one.path)
        #expect(two.pending.isEmpty)
    }

    /// Another document whose path hashes alike keeps its journal; this one takes the next name.
    @Test func aJournalOfAnotherDocumentUnderTheSameNameIsLeftAlone() throws {
        let state = try StateScratch()
        let names = AnnotationJournal.candidateNames(for: document, in: state.journals)
        try FileManager.default.createDirectory(atPath: state.journals, withIntermediateDirectories: true)
        let theirs = StoredJSON.encode(JournalRecord(journal: 1, document: "/books/other.pdf"))! + [10]
        try Data(theirs).write(to: URL(fileURLWithPath: names[0]))
        let journal = try AnnotationJournal(document: document, folder: state.journals)
        #expect(journal.path == names[1])
        try journal.append(SampleAnnotations.changes[0])
        #expect(state.bytes(names[0]) == theirs)
    }

    /// One Folio at a time changes a document's annotations.
    @Test func aSecondOpeningIsRefused() throws {
        let state = try StateScratch()
        let first = try AnnotationJournal(document: document, folder: state.journals)
        withExtendedLifetime(first) { () -> Void in
            #expect(throws: AnnotationStateError.inUse(document)) {
                try AnnotationJournal(document: document, folder: state.journals)
            }
        }
        #expect(
            AnnotationStateError.inUse("/books/a.pdf").description
                == "another Folio is changing the annotations of /books/a.pdf")
    }

    @Test func aChangeThatCannotBeWrittenLeavesTheJournalAsItWas() throws {
        let state = try StateScratch()
        let journal = try AnnotationJournal(document: document, folder: state.journals)
        try journal.append(SampleAnnotations.changes[0])
        let before = state.bytes(journal.path)
        var broken = SampleAnnotations.highlight(7)
        broken.rect.x0 = .nan
        #expect(throws: AnnotationStateError.self) { try journal.append(.add(broken)) }
        #expect(state.bytes(journal.path) == before)
        #expect(journal.pending.count == 1)
    }

    @Test func aJournalThatLostItsHeaderGetsItBack() throws {
        let state = try StateScratch()
        let path = try AnnotationJournal(document: document, folder: state.journals).path
        try Data().write(to: URL(fileURLWithPath: path))
        do {
            let journal = try AnnotationJournal(document: document, folder: state.journals)
            try journal.append(SampleAnnotations.changes[0])
        }
        let again = try AnnotationJournal(document: document, folder: state.journals)
        #expect(again.problems.isEmpty)
        #expect(again.pending.map(\.change) == [SampleAnnotations.changes[0]])
    }
}

/// A journal on a full file system (a small tmpfs, as root): a change that does not fit is
/// refused whole, the half line it wrote taken back, and the changes before it kept.
@Suite(.enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root"))
struct JournalOnAFullFileSystemTests {
    @Test func aChangeThatDoesNotFitIsRefusedWhole() throws {
        let volume = try SmallFileSystem(kilobytes: 64)
        let document = "/books/paper.pdf"
        do {
            let journal = try AnnotationJournal(document: document, folder: volume.path)
            try journal.append(SampleAnnotations.changes[0])
            let before = try Data(contentsOf: URL(fileURLWithPath: journal.path))
            var huge = SampleAnnotations.highlight(2)
            huge.note = String(repeating: "a long note ", count: 20_000)
            #expect(throws: AnnotationStateError.self) { try journal.append(.add(huge)) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: journal.path)) == before)
            #expect(journal.pending.map(\.change) == [SampleAnnotations.changes[0]])
        }
        let again = try AnnotationJournal(document: document, folder: volume.path)
        #expect(again.problems.isEmpty)
        #expect(again.pending.map(\.change) == [SampleAnnotations.changes[0]])
    }
}
