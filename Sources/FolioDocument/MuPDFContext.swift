internal import CMuPDF

/// The process-wide MuPDF base context, created with a lock set so that every ``Document`` and
/// every worker thread can use a clone of it (one `fz_context` per thread, shared store).
final class MuPDFContext: @unchecked Sendable {
    /// The resource store is bounded (never `FZ_STORE_UNLIMITED`) so memory stays flat on huge books.
    static let storeBytes = 256 << 20

    /// The shared base context, or the error that prevented creating it.
    static let shared: Result<MuPDFContext, DocumentError> = {
        var pointer: OpaquePointer?
        do throws(DocumentError) {
            try MuPDFCall.check { folio_context_new(storeBytes, &pointer, $0, $1) }
            return .success(MuPDFContext(pointer!))
        } catch {
            return .failure(error)
        }
    }()

    let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// A new context for one owner (a document or a worker thread); dropped when released.
    static func clone() throws(DocumentError) -> ClonedContext {
        let base = try shared.get()
        var pointer: OpaquePointer?
        try MuPDFCall.check { folio_context_clone(base.pointer, &pointer, $0, $1) }
        return ClonedContext(pointer!)
    }
}

/// A clone of the base context; exactly one thread uses it at a time.
final class ClonedContext: @unchecked Sendable {
    let pointer: OpaquePointer

    fileprivate init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        folio_context_drop(pointer)
    }
}
