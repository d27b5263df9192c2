/// Why a document or one of its pages could not be read, with a message a user understands.
///
/// Every MuPDF failure crosses into Swift as one of these (through ``MuPDFCall``), never as a
/// longjmp. A failure on one page is reported for that page only; the document stays usable.
public enum DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path does not exist.
    case notFound
    /// The path exists but is not something a document can be read from (a folder, a FIFO, a device).
    case notAFile(String)
    /// The file cannot be read (permissions).
    case permissionDenied
    /// The path cannot be looked at for another reason (a symbolic link loop, a name too long…),
    /// as the system describes it.
    case cannotAccess(String)
    /// The file is empty.
    case emptyFile
    /// MuPDF does not recognise or cannot repair the file.
    case cannotOpen(String)
    /// The file is something else (plain text, binary data): the reason says what.
    case notADocument(String)
    /// The document opened but has no pages (MuPDF repaired what it could and found none).
    case noPages
    /// The document is encrypted and needs a password.
    case needsPassword
    /// The password given was not accepted.
    case wrongPassword
    /// The page number is outside the document (0-based page, page count).
    case noSuchPage(Int, count: Int)
    /// A page or operation failed inside MuPDF (the page is damaged, a stream is corrupt, …).
    case damaged(String)
    /// The operation was cancelled before it finished.
    case cancelled
    /// The operation took longer than its time limit and was stopped or abandoned (see
    /// ``Document``); a page abandoned once fails with this error from then on.
    case timedOut(seconds: Double)
    /// The page was not started because earlier abandoned work is still running (see ``Document``).
    case skipped(String)
    /// MuPDF ran out of memory.
    case outOfMemory
    /// The request would exceed one of Folio's size caps (for example a gigapixel render).
    case tooLarge(String)
    /// The request cannot be carried out as asked: a zoom that is not a positive number up to 100,
    /// a page of zero size to render.
    case invalidRequest(String)
    /// The document's changes (annotations) could not be written, for the reason given.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .notFound: "No such file or directory"
        case .notAFile(let what): what
        case .permissionDenied: "Permission denied"
        case .cannotAccess(let reason): reason
        case .emptyFile: "empty file (0 bytes)"
        case .cannotOpen(let reason): "cannot open document: \(reason)"
        case .notADocument(let reason): reason
        case .noPages: "cannot open document: it has no pages"
        case .needsPassword: "document is encrypted: a password is needed (--password)"
        case .wrongPassword: "wrong password"
        case .noSuchPage(let page, let count): "no page \(page + 1) (the document has \(count))"
        case .damaged(let reason): reason
        case .cancelled: "cancelled"
        case .timedOut(let seconds): "gave up after \(Self.format(seconds)) s"
        case .skipped(let reason): reason
        case .outOfMemory: "out of memory"
        case .tooLarge(let reason): reason
        case .invalidRequest(let reason): reason
        case .cannotWrite(let reason): "cannot write the annotations: \(reason)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
