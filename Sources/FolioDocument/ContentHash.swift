internal import CMuPDF
import FolioCore

/// A document's content hash: the SHA-256 of its bytes, which names its annotation sidecar, so
/// that a copy or a renamed file finds its annotations and a changed file does not take another
/// version's.
public enum ContentHash {
    /// The SHA-256 of the whole file at `path`, as 64 lowercase hex digits. The corresponding C
    /// function is `fz_sha256_update`.
    public static func sha256(ofFileAt path: String) throws(DocumentError) -> String {
        let context = try MuPDFContext.shared.get().clone()
        var digest = [UInt8](repeating: 0, count: 32)
        try MuPDFCall.check(
            onError: { .cannotAccess($0) },
            { folio_file_sha256(context.pointer, FileSystemName.cString(path), &digest, $0, $1) })
        let digits = Array("0123456789abcdef")
        return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] })
    }
}
