import Dispatch
public import FolioCore
import FolioDocument
import FolioState
import FolioSystem
import Foundation

/// Where a session keeps what annotations need beside the document: the journals' folder (in
/// the state folder), the environment that names the sidecars' folder, where the user wants
/// annotations kept, and the author's name for new ones.
public struct AnnotationPlaces: Sendable {
    /// The folder of the annotation journals (``AnnotationJournal/folder(inStateFolder:)``);
    /// nil without a state folder (annotations are then shown, not changed).
    public var journals: String?
    /// The environment the sidecar's folder is found in (`XDG_DATA_HOME`, `HOME`).
    public var environment: [String: String]
    /// `set annotation-store`.
    public var preference: AnnotationStorePreference
    /// The author of new annotations: `set annotation-author`, or the login name.
    public var author: String

    /// The places for a session whose state folder is `stateFolder` (nil when there is none),
    /// in `environment`.
    public init(
        stateFolder: String?, environment: [String: String], preference: AnnotationStorePreference, author: String?
    ) {
        journals = stateFolder.map(AnnotationJournal.folder(inStateFolder:))
        self.environment = environment
        self.preference = preference
        self.author = author ?? Self.loginName(environment: environment)
    }

    /// The user's login name: `LOGNAME` or `USER`, else the password database's name for the
    /// user, else "folio".
    static func loginName(environment: [String: String]) -> String {
        for variable in ["LOGNAME", "USER"] {
            if let name = environment[variable], !name.isEmpty, TerminalSafeText.sanitized(name) == name {
                return name
            }
        }
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
            return String(cString: name)
        }
        return "folio"
    }
}

/// The reader's annotations, on a worker of their own: a copy of the document that changes are
/// applied to, an ``AnnotationSaver`` that journals and saves them, and the reads of pages'
/// annotations and of the whole list, all in the order asked (a change, then the read after it).
///
/// The worker lives as long as the reader (a reload of the document's other workers leaves it),
/// so the journal stays held and the undo stack stays true. Its results go to `post`.
final class ReaderAnnotations: Sendable {
    /// What the worker is asked to do.
    enum Operation: Sendable {
        /// Read these pages' annotations.
        case read([Int])
        /// Make a change, signalling `journaled` once the journal has it (or it was refused).
        case change(AnnotationChange, journaled: DispatchSemaphore)
        /// Read every annotation of the document.
        case list
        /// Signal the semaphore (every operation before it is done).
        case signal(DispatchSemaphore)
        /// The reader reloaded the document from its changed file: the worker's copy follows,
        /// and the changes pending are made again on it.
        case documentReloaded
    }

    private let operations = OperationQueue()
    private let worker: BackgroundWorker<Int>

    /// Annotations for the document `source` (opened from `path`), kept as `places` says; what
    /// the worker finds goes to `post`.
    init(source: Document, path: String, places: AnnotationPlaces, post: @escaping @Sendable (ReaderMail) -> Void) {
        let editor = AnnotationEditor(source: source, path: path, places: places, post: post)
        let operations = operations
        worker = BackgroundWorker(name: "folio.reader.annotations", timeLimit: nil) { _ in
            while let operation = operations.next() {
                editor.perform(operation)
            }
        }
    }

    /// Asks for `operation`, after those asked before.
    func submit(_ operation: Operation) {
        worker.submit([operations.push(operation)])
    }

    /// Asks for `change` and waits, at most `timeout` seconds, until the journal has it (or it
    /// was refused), so that what the screen says is made survives a `kill -9`; the save goes
    /// on in the background.
    func make(_ change: AnnotationChange, timeout: Double = 2) {
        let journaled = DispatchSemaphore(value: 0)
        submit(.change(change, journaled: journaled))
        _ = journaled.wait(timeout: .now() + timeout)
    }

    /// Waits, at most `timeout` seconds, until every change asked for is journaled and saved:
    /// the reader ends only then (a save takes milliseconds; the limit is for a file system
    /// that hangs).
    func finish(timeout: Double = 30) {
        let done = DispatchSemaphore(value: 0)
        submit(.signal(done))
        _ = done.wait(timeout: .now() + timeout)
    }

    /// Stops the worker after what it is doing.
    func stop() {
        worker.stop()
    }

    /// The operations waiting, in order; each submission wakes the worker with a new number.
    private final class OperationQueue: @unchecked Sendable {
        private let lock = NSLock()
        private var waiting: [Operation] = []
        private var submitted = 0

        func push(_ operation: Operation) -> Int {
            lock.withLock {
                waiting.append(operation)
                submitted += 1
                return submitted
            }
        }

        /// The next operation to do: a change (or the document's reload) before anything else,
        /// so that a change waits for no page's reading to be journaled and saved; then the
        /// semaphores; then the reads, in the order asked.
        func next() -> Operation? {
            lock.withLock {
                let urgent = waiting.firstIndex {
                    switch $0 {
                    case .change, .documentReloaded: true
                    case .read, .list, .signal: false
                    }
                }
                let barrier = waiting.firstIndex { if case .signal = $0 { true } else { false } }
                guard let index = urgent ?? barrier ?? waiting.indices.first else { return nil }
                return waiting.remove(at: index)
            }
        }
    }
}

