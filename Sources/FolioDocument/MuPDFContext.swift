internal import CMuPDF

/// A MuPDF base context, created with a lock set so that every ``Document`` and every worker
/// thread can use a clone of it (one `fz_context` per thread, shared store).
///
/// Documents normally share the process-wide ``shared`` base. Clones of one base take the same
/// locks, and MuPDF takes its allocation lock for every allocation and reference count, so two
/// threads extracting text from clones of one base wait for each other more than they work; a
/// document meant for another thread's batch work gets a base of its own (``independent()``).
final class MuPDFContext: @unchecked Sendable {
    /// The shared base's resource store (fonts, decoded images), bounded — never
    /// `FZ_STORE_UNLIMITED` — so memory stays flat on huge books. MuPDF's own default is 256 MB;
    /// a reader holds up to four stores (its document, page images, search, copy), so each is
    /// kept to what a few pages' resources need.
    static let sharedStoreBytes = 64 << 20
    /// The store of each independent base: one worker's pages at a time.
    static let independentStoreBytes = 32 << 20

    /// The shared base context, or the error that prevented creating it.
    static let shared: Result<MuPDFContext, DocumentError> = Result { () throws(DocumentError) in
        try MuPDFContext(storeBytes: sharedStoreBytes)
    }

    let pointer: OpaquePointer

    private init(storeBytes: Int) throws(DocumentError) {
        var pointer: OpaquePointer?
        try MuPDFCall.check { folio_context_new(storeBytes, &pointer, $0, $1) }
        self.pointer = pointer!
    }

    deinit {
        folio_context_drop(pointer)
    }

    /// A new base context with a lock set and a store of its own, sharing nothing with the others.
    static func independent() throws(DocumentError) -> MuPDFContext {
        try MuPDFContext(storeBytes: independentStoreBytes)
    }

    /// A new context for one owner (a document or a worker thread); it keeps this base alive.
    func clone() throws(DocumentError) -> ClonedContext {
        var pointer: OpaquePointer?
        try MuPDFCall.check { folio_context_clone(self.pointer, &pointer, $0, $1) }
        return ClonedContext(pointer!, base: self)
    }
}

/// A clone of a base context; exactly one thread uses it at a time.
final class ClonedContext: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The base this clone came from: its locks and store must outlive the clone.
    let base: MuPDFContext

    fileprivate init(_ pointer: OpaquePointer, base: MuPDFContext) {
        self.pointer = pointer
        self.base = base
    }

    deinit {
        folio_context_drop(pointer)
    }
}
