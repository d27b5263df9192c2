import FolioCore
import FolioDocument

extension DocumentFailure {
    /// What the reader is told of `error`: a time limit, a damaged page and running out of
    /// memory apart; anything else with the library's description kept for display.
    init(_ error: DocumentError) {
        switch error {
        case .timedOut(let seconds): self = .timedOut(seconds: seconds)
        case .damaged(let message): self = .damaged(message: message)
        case .outOfMemory: self = .outOfMemory
        case .notFound, .notAFile, .permissionDenied, .cannotAccess, .emptyFile, .cannotOpen, .notADocument, .noPages,
            .needsPassword, .wrongPassword, .noSuchPage, .cancelled, .skipped, .tooLarge, .invalidRequest,
            .cannotWrite:
            self = .other(message: error.description)
        }
    }
}
