import FolioCore

/// Drives a ``BrowserState`` the way the main loop does, for key-script tests.
struct BrowserSession {
    var state: BrowserState
    /// The effects of `start()`.
    let startEffects: [BrowserEffect]

    /// A browser on `folder`, started; with `entries`, the listing has already arrived.
    init(
        folder: String = BrowserFixture.folder,
        entries: [BrowserEntry]? = BrowserFixture.entries,
        selecting name: String? = nil,
        rows: Int = 16,
        columns: Int = 80
    ) {
        state = BrowserState(directory: folder, screen: ScreenSize(rows: rows, columns: columns), selecting: name)
        startEffects = state.start()
        if let entries {
            listingEffects = state.handle(.listed(path: folder, entries: entries))
        }
    }

    /// The effects of the first listing's arrival.
    private(set) var listingEffects: [BrowserEffect] = []

    /// Presses `keys` in order and returns all their effects.
    @discardableResult
    mutating func press(_ keys: Key...) -> [BrowserEffect] {
        press(keys)
    }

    /// Presses `keys` in order and returns all their effects.
    @discardableResult
    mutating func press(_ keys: [Key]) -> [BrowserEffect] {
        keys.flatMap { state.handle(.key($0)) }
    }

    /// Types each character of `text` as a key.
    @discardableResult
    mutating func type(_ text: String) -> [BrowserEffect] {
        text.unicodeScalars.flatMap { state.handle(.key(.character($0))) }
    }

    /// Delivers any event and returns its effects.
    @discardableResult
    mutating func deliver(_ event: BrowserEvent) -> [BrowserEffect] {
        state.handle(event)
    }

    /// Selects the visible entry called `name` by pressing Down from the top.
    mutating func select(_ name: String) {
        press(.home)
        while state.selectedEntry?.name != name, state.selectedIndex < state.visibleEntries.count - 1 {
            press(.down)
        }
        precondition(state.selectedEntry?.name == name, "\(name) is not listed")
    }

    /// The current screen as plain text rows.
    var screenLines: [String] {
        BrowserView.render(state).lines
    }
}
