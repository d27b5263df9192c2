/// Previews (and preview failures) by document path, the most recently used kept.
///
/// The browser shows only the selected document's preview, looked up by its path, so an
/// answer that arrives after the selection moved on can never be shown for the wrong entry; it
/// waits here for the user to come back. Memory stays bounded however many documents the user
/// passes over.
struct BrowserPreviewCache: Sendable {
    /// What previewing a document produced.
    enum Outcome: Sendable, Equatable {
        case preview(BrowserPreview)
        case failure(String)
    }

    /// How many outcomes are kept.
    let capacity: Int
    /// Outcomes, least recently used first.
    private var entries: [(path: String, outcome: Outcome)] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The outcome for `path`, if one is held.
    func outcome(for path: String) -> Outcome? {
        entries.last { $0.path == path }?.outcome
    }

    /// Records `outcome` for `path` as the most recently used, then forgets the least recently
    /// used outcomes beyond the capacity.
    ///
    /// The browser marks the selected document's outcome as used after every event, so it is
    /// never the one forgotten.
    mutating func store(_ outcome: Outcome, for path: String) {
        entries.removeAll { $0.path == path }
        entries.append((path, outcome))
        if entries.count > capacity {
            entries.removeFirst(entries.count - capacity)
        }
    }

    /// Marks the outcome for `path`, if any, as the most recently used.
    mutating func touch(_ path: String) {
        guard let index = entries.lastIndex(where: { $0.path == path }) else {
            return
        }
        entries.append(entries.remove(at: index))
    }
}
