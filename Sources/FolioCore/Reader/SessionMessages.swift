/// The reader's messages beyond the one on the status line: those waiting their turn, the most
/// important first, and those shown so far, for the messages list (`M`).
///
/// Several things can have something to say at once (where reading resumed, what the
/// configuration got wrong, a tip): each is shown in turn, the next after the next key, so a
/// tip never hides the message that matters.
struct SessionMessages: Sendable, Equatable {
    /// How many messages shown are kept for the list; the oldest go first.
    static let keptCount = 100

    /// The messages waiting to be shown, in the order they will be.
    private(set) var waiting: [Notice] = []
    /// The messages shown, oldest first (the newest ``keptCount`` worth keeping).
    private(set) var shown: [Notice] = []

    /// Adds `notices` to those waiting: after any of the same priority already waiting, before
    /// any of lower priority.
    mutating func enqueue(_ notices: [Notice]) {
        for notice in notices {
            let place = waiting.firstIndex { $0.priority < notice.priority } ?? waiting.endIndex
            waiting.insert(notice, at: place)
        }
    }

    /// The next message to show, taken from those waiting.
    mutating func next() -> Notice? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// Keeps `notice`, just shown, for the list (unless it is the same as the last one kept).
    mutating func record(_ notice: Notice) {
        guard notice.isWorthKeeping, shown.last != notice else { return }
        shown.append(notice)
        if shown.count > Self.keptCount {
            shown.removeFirst(shown.count - Self.keptCount)
        }
    }
}
