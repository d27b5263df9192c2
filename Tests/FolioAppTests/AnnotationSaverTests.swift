import FolioCore
import FolioDocument
import FolioState
import FolioSystem
import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioApp

/// A document's folder, state folder and data folder, removed at the end.
final class SaveScratch {
    let folder: String
    var document: String { folder + "/paper.pdf" }
    var journals: String { folder + "/state/journals" }
    var sidecar: AnnotationSidecar { AnnotationSidecar(path: folder + "/data/sidecar.json") }

    init() throws {
        folder = NSTemporaryDirectory() + "folio-saver-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FakeAnnotatedDocument.create(at: document)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A saver on the document as its file now is, storing as `choice` says.
    func saver(
        _ choice: AnnotationStoreChoice = .choose(writability: nil, isPDF: true, preference: .pdf)
    ) throws -> (AnnotationSaver, FakeAnnotatedDocument) {
        let fake = try FakeAnnotatedDocument(loading: document)
        let journal = try AnnotationJournal(document: document, folder: journals)
        let saver = AnnotationSaver(
            path: document, document: fake, fingerprint: try FileFingerprint.of(path: document), choice: choice,
            journal: journal, sidecar: sidecar)
        return (saver, fake)
    }

    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
}

func added(_ id: String) -> AnnotationChange { .add(FakeAnnotatedDocument.annotation(id)) }

@Suite struct AnnotationSaverTests {
    @Test func aChangeIsJournaledAppliedSavedAndMarked() throws {
        let scratch = try SaveScratch()
        chmod(scratch.document, 0o640)
        let (saver, fake) = try scratch.saver()
        #expect(saver.restore() == .nothingToSave)
        #expect(try saver.record(added("folio-a")) == .saved)
        #expect(try saver.record(added("folio-b")) == .saved)
        #expect(try saver.record(.remove(AnnotationID("folio-a"), page: 0)) == .saved)
        #expect(
            try FakeAnnotatedDocument.read(scratch.document).revisions == [
                ["folio-a"], ["folio-a", "folio-b"], ["folio-b"],
            ])
        #expect(fake.annotations.map(\.id.value) == ["folio-b"])
        #expect(saver.pending.isEmpty)
        #expect(try saver.fingerprint == FileFingerprint.of(path: scratch.document))
        var status = stat()
        stat(scratch.document, &status)
        #expect(status.st_mode & 0o777 == 0o640)
        #expect(scratch.names == ["paper.pdf", "state"])
    }

    /// A real PDF's temporary file starts empty, and MuPDF writes the original bytes into it
    /// itself: each save is still the file before it, whole, followed by one update.
    @Test func aRealPDFIsSavedAsUpdatesAfterItsOriginalBytes() throws {
        let scratch = try SaveScratch()
        try AnnotationFixture.document().write(to: URL(fileURLWithPath: scratch.document))
        let original = try Data(contentsOf: URL(fileURLWithPath: scratch.document))
        let document = try Document(path: scratch.document)
        #expect(document.temporaryFileStart == .empty)
        let saver = AnnotationSaver(
            path: scratch.document, document: document, fingerprint: try FileFingerprint.of(path: scratch.document),
            choice: .choose(writability: nil, isPDF: true, preference: .pdf),
            journal: try AnnotationJournal(document: scratch.document, folder: scratch.journals), sidecar: nil)
        let line = try #require(try document.text(page: 0).blocks.first?.lines.first)
        let box = line.chars.dropFirst().reduce(line.chars[0].box) { $0.union($1.box) }
        let highlight = Annotation(id: AnnotationID("folio-one"), page: 0, kind: .highlight, quads: [box], rect: box)
        #expect(try saver.record(.add(highlight)) == .saved)
        let first = try Data(contentsOf: URL(fileURLWithPath: scratch.document))
        let note = Annotation(
            id: AnnotationID("folio-two"), page: 0, kind: .note, rect: TextRect(x0: 500, y0: 80, x1: 520, y1: 100),
            note: "Two.")
        #expect(try saver.record(.add(note)) == .saved)
        let second = try Data(contentsOf: URL(fileURLWithPath: scratch.document))
        #expect(first.count > original.count && first.starts(with: original))
        #expect(second.count > first.count && second.starts(with: first))
        let saved = try Document(path: scratch.document).annotations(page: 0)
        #expect(saved.map(\.id.value) == ["folio-one", "folio-two"])
        #expect(saved.first?.markedText == line.text.trimmingCharacters(in: .whitespaces))
        #expect(scratch.names == ["paper.pdf", "state"])
    }

    /// A change the journal cannot take is not made: the document is not touched.
    @Test func aChangeTheJournalRefusesIsNotMade() throws {
        let scratch = try SaveScratch()
        let (saver, fake) = try scratch.saver()
        var broken = FakeAnnotatedDocument.annotation("folio-nan")
        broken.rect.x1 = .infinity
        #expect(throws: AnnotationSaveFailure.self) { try saver.record(.add(broken)) }
        #expect(fake.applied == 0)
        #expect(try FakeAnnotatedDocument.read(scratch.document).revisions.isEmpty)
    }