/// The worker's side of ``ReaderAnnotations``: the document copy and the saver, opened at the
/// first operation. Used on the worker's thread only.
final class AnnotationEditor: @unchecked Sendable {
    private let source: Document
    private let path: String
    private let places: AnnotationPlaces
    private let post: @Sendable (ReaderMail) -> Void
    private var opened: Result<OpenedAnnotations, AnnotationsOff>?

    init(source: Document, path: String, places: AnnotationPlaces, post: @escaping @Sendable (ReaderMail) -> Void) {
        self.source = source
        self.path = path
        self.places = places
        self.post = post
    }

    func perform(_ operation: ReaderAnnotations.Operation) {
        if case .signal(let semaphore) = operation {
            semaphore.signal()
            return
        }
        let annotations: OpenedAnnotations
        switch openOnce() {
        case .success(let open): annotations = open
        case .failure(let off):
            if case .change(let change, let journaled) = operation {
                journaled.signal()
                post(.event(.annotationChangeFailed(change, reason: off.reason)))
            } else if case .list = operation {
                post(.event(.annotationListLoaded([])))
            }
            return
        }
        switch operation {
        case .read(let pages):
            for page in pages {
                post(.event(.annotationsLoaded(page: page, annotations: annotations.read(page: page))))
            }
        case .list:
            post(.event(.annotationListLoaded(annotations.readAll())))
        case .change(let change, let journaled):
            make(change, in: annotations, journaled: journaled)
        case .documentReloaded:
            post(.annotationSaving)
            report(annotations.reloadAndSave(), of: annotations, page: nil)
        case .signal:
            break
        }
    }

    /// Opens the document copy, the journal and the store the first time; afterwards, what was
    /// opened (or why nothing could be).
    private func openOnce() -> Result<OpenedAnnotations, AnnotationsOff> {
        if let opened { return opened }
        // Opening saves what a killed session left in the journal: the file may change.
        post(.annotationSaving)
        let result = Result { () throws(AnnotationsOff) -> OpenedAnnotations in
            try OpenedAnnotations(source: source, path: path, places: places)
        }
        opened = result
        switch result {
        case .success(let open):
            report(open.restoreOutcome, of: open, page: nil)
        case .failure(let off):
            post(.annotationSaved(nil, changedElsewhere: false))
            post(.event(.notice(.annotationsOff(reason: off.reason))))
        }
        return result
    }

    private func make(_ change: AnnotationChange, in annotations: OpenedAnnotations, journaled: DispatchSemaphore) {
        // Whatever happens, the session waits no longer than this.
        var signalled = false
        defer { if !signalled { journaled.signal() } }
        guard let saver = annotations.saver else {
            post(.event(.annotationChangeFailed(change, reason: annotations.unavailable ?? "the journal is not open")))
            return
        }
        if let refusal = annotations.refusal(of: change) {
            post(.event(.annotationChangeFailed(change, reason: refusal)))
            // The list and the page show the annotation again.
            post(.event(.annotationsLoaded(page: change.page, annotations: annotations.read(page: change.page))))
            return
        }
        let stamped = Self.stamped(change, author: places.author, now: AnnotationTime.now)
        post(.annotationSaving)
        do throws(AnnotationSaveFailure) {
            try saver.stage(stamped)
        } catch {
            post(.annotationSaved(nil, changedElsewhere: false))
            post(.event(.annotationChangeFailed(change, reason: error.description)))
            return
        }
        // Journaled (and applied): the session goes on while the file is saved.
        journaled.signal()
        signalled = true
        report(saver.save(), of: annotations, page: change.page)
    }

    /// Tells the reader how a save went, and sends the page's annotations as they now are.
    private func report(_ outcome: AnnotationSaveOutcome, of annotations: OpenedAnnotations, page: Int?) {
        var outcome = outcome
        let changedElsewhere = outcome == .changedByAnotherProgram
        if changedElsewhere {
            // The reader reloads too, and says so once it has (``ReaderMail/annotationSaved``).
            outcome = annotations.reloadAndSave()
        }
        switch outcome {
        case .saved:
            if annotations.firstSave() {
                if let place = annotations.keptElsewhere { post(.event(.notice(.annotationsKept(where: place)))) }
                if annotations.isSigned { post(.event(.notice(.signatureCoversEarlierRevision))) }
            }
        case .failed(let failure):
            post(.event(.notice(.annotationsNotSaved(reason: failure.description))))
        case .nothingToSave, .changedByAnotherProgram:
            break
        }
        // Only a save that wrote the PDF changed the file (and its page images).
        let wrotePDF = outcome == .saved && annotations.store == .pdf
        post(.annotationSaved(wrotePDF ? annotations.saver?.fingerprint : nil, changedElsewhere: changedElsewhere))
        if let page {
            post(.event(.annotationsLoaded(page: page, annotations: annotations.read(page: page))))
        }
    }

    /// `change` with the dates and author the reader left to the runtime filled in.
    static func stamped(_ change: AnnotationChange, author: String, now: AnnotationTime) -> AnnotationChange {
        switch change {
        case .add(var annotation):
            annotation.created = annotation.created ?? now
            annotation.modified = annotation.modified ?? now
            annotation.author = annotation.author ?? author
            return .add(annotation)
        case .setNote(let id, let page, let note, let modified):
            return .setNote(id, page: page, note: note, modified: modified ?? now)
        case .remove:
            return change
        }
    }
}
