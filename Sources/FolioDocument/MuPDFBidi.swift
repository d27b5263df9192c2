internal import CMuPDF
public import FolioCore
import Foundation

/// MuPDF's implementation of the Unicode bidirectional algorithm (`fz_bidi_fragment_text`), on
/// a context of its own so that the reader's loop can call it while documents work elsewhere.
public final class MuPDFBidi: BidiAlgorithm, @unchecked Sendable {
    /// The process's one instance, or nil when MuPDF could not make a context for it.
    public static let shared: MuPDFBidi? = try? MuPDFBidi()

    private let context: ClonedContext
    private let lock = NSLock()

    private init() throws(DocumentError) {
        context = try MuPDFContext.shared.get().clone()
    }

    /// The levels of `scalars` as one paragraph; nil when MuPDF fails.
    public func levels(of scalars: [Unicode.Scalar], rightToLeft: Bool) -> BidiLevels? {
        let text = scalars.map(\.value)
        var levels = [UInt8](repeating: 0, count: text.count)
        var mirrored = [UInt32](repeating: 0, count: text.count)
        var resolved: Int32 = 0
        lock.lock()
        defer { lock.unlock() }
        do throws(DocumentError) {
            try MuPDFCall.check { err, length in
                folio_bidi_levels(
                    context.pointer, text, text.count, rightToLeft ? 1 : 0, &levels, &mirrored, &resolved, err, length)
            }
        } catch {
            return nil
        }
        return BidiLevels(levels: levels, mirrored: zip(mirrored, scalars).map { Unicode.Scalar($0) ?? $1 })
    }
}