    /// Another program saved the file: it is not overwritten; once the document is reloaded the
    /// waiting change is applied to the new version and saved.
    @Test func aFileChangedByAnotherProgramIsNotOverwritten() throws {
        let scratch = try SaveScratch()
        let (saver, _) = try scratch.saver()
        #expect(try saver.record(added("folio-a")) == .saved)
        // Another program appends its own revision, as a PDF editor's incremental save does.
        let theirs =
            try Data(contentsOf: URL(fileURLWithPath: scratch.document))
            + Data("%%revision 2\nfolio-x\n%%end 2 1\n".utf8)
        try theirs.write(to: URL(fileURLWithPath: scratch.document))
        #expect(try saver.record(added("folio-b")) == .changedByAnotherProgram)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.document)) == theirs)
        #expect(saver.pending.map(\.change) == [added("folio-b")])
        let reloaded = try FakeAnnotatedDocument(loading: scratch.document)
        #expect(saver.documentReloaded(reloaded, fingerprint: try FileFingerprint.of(path: scratch.document)) == .saved)
        #expect(try FakeAnnotatedDocument.read(scratch.document).ids == ["folio-x", "folio-b"])
        #expect(saver.pending.isEmpty)
    }

    /// After a crash between the journal and the save, the next opening applies and saves what
    /// the journal kept; what a killed save left beside the file is removed.
    @Test func theNextOpeningSavesWhatTheJournalKept() throws {
        let scratch = try SaveScratch()
        do {
            let journal = try AnnotationJournal(document: scratch.document, folder: scratch.journals)
            try journal.append(added("folio-a"))
            try journal.append(added("folio-b"))
        }
        try Data("torn".utf8).write(to: URL(fileURLWithPath: scratch.folder + "/.paper.pdf.folio-Ab12Cd"))
        let (saver, fake) = try scratch.saver()
        #expect(scratch.names == ["paper.pdf", "state"])
        #expect(saver.restore() == .saved)
        #expect(fake.annotations.map(\.id.value) == ["folio-a", "folio-b"])
        #expect(try FakeAnnotatedDocument.read(scratch.document).ids == ["folio-a", "folio-b"])
        #expect(saver.pending.isEmpty)
    }

    /// A read-only PDF: the choice says sidecar, the file's bytes stay as they were, and the next
    /// opening finds the annotations in the sidecar.
    @Test func aReadOnlyFileKeepsItsAnnotationsInTheSidecar() throws {
        let scratch = try SaveScratch()
        chmod(scratch.document, 0o444)
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.document))
        let choice = AnnotationStoreChoice.choose(
            writability: SafeReplacement.writability(of: scratch.document), isPDF: true, preference: .pdf)
        #expect(choice == AnnotationStoreChoice(reason: .cannotWrite(.readOnlyFile)))
        do {
            let (saver, _) = try scratch.saver(choice)
            #expect(saver.restore() == .nothingToSave)
            #expect(try saver.record(added("folio-a")) == .saved)
            #expect(try saver.record(added("folio-b")) == .saved)
            #expect(try saver.record(.setNote(AnnotationID("folio-a"), page: 0, note: "mine", modified: nil)) == .saved)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.document)) == before)
        let (again, fake) = try scratch.saver(choice)
        #expect(again.restore() == .nothingToSave)
        #expect(fake.annotations.map(\.id.value) == ["folio-a", "folio-b"])
        #expect(fake.annotations.first?.note == "mine")
    }

    @Test func aSidecarWithNoFolderIsAFailureSaid() throws {
        let scratch = try SaveScratch()
        let fake = try FakeAnnotatedDocument(loading: scratch.document)
        let saver = AnnotationSaver(
            path: scratch.document, document: fake, fingerprint: try FileFingerprint.of(path: scratch.document),
            choice: .choose(writability: nil, isPDF: false, preference: .pdf),
            journal: try AnnotationJournal(document: scratch.document, folder: scratch.journals), sidecar: nil)
        #expect(try saver.record(added("folio-a")) == .failed(.noSidecarFolder))
        #expect(saver.pending.count == 1)
    }
}

@Suite struct AnnotationStoreChoiceTests {
    @Test func theStoreFollowsTheFileAndThePreference() {
        #expect(AnnotationStoreChoice.choose(writability: nil, isPDF: true, preference: .pdf).store == .pdf)
        #expect(
            AnnotationStoreChoice.choose(writability: nil, isPDF: true, preference: .sidecar)
                == AnnotationStoreChoice(reason: .preference))
        #expect(
            AnnotationStoreChoice.choose(writability: nil, isPDF: false, preference: .pdf)
                == AnnotationStoreChoice(reason: .notPDF))
        #expect(
            AnnotationStoreChoice.choose(writability: .readOnlyMount, isPDF: true, preference: .pdf)
                == AnnotationStoreChoice(reason: .cannotWrite(.readOnlyMount)))
        #expect(AnnotationStoreChoice(reason: .notPDF).store == .sidecar)
    }

    @Test func theMessageSaysWhereAndWhy() {
        let sidecar = "/home/ada/.local/share/folio/annotations/ab.json"
        #expect(
            AnnotationStoreChoice(reason: .writablePDF).message(sidecar: sidecar) == "annotations are saved in the PDF")
        #expect(
            AnnotationStoreChoice(reason: .cannotWrite(.readOnlyFile)).message(sidecar: sidecar)
                == "annotations are kept in \(sidecar) (the file is read-only)")
        #expect(
            AnnotationStoreChoice(reason: .cannotWrite(.readOnlyMount)).message(sidecar: sidecar)
                == "annotations are kept in \(sidecar) (the file is on a read-only file system)")
        #expect(
            AnnotationStoreChoice(reason: .notPDF).message(sidecar: sidecar)
                == "annotations are kept in \(sidecar) (only a PDF can hold them)")
        #expect(
            AnnotationStoreChoice(reason: .preference).message(sidecar: nil)
                == "annotations cannot be kept (set annotation-store sidecar): neither XDG_DATA_HOME nor HOME names a folder for them"
        )
    }
}
