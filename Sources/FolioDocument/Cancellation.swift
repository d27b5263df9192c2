internal import CMuPDF

/// Cancels one long MuPDF operation (text extraction, recording, rendering) from any thread, and
/// bounds it in time, so one pathological page cannot freeze the reader or hang a script.
///
/// MuPDF looks at the cancellation between drawing operations, but some work never looks: a
/// JBIG2 or Flate bomb is decoded in one call that can take minutes. So the ``Document`` that
/// runs the operation enforces the limit: when it passes, the document cancels; and when the work
/// still has not stopped a moment later, the document stops waiting for it (see ``Document``).
///
/// The corresponding C type is `fz_cookie`.
public final class Cancellation: @unchecked Sendable {
    let cookie: OpaquePointer
    /// The time limit in seconds for the operation this cancellation is passed to, if any.
    public let timeLimit: Double?

    /// Creates a cancellation; with `timeLimit` (seconds) the operation it is passed to gives up
    /// with ``DocumentError/timedOut(seconds:)`` when the limit passes.
    public init(timeLimit: Double? = nil) {
        cookie = folio_cookie_new()
        self.timeLimit = timeLimit
    }

    deinit {
        folio_cookie_free(cookie)
    }

    /// Asks the operation to stop as soon as it can.
    public func cancel() {
        folio_cookie_abort(cookie)
    }

    /// Whether ``cancel()`` was called, or the operation's time limit passed.
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
