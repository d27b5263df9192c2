internal import CSyncTeX

/// The one place where a `folio_synctex_status` from the C glue becomes a thrown
/// ``SyncTeXError``.
enum SyncTeXCall {
    /// Size of the buffer every shim copies its error message into.
    static let messageCapacity = 256

    /// Runs a shim with an error buffer and throws when it fails: `failure` when it found no data
    /// or no answer, `unreadable` (or else `failure`) when the SyncTeX file could not be read,
    /// the glue's message for an invalid request.
    static func check(
        orThrow failure: SyncTeXError, whenUnreadable unreadable: SyncTeXError? = nil,
        _ body: (UnsafeMutablePointer<CChar>, Int) -> folio_synctex_status
    ) throws(SyncTeXError) {
        var buffer = [CChar](repeating: 0, count: messageCapacity)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        switch status {
        case FOLIO_SYNCTEX_OK: return
        case FOLIO_SYNCTEX_NO_DATA, FOLIO_SYNCTEX_NOT_FOUND: throw failure
        case FOLIO_SYNCTEX_UNREADABLE: throw unreadable ?? failure
        case FOLIO_SYNCTEX_OUT_OF_MEMORY: throw .outOfMemory
        default:
            throw .invalidRequest(buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
    }
}
