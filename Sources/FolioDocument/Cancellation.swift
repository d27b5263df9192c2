internal import CMuPDF
import Dispatch

/// Cancels one long MuPDF operation (text extraction, recording, rendering) from any thread, and
/// optionally after a time limit, so one pathological page cannot freeze the reader.
///
/// The corresponding C type is `fz_cookie`.
public final class Cancellation: @unchecked Sendable {
    let cookie: OpaquePointer
    /// The time limit this cancellation enforces, if any.
    public let timeLimit: Double?

    /// Creates a cancellation; with `timeLimit` (seconds) it cancels itself when the limit passes.
    public init(timeLimit: Double? = nil) {
        cookie = folio_cookie_new()
        self.timeLimit = timeLimit
        if let timeLimit {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [weak self] in
                self?.cancel()
            }
        }
    }

    deinit {
        folio_cookie_free(cookie)
    }

    /// Asks the operation to stop as soon as it can.
    public func cancel() {
        folio_cookie_abort(cookie)
    }

    /// Whether ``cancel()`` was called (or the time limit passed).
    public var isCancelled: Bool {
        folio_cookie_aborted(cookie) != 0
    }

    /// Re-labels a cancellation caused by the time limit as a time-out, so messages say why.
    public func explain(_ error: DocumentError) -> DocumentError {
        if error == .cancelled, let timeLimit {
            return .timedOut(seconds: timeLimit)
        }
        return error
    }
}
