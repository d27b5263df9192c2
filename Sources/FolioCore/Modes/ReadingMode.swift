/// Reading the page: keys are looked up in the reader's table and run ``ReaderCommand``s.
/// Digits are state, not table entries: a count prefix (`12G`); the start of a mapped sequence
/// (`g` of `gg`) waits for its next key.
extension ReaderState {
    /// The largest count a user can type; more digits are ignored, so counts never overflow.
    static let maximumCount = 999_999_999_999

    /// The name of the first key that runs `command` in the reader's table, for messages that
    /// name a key ("w wraps around"); the command's own name when no key runs it.
    func keyName(for command: ReaderCommand) -> String {
        keymap.keyName(for: command)
    }

    mutating func handleReadingKey(_ key: Key) -> [ReaderEffect] {
        if input.keys.isEmpty, let digit = key.digitValue {
            let count = (input.count ?? 0) * 10 + digit
            if count <= Self.maximumCount {
                input.count = count
            }
            return []
        }
        if key == .escape, !input.keys.isEmpty {
            input.keys = []
            input.count = nil
            return []
        }
        let typed = input.keys + [key]
        switch keymap.lookUp(typed) {
        case .pending:
            input.keys = typed
            return []
        case .command(let command):
            input.keys = []
            let count = input.count
            input.count = nil
            return perform(command, count: count)
        case .unbound:
            return handleUnbound(typed)
        }
    }

    /// Keys that run nothing. A single key says so. Keys that began a sequence and went on to
    /// complete none give their first key its own meaning (its command, or "not a key here"),
    /// and the keys after it are taken afresh, so a mapped sequence never takes a key away
    /// (`g` of a mapped `gg`, then `5`: the go-to prompt opens and takes the `5`).
    private mutating func handleUnbound(_ typed: [Key]) -> [ReaderEffect] {
        input.keys = []
        let count = input.count
        input.count = nil
        var effects: [ReaderEffect] = []
        if typed.count > 1, let command = keymap.command(for: typed[0]) {
            effects = perform(command, count: count)
        } else {
            message = .unboundKey(typed[0])
        }
        let said = message
        for key in typed.dropFirst() {
            effects += handleKey(key)
        }
        if message == nil {
            message = said
        }
        return effects
    }

    /// Runs `command`'s row (``ReaderCommand/rows``) with the count typed before it.
    private mutating func perform(_ command: ReaderCommand, count: Int?) -> [ReaderEffect] {
        command.perform(on: &self, count: count)
    }

    // MARK: What the rows call

    /// How many times a command runs for the count typed before it: once without one.
    static func times(_ count: Int?) -> Int {
        max(count ?? 1, 1)
    }

    /// `step` taken as many times as the count says, saturating rather than overflowing.
    static func repeated(_ step: Int, _ count: Int?) -> Int {
        let (product, overflow) = step.multipliedReportingOverflow(by: times(count))
        return overflow ? Int.max : product
    }

    /// Lines a screenful moves: the text rows less the lines kept for context, as less keeps
    /// them (`scroll-overlap`), and at least one.
    var screenfulLines: Int {
        let overlap = min(max(preferences.scrollOverlap, 0), ReaderPreferences.maximumScrollOverlap)
        return max(textRows - overlap, 1)
    }

    /// Lines half a screen moves.
    var halfScreenLines: Int { max(textRows / 2, 1) }

    /// Cells a sideways scroll moves: half the text's width.
    var halfScreenColumns: Int { max(textColumns / 2, 1) }

    /// Goes to the last page (a document without pages stays).
    mutating func jumpToLastPage() -> [ReaderEffect] {
        lastPage.map { jump(to: $0) } ?? []
    }
}
