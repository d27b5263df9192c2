import FolioCore
import FolioDocument
import FolioState
import FolioSystem

/// What the saver needs of a document: to apply a change in memory (doing nothing for a change
/// already applied: adding an annotation whose id is there, removing one that is not) and to
/// write the original file's bytes followed by an incremental update with every change applied.
/// `Document` does both through MuPDF.
protocol AnnotationWriting: AnyObject {
    /// What the temporary file holds when ``writeIncrementalUpdate(appendingTo:)`` is given it: a
    /// writer that copies the original bytes itself takes it ``SafeReplacement/Start/empty``, one
    /// that only appends takes a ``SafeReplacement/Start/copyOfOriginal``.
    var temporaryFileStart: SafeReplacement.Start { get }
    /// Applies `change` to the document in memory; applying it again changes nothing.
    func apply(_ change: AnnotationChange) throws(DocumentError)
    /// Makes the file at `path` (beginning as ``temporaryFileStart`` says) the bytes of the
    /// original the document was opened from followed by an incremental update holding the
    /// changes applied.
    func writeIncrementalUpdate(appendingTo path: String) throws(DocumentError)
}

/// Why a change was not made, or not saved.
enum AnnotationSaveFailure: Error, Equatable, CustomStringConvertible {
    /// The journal could not take the change: it was not made.
    case journal(AnnotationStateError)
    /// The document refused the change, or could not write its update.
    case document(DocumentError)
    /// The PDF could not be replaced (read-only, no space…); it is as it was.
    case file(FileSaveError)
    /// The sidecar could not be written.
    case sidecar(AnnotationStateError)
    /// The sidecar store was chosen but no folder for sidecars is known (no `HOME`).
    case noSidecarFolder

    var description: String {
        switch self {
        case .journal(let error), .sidecar(let error): error.description
        case .document(let error): error.description
        case .file(let error): error.description
        case .noSidecarFolder: "no folder for annotations: neither XDG_DATA_HOME nor HOME is set"
        }
    }
}

/// How a save ended.
enum AnnotationSaveOutcome: Equatable {
    /// Every change so far is in the store.
    case saved
    /// Nothing was waiting to be saved.
    case nothingToSave
    /// The PDF on disk is no longer the file that was opened: another program changed it, and
    /// it was not overwritten. The changes wait in the journal: reload the document, hand it to
    /// ``AnnotationSaver/documentReloaded(_:fingerprint:)`` (which applies and saves them) and
    /// tell the user.
    case changedByAnotherProgram
    /// The save failed; the changes wait in the journal, and the next save or the next opening
    /// of the document saves them.
    case failed(AnnotationSaveFailure)
}

/// Makes a user's annotation changes durable, in the order that loses nothing (SQLite's journal
/// first, git's lock file and rename): each change is appended to the document's journal and
/// flushed before the document is touched; then applied in memory; then saved, to the PDF as an
/// incremental update through ``SafeReplacement`` (checking the file is still the one opened)
/// or to the sidecar; then marked saved in the journal. A kill at any moment leaves the PDF old
/// or new, never torn, and the journal holds every change the PDF may lack.
///
/// Not `Sendable`: one owner (the session's annotation queue) calls it.
final class AnnotationSaver {
    /// The document's path, as opened.
    let path: String
    /// Where the annotations go, and why.
    let choice: AnnotationStoreChoice
    /// The fingerprint of the file as Folio last opened or saved it: a file watcher that sees
    /// the file with this fingerprint sees Folio's own save, not another program's.
    private(set) var fingerprint: FileFingerprint
    private var document: any AnnotationWriting
    private let journal: AnnotationJournal
    private let sidecar: AnnotationSidecar?

    /// A saver for the document at `path`, open as `document`, whose file had `fingerprint`
    /// when it was opened; `journal` is the document's journal and `sidecar` its sidecar (used
    /// when `choice` says so). Removes what a killed save left beside the file.
    init(
        path: String, document: any AnnotationWriting, fingerprint: FileFingerprint, choice: AnnotationStoreChoice,
        journal: AnnotationJournal, sidecar: AnnotationSidecar?
    ) {
        self.path = path
        self.document = document
        self.fingerprint = fingerprint
        self.choice = choice
        self.journal = journal
        self.sidecar = sidecar
        if choice.store == .pdf {
            SafeReplacement.removeLeftovers(of: path)
        }
    }

