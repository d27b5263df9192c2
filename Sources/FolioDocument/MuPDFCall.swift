internal import CMuPDF

/// The one place where a `folio_status` from the C glue becomes a thrown ``DocumentError``.
enum MuPDFCall {
    /// Size of the buffer every shim copies its error message into.
    static let messageCapacity = 512

    /// Runs a shim with an error buffer and throws when it reports failure.
    ///
    /// - Parameter onError: maps a generic MuPDF error message to the error the caller wants
    ///   (opening and page work report failures differently).
    static func check(
        onError: (String) -> DocumentError = { .damaged($0) },
        _ body: (UnsafeMutablePointer<CChar>, Int) -> folio_status
    ) throws(DocumentError) {
        var buffer = [CChar](repeating: 0, count: messageCapacity)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        if status == FOLIO_OK {
            return
        }
        let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch status {
        case FOLIO_CANCELLED: throw .cancelled
        case FOLIO_OUT_OF_MEMORY: throw .outOfMemory
        case FOLIO_INVALID: throw .invalidRequest(message)
        case FOLIO_TOO_LARGE: throw .tooLarge(message)
        default: throw onError(message)
        }
    }
}
