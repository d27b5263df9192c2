import Dispatch
import FolioState

/// Saves where the reader is in a document while it reads (``ReaderEffect/savePosition(page:)``),
/// so that a crash or a killed terminal loses nothing: each save replaces the positions file
/// (``ReadingPositions``, atomic under its lock) on a queue of its own, in order, off the loop.
final class PositionSaver: @unchecked Sendable {
    private let positions: ReadingPositions
    private let document: String
    private let queue = DispatchQueue(label: "folio.positions")
    /// Says why a save failed; called once a session, on the queue.
    private let failed: @Sendable (StateError) -> Void
    /// Whether a save failed already (touched on `queue` only).
    private var hasFailed = false

    /// Saves into `positions` the page of `document` (its absolute path); `failed` hears of the
    /// first save that fails.
    init(positions: ReadingPositions, document: String, failed: @escaping @Sendable (StateError) -> Void) {
        self.positions = positions
        self.document = document
        self.failed = failed
    }

    /// Saves `page` (0-based) after the saves asked for before it.
    func save(_ page: Int) {
        queue.async { [self] in
            do throws(StateError) {
                try positions.remember(page: page, of: document)
            } catch {
                if !hasFailed {
                    hasFailed = true
                    failed(error)
                }
            }
        }
    }

    /// Returns once every save asked for is on disk (or failed).
    func waitUntilSaved() {
        queue.sync {}
    }
}
