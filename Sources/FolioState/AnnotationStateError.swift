import FolioCore
import Glibc

/// Why the annotation journal or a sidecar could not be read or written, in words a user
/// understands.
public enum AnnotationStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another Folio holds the journal of this document (it is changing its annotations).
    case inUse(String)
    /// The change cannot be written down (a coordinate that is not a number).
    case unrecordable(String)
    /// The sidecar at this path is not one Folio wrote; it was left as it was.
    case unreadableSidecar(String)
    /// An operation failed with `errno`.
    case failed(String, Int32)

    init(_ error: StateError) {
        switch error {
        case .failed(let what, let code): self = .failed(what, code)
        }
    }

    public var description: String {
        switch self {
        case .inUse(let document):
            "another Folio is changing the annotations of \(FileSystemName.displayed(document))"
        case .unrecordable(let reason): "cannot record the change: \(reason)"
        case .unreadableSidecar(let path):
            "\(FileSystemName.displayed(path)) is damaged; Folio left it as it was and saved nothing there"
        case .failed(let what, let code): "\(what): \(String(cString: strerror(code)))"
        }
    }
}
