public import FolioCore
import FolioSystem
import Glibc

/// A change in a journal: its sequence number and the change.
public struct JournalEntry: Sendable, Equatable {
    /// Its place in the journal, counted from 1 since the journal was last emptied.
    public var sequence: Int
    /// The change.
    public var change: AnnotationChange

    /// Creates an entry.
    public init(sequence: Int, change: AnnotationChange) {
        self.sequence = sequence
        self.change = change
    }
}

/// What was wrong in a journal when it was opened. The rest of it was still read.
public enum JournalProblem: Sendable, Equatable, CustomStringConvertible {
    /// The last line was cut short: Folio was killed while writing it, before the change was
    /// acknowledged (so before it touched the document). It was removed.
    case tornLastLine
    /// This line (counted from 1) is not a record Folio writes; it was skipped.
    case unreadableLine(Int)
    /// This line repeats, or goes back in, the sequence; it was skipped.
    case outOfSequence(Int)

    public var description: String {
        switch self {
        case .tornLastLine: "its last line was cut short (Folio was stopped while writing it)"
        case .unreadableLine(let line): "line \(line) is damaged and was skipped"
        case .outOfSequence(let line): "line \(line) is out of sequence and was skipped"
        }
    }
}

/// The journal of one document's annotation changes (SQLite's rollback journal, turned into a
/// log of intentions): every change is appended to it and flushed to disk (`fdatasync`) before
/// the document is touched; after the document (or its sidecar) is saved, a "saved through N"
/// record follows, and once every change is saved the journal is emptied back to its header.
/// So after a crash at any moment, the changes after the last "saved through" are the ones that
/// may be missing from the document: re-applying them (which does nothing for one already
/// there) loses nothing.
///
/// The journal is a file of JSON lines in `STATE/journals/` (``folder(inStateFolder:)``),
/// named by a hash of the document's path, whose first line names the document. One Folio at a
/// time holds it (an exclusive `flock` for as long as the journal is open); another gets
/// ``AnnotationStateError/inUse(_:)``. Not `Sendable`: one owner appends to it.
public final class AnnotationJournal {
    /// The journal file.
    public let path: String
    /// The document (an absolute path) whose changes it holds.
    public let document: String
    /// The changes not yet saved, in order: after opening, those a crash may have kept from the
    /// document; afterwards, those appended and not yet marked saved.
    public private(set) var pending: [JournalEntry]
    /// What was wrong in the file when it was opened.
    public let problems: [JournalProblem]

    private let descriptor: Int32
    private var headerLength: Int
    private var length: Int
    private var lastSequence: Int
    private var savedThrough: Int

    /// The journals' folder in the state folder `stateFolder` (``StateFolder``).
    public static func folder(inStateFolder stateFolder: String) -> String {
        stateFolder + "/journals"
    }

    /// Opens the journal of `document` (an absolute path) in `folder`, creating the folder and
    /// the journal when missing, and removes a torn last line (and gives back its header to a
    /// journal that lost it).
    public init(document: String, folder: String) throws(AnnotationStateError) {
        do {
            try StateFile.makeFolders(folder)
        } catch {
            throw AnnotationStateError(error)
        }
        var opened: OpenedJournal?
        for candidate in Self.candidateNames(for: document, in: folder) {
            opened = try OpenedJournal(path: candidate, document: document)
            if opened != nil { break }
        }
        guard let opened else { throw .failed("cannot find a free journal name in \(folder)", EEXIST) }
        path = opened.path
        self.document = document
        descriptor = opened.descriptor
        let contents = opened.contents
        headerLength = contents.headerLength
        length = contents.completeLength
        lastSequence = contents.lastSequence
        savedThrough = contents.savedThrough
        pending = contents.entries.filter { $0.sequence > contents.savedThrough }
        problems = contents.problems
        if contents.completeLength < opened.size {
            try truncate(to: contents.completeLength)
        }
        if headerLength == 0 {
            try write(JournalRecord(journal: 1, document: document))
            headerLength = length
        }
    }

    deinit {
        close(descriptor)
    }

    /// Appends `change`, flushed to disk, and returns its sequence number. When this returns,
    /// the change survives a crash; when it throws, the journal is as it was.
    @discardableResult
    public func append(_ change: AnnotationChange) throws(AnnotationStateError) -> Int {
        let sequence = lastSequence + 1
        try write(JournalRecord(sequence: sequence, change: StoredChange(change)))
        lastSequence = sequence
        pending.append(JournalEntry(sequence: sequence, change: change))
        return sequence
    }

    /// Records that every change up to `sequence` is in the document (or its sidecar), and
    /// empties the journal when no change is left to save.
    public func markSaved(through sequence: Int) throws(AnnotationStateError) {
        guard sequence > savedThrough else { return }
        try write(JournalRecord(savedThrough: sequence))
        savedThrough = sequence
        pending.removeAll { $0.sequence <= sequence }
        if pending.isEmpty {
            try truncate(to: headerLength)
        }
    }

    /// The names the journal of `document` may have: its path's hash, then with `-2`, `-3`…
    /// for the rare other document whose path has the same hash.
    static func candidateNames(for document: String, in folder: String) -> [String] {
        var hash = FNV1a()
        hash.add(FileSystemName.bytes(document))
        let hex = String(hash.value, radix: 16)
        let name = String(repeating: "0", count: 16 - hex.count) + hex
        return (1...8).map { folder + "/" + name + ($0 == 1 ? "" : "-\($0)") + ".journal" }
    }

