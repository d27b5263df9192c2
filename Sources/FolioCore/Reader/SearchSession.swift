/// The last search and what it found: the pattern and its direction, the search running in the
/// background, the match shown, and the count of every match.
struct SearchSession: Sendable {
    /// The patterns searched for before, oldest first (kept across runs by the owner).
    var history = PromptHistory()
    /// The pattern searched for last: highlighted on the page, repeated by `n` and `N`.
    var lastSearch: SearchPattern?
    /// The direction of the last search, which `n` repeats and `N` reverses.
    var lastSearchDirection: SearchDirection = .forward
    /// The search running in the background, if any.
    var runningSearch: RunningSearch?
    /// The number the next background search is sent with.
    private var nextSearchID = 1
    /// The number the next background count is sent with.
    private var nextCountID = 1
    /// The line of the match shown last, where `n` and `N` continue from.
    var currentMatch: (page: Int, line: Int)?
    /// Every match of the last pattern, counted in the background.
    var matchTally: MatchTally?
    /// The count to start once the background search ends.
    var deferredCount: MatchCountRequest?
    /// The direction of a search that wrapped around an end to find the next match shown, for
    /// its notice to say so.
    var pendingMatchWrap: SearchDirection?
    /// The match notice on the status line, kept to fill its total in as the count goes on.
    var shownMatch: (notice: Notice, page: Int, line: Int, wrapped: SearchDirection?)?

    /// Takes the number for a new background search.
    mutating func takeSearchID() -> Int {
        defer { nextSearchID += 1 }
        return nextSearchID
    }

    /// Takes the number for a new background count.
    mutating func takeCountID() -> Int {
        defer { nextCountID += 1 }
        return nextCountID
    }

    /// Forgets what belonged to a version of the document that is gone: the running search
    /// and the match shown (the pattern, its history and its count stay).
    mutating func forgetDocument() {
        runningSearch = nil
        currentMatch = nil
    }
}