    /// The changes not yet saved, in order.
    var pending: [JournalEntry] { journal.pending }

    /// Brings a document just opened up to date: for the sidecar store, the sidecar's
    /// annotations are applied to the document; then the changes a crash may have kept from the
    /// store (the journal's pending ones) are applied and saved.
    func restore() -> AnnotationSaveOutcome {
        if choice.store == .sidecar {
            guard let sidecar else { return .failed(.noSidecarFolder) }
            let annotations: [Annotation]
            do throws(AnnotationStateError) {
                annotations = try sidecar.annotations()
            } catch {
                return .failed(.sidecar(error))
            }
            do throws(DocumentError) {
                for annotation in annotations { try document.apply(.add(annotation)) }
            } catch {
                return .failed(.document(error))
            }
        }
        return applyPendingAndSave()
    }

    /// Makes `change`: journaled, applied, saved. Throws when the journal cannot take it (then
    /// nothing changed); else says how the save went.
    func record(_ change: AnnotationChange) throws(AnnotationSaveFailure) -> AnnotationSaveOutcome {
        try stage(change)
        return save()
    }

    /// Journals `change` (flushed to disk) and applies it to the document in memory, without
    /// saving it yet (``save()`` does): a view can show it at once. Throws, changing nothing,
    /// when the journal cannot take it; throws ``AnnotationSaveFailure/document(_:)`` when the
    /// document refuses it (it stays journaled, and is dropped by the next save).
    func stage(_ change: AnnotationChange) throws(AnnotationSaveFailure) {
        do {
            try journal.append(change)
        } catch {
            throw .journal(error)
        }
        do {
            try document.apply(change)
        } catch {
            throw .document(error)
        }
    }

    /// Saves every change staged and not yet saved.
    func save() -> AnnotationSaveOutcome {
        guard let last = journal.pending.last?.sequence else { return .nothingToSave }
        switch choice.store {
        case .pdf:
            do throws(FileSaveError) {
                let document = document
                fingerprint = try SafeReplacement.replace(
                    path, expecting: fingerprint, startingWith: document.temporaryFileStart
                ) { temporary throws(DocumentError) in try document.writeIncrementalUpdate(appendingTo: temporary) }
            } catch .changedByAnotherProgram {
                return .changedByAnotherProgram
            } catch {
                return .failed(.file(error))
            }
        case .sidecar:
            guard let sidecar else { return .failed(.noSidecarFolder) }
            do throws(AnnotationStateError) {
                for entry in journal.pending { try sidecar.apply(entry.change, document: path) }
            } catch {
                return .failed(.sidecar(error))
            }
        }
        // A mark that cannot be written leaves the changes pending: applied again at the next
        // opening, they change nothing. The save itself succeeded.
        try? journal.markSaved(through: last)
        return .saved
    }

    /// After ``AnnotationSaveOutcome/changedByAnotherProgram``: takes the document reloaded from
    /// the file as it now is (opened with the file's fingerprint `fingerprint`), applies the
    /// changes waiting in the journal to it and saves them.
    func documentReloaded(_ document: any AnnotationWriting, fingerprint: FileFingerprint) -> AnnotationSaveOutcome {
        self.document = document
        self.fingerprint = fingerprint
        return applyPendingAndSave()
    }

    private func applyPendingAndSave() -> AnnotationSaveOutcome {
        for entry in journal.pending {
            // A change the document refuses is dropped by the save that follows.
            try? document.apply(entry.change)
        }
        return save()
    }
}

/// MuPDF copies the bytes it read into an empty file itself (`pdf_save_document` with
/// `do_incremental`), from the file it holds open: a copy made beforehand would only cost the
/// copy and MuPDF's comparison of it with those bytes (a highlight saved into the 1,158-page corpus
/// manual in 49 ms rather than 109, `scripts/bench --annotations`). The fingerprint checks before
/// and after the write still see a file another program changed.
extension Document: AnnotationWriting {
    var temporaryFileStart: SafeReplacement.Start { .empty }
}