    private func write(_ record: JournalRecord) throws(AnnotationStateError) {
        guard let line = StoredJSON.encode(record) else {
            throw .unrecordable("a position or size is not a number")
        }
        let bytes = line + [UInt8(ascii: "\n")]
        var failure: Int32?
        if case .failure(let error) = SystemCall.writeAll(descriptor, bytes) { failure = error.code }
        if failure == nil, case .failure(let error) = SystemCall.retryingInterrupts({ fdatasync(descriptor) }) {
            failure = error.code
        }
        if let failure {
            // A line half written is taken back, so that the next one starts on its own line.
            _ = ftruncate(descriptor, off_t(length))
            throw .failed("cannot write \(FileSystemName.displayed(path))", failure)
        }
        length += bytes.count
    }

    private func truncate(to size: Int) throws(AnnotationStateError) {
        guard ftruncate(descriptor, off_t(size)) == 0 else {
            throw .failed("cannot empty \(FileSystemName.displayed(path))", errno)
        }
        if case .failure(let error) = SystemCall.retryingInterrupts({ fsync(descriptor) }) {
            throw .failed("cannot flush \(FileSystemName.displayed(path))", error.code)
        }
        length = size
    }
}

/// A journal file open and locked, and what it holds.
private struct OpenedJournal {
    var path: String
    var descriptor: Int32
    var size: Int
    var contents: JournalContents

    /// The journal at `path` if it is `document`'s (or new), locked; nil when it is another
    /// document's.
    init?(path: String, document: String) throws(AnnotationStateError) {
        while true {
            if access(FileSystemName.cString(path), F_OK) != 0 {
                try Self.create(path, for: document)
            }
            let descriptor = open(FileSystemName.cString(path), O_RDWR | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { continue }
                throw .failed("cannot open \(FileSystemName.displayed(path))", errno)
            }
            let locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
            let bytes = StateFile.contents(of: path)
            let contents = JournalContents(bytes)
            if let owner = contents.document, owner != document {
                close(descriptor)
                return nil
            }
            guard locked else {
                close(descriptor)
                throw .inUse(document)
            }
            // A journal replaced between the open and the lock is opened again.
            guard Self.isStill(path, descriptor) else {
                close(descriptor)
                continue
            }
            self.path = path
            self.descriptor = descriptor
            size = bytes.count
            self.contents = contents
            return
        }
    }

    private static func create(_ path: String, for document: String) throws(AnnotationStateError) {
        guard let header = StoredJSON.encode(JournalRecord(journal: 1, document: document)) else {
            throw .unrecordable("the document's name")
        }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do {
            try StateFile.replace(path, in: folder, with: header + [UInt8(ascii: "\n")])
        } catch {
            throw AnnotationStateError(error)
        }
    }

    private static func isStill(_ path: String, _ descriptor: Int32) -> Bool {
        var byPath = stat()
        var byDescriptor = stat()
        return stat(FileSystemName.cString(path), &byPath) == 0 && fstat(descriptor, &byDescriptor) == 0
            && byPath.st_ino == byDescriptor.st_ino && byPath.st_dev == byDescriptor.st_dev
    }
}

/// One line of a journal: the header (`journal`, `document`), a change (`sequence`, `change`)
/// or a "saved through" mark (`savedThrough`).
struct JournalRecord: Codable {
    var journal: Int?
    var document: String?
    var sequence: Int?
    var change: StoredChange?
    var savedThrough: Int?
}

/// A journal's bytes read: torn and damaged lines skipped, and said.
struct JournalContents {
    /// The document the header names; nil when the first line is not a header.
    var document: String?
    /// The header's length with its newline (0 for an empty file).
    var headerLength = 0
    /// The changes, in order.
    var entries: [JournalEntry] = []
    /// The last "saved through" mark (0 when none).
    var savedThrough = 0
    /// The last sequence number read.
    var lastSequence = 0
    /// What was wrong, line by line.
    var problems: [JournalProblem] = []
    /// The length up to the end of the last whole line.
    var completeLength = 0

    init(_ bytes: [UInt8]) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // After the last newline: empty, or a line cut short.
        if let tail = lines.popLast(), !tail.isEmpty {
            problems.append(.tornLastLine)
        }
        completeLength = lines.reduce(0) { $0 + $1.count + 1 }
        for (index, line) in lines.enumerated() {
            read(line, number: index + 1)
        }
    }

    private mutating func read(_ line: ArraySlice<UInt8>, number: Int) {
        let record = StoredJSON.decode(JournalRecord.self, from: line)
        if number == 1 {
            headerLength = line.count + 1
            if let record, record.journal == 1, let document = record.document {
                self.document = document
            } else {
                problems.append(.unreadableLine(1))
            }
            return
        }
        if let record, let sequence = record.sequence, let change = record.change?.change,
            record.savedThrough == nil
        {
            guard sequence > lastSequence else { return problems.append(.outOfSequence(number)) }
            entries.append(JournalEntry(sequence: sequence, change: change))
            lastSequence = sequence
        } else if let record, let mark = record.savedThrough, record.sequence == nil, mark >= 0 {
            savedThrough = max(savedThrough, mark)
        } else {
            problems.append(.unreadableLine(number))
        }
    }
}
