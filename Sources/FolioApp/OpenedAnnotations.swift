import Dispatch
import FolioCore
import FolioDocument
import FolioState
import FolioSystem
import Glibc

/// Why annotations cannot be made in a document, in words.
struct AnnotationsOff: Error {
    var reason: String
}

/// A document's annotations as the reader's annotation worker holds them once opened: the copy
/// of the document changes are made on, the saver, and where they are kept.
final class OpenedAnnotations {
    /// The copy of the document annotations are read from and, for the PDF store, made on.
    private var document: Document
    /// The annotations made in a sidecar (for the sidecar store), as they now stand.
    private let sidecarAnnotations: SidecarAnnotations?
    /// Journals, applies and saves every change; nil when the journal could not be opened
    /// (``unavailable`` says why), so annotations are shown but not changed.
    let saver: AnnotationSaver?
    /// Why annotations cannot be changed here (another Folio holds the journal…), if so.
    let unavailable: String?
    /// Where the annotations go.
    let store: AnnotationStore
    /// Where they go and why, when it is not the PDF (said at the first save).
    let keptElsewhere: String?
    /// Whether the PDF is signed (a save leaves the signature on the earlier revision).
    let isSigned: Bool
    /// How bringing the document up to date at opening went (the journal's pending changes).
    private(set) var restoreOutcome: AnnotationSaveOutcome = .nothingToSave
    private var saved = false

    /// Opens a copy of `source` (opened from `path`), the document's journal and its store as
    /// `places` says, and makes the changes a crash kept from the store.
    init(source: Document, path: String, places: AnnotationPlaces) throws(AnnotationsOff) {
        do throws(DocumentError) {
            document = try source.reopened()
        } catch {
            throw .init(reason: error.description)
        }
        let isPDF = (try? document.isPDF) ?? false
        let writability: FileSaveError? =
            isPDF && !document.canWriteAnnotations
            ? .writerFailed("MuPDF repaired the file when it opened it, so it cannot be updated in place")
            : SafeReplacement.writability(of: path)
        let choice = AnnotationStoreChoice.choose(writability: writability, isPDF: isPDF, preference: places.preference)
        store = choice.store
        isSigned = isPDF && document.isSigned
        let fingerprint: FileFingerprint
        do throws(FileSaveError) {
            fingerprint = try FileFingerprint.of(path: path)
        } catch {
            throw .init(reason: error.description)
        }
        let journal = Result { () throws(AnnotationsOff) -> AnnotationJournal in
            guard let folder = places.journals else {
                throw .init(reason: "no state folder for the journal: neither XDG_STATE_HOME nor HOME is set")
            }
            do throws(AnnotationStateError) {
                return try AnnotationJournal(document: Self.absolute(path), folder: folder)
            } catch {
                throw .init(reason: error.description)
            }
        }
        var sidecar: AnnotationSidecar?
        if store == .sidecar {
            let hash = try? ContentHash.sha256(ofFileAt: path)
            let sidecarPath = hash.flatMap {
                AnnotationSidecar.standardPath(contentHash: $0, environment: places.environment)
            }
            sidecar = sidecarPath.map(AnnotationSidecar.init(path:))
            keptElsewhere = choice.message(sidecar: sidecarPath).dropping(prefix: "annotations are kept ")
            sidecarAnnotations = SidecarAnnotations()
        } else {
            keptElsewhere = nil
            sidecarAnnotations = nil
        }
        switch journal {
        case .success(let journal):
            let saver = AnnotationSaver(
                path: path, document: sidecarAnnotations ?? document, fingerprint: fingerprint, choice: choice,
                journal: journal, sidecar: sidecar)
            self.saver = saver
            unavailable = nil
            restoreOutcome = saver.restore()
        case .failure(let off):
            saver = nil
            unavailable = off.reason
            // Shown, though not changeable: the sidecar's annotations as they are.
            for annotation in (try? sidecar?.annotations()) ?? [] {
                try? sidecarAnnotations?.apply(.add(annotation))
            }
        }
    }

    /// The annotations of `page`: the PDF's own, and those kept in a sidecar.
    func read(page: Int) -> [Annotation] {
        let own =
            (try? document.annotations(page: page, cancellation: Cancellation(timeLimit: TimeLimits.pageText))) ?? []
        guard let sidecarAnnotations else { return own }
        let text = try? document.text(page: page, cancellation: Cancellation(timeLimit: TimeLimits.pageText))
        return own
            + sidecarAnnotations.annotations.filter { $0.page == page }.map { annotation in
                var annotation = annotation
                if let text, annotation.kind.marksText {
                    annotation.markedText = text.markedText(under: annotation.quads)
                }
                return annotation
            }
    }

    /// Why `change` cannot be made here, or nil when it can: with the sidecar store, the
    /// document's own annotations (the file's, which cannot be written) are read, not changed.
    func refusal(of change: AnnotationChange) -> String? {
        guard let sidecarAnnotations else { return nil }
        switch change {
        case .add: return nil
        case .remove(let id, _), .setNote(let id, _, _, _):
            guard !sidecarAnnotations.annotations.contains(where: { $0.id == id }) else { return nil }
            return
                "the file's own annotations cannot be changed here: yours are kept \(keptElsewhere ?? "in a sidecar")"
        }
    }

    /// Every annotation of the document, page by page.
    func readAll() -> [Annotation] {
        let count = (try? document.pageCount) ?? 0
        return (0..<max(count, 0)).flatMap { read(page: $0) }
    }

    /// Whether this is the first save that went through (the messages said once are due).
    func firstSave() -> Bool {
        defer { saved = true }
        return !saved
    }

    /// After the file was changed by another program: reads it again, makes the pending changes
    /// on it and saves them.
    func reloadAndSave() -> AnnotationSaveOutcome {
        guard let saver else { return .nothingToSave }
        let fresh: Document
        let fingerprint: FileFingerprint
        do throws(DocumentError) {
            fresh = try document.reloaded()
        } catch {
            return .failed(.document(error))
        }
        do throws(FileSaveError) {
            fingerprint = try FileFingerprint.of(path: saver.path)
        } catch {
            return .failed(.file(error))
        }
        document = fresh
        return saver.documentReloaded(sidecarAnnotations ?? fresh, fingerprint: fingerprint)
    }

    /// `path` made absolute (the journal names the document by it).
    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
    }
}

/// The annotations of a document kept in a sidecar, in memory: what the saver applies changes
/// to in the sidecar store (the sidecar file itself is written by the saver).
final class SidecarAnnotations: AnnotationWriting {
    /// The annotations as they now stand.
    private(set) var annotations: [Annotation] = []
    /// Never asked for: the saver writes no update in the sidecar store.
    var temporaryFileStart: SafeReplacement.Start { .empty }

    func apply(_ change: AnnotationChange) throws(DocumentError) {
        annotations = AnnotationSidecar.applying(change, to: annotations)
    }

    func writeIncrementalUpdate(appendingTo path: String) throws(DocumentError) {
        throw .cannotWrite("annotations kept in a sidecar are not written into the document")
    }
}

extension AnnotationTime {
    /// This moment, to the second.
    static var now: AnnotationTime {
        AnnotationTime(secondsSince1970: Int64(time(nil)))
    }
}

extension String {
    /// The string without `prefix` at its start, or the string as it is.
    func dropping(prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
