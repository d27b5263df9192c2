/// Everything the file browser shows, and how it changes: a pure state machine.
///
/// Events go in through ``handle(_:)``; work for the outside world (listing a folder,
/// previewing a document, opening one) comes out as ``BrowserEffect`` values, and the answers
/// come back as events; ``BrowserView/render(_:)`` draws the state. Nothing here touches the
/// file system, curses or MuPDF, so whole sessions can be tested as key scripts.
///
/// The state is a value: to come back from the reader to the same place (folder, selection,
/// filter, cached previews), the owner keeps it while the reader runs.
public struct BrowserState: Sendable {
    /// The smallest terminal the browser draws in; below it, only a notice is shown.
    public static let minimumScreen = ScreenSize(rows: 12, columns: 60)
    /// How many cells the list of entries takes, whatever the terminal's width.
    public static let minimumListColumns = 32
    /// The narrowest the preview gets when names are long; below it, names are shortened.
    public static let minimumPreviewColumns = 36
    /// How many previews (or preview failures) are kept for documents no longer selected.
    public static let previewCacheCapacity = 32
    /// The longest filter the prompt accepts, in characters.
    static let maximumFilterLength = 200

    /// Where the listing of ``directory`` stands.
    public enum Listing: Sendable, Equatable {
        /// Asked for, not answered yet.
        case loading
        /// ``entries`` holds the folder's entries.
        case loaded
        /// The folder could not be listed; the reason says why.
        case failed(String)
    }

    /// A folder asked for and not listed yet, and the entry to select once it is.
    struct PendingListing: Sendable, Equatable {
        var path: String
        var selecting: String?
    }

    /// Every mode's key table (the defaults, or a configuration file's).
    public let keys: KeyTables
    /// The key table used for dispatch, help and key hints (``KeyMode/browser``).
    public var keymap: BrowserKeymap { keys.browser }
    /// The filter prompt's key table (``KeyMode/filter``).
    public var filterKeymap: FilterKeymap { keys.filter }
    /// The password prompt's key table (``KeyMode/password``).
    public var passwordKeymap: PasswordPromptKeymap { keys.password }
    /// The password being typed for an encrypted document, while its prompt is open.
    public internal(set) var passwordEntry: PasswordEntry?
    /// The terminal size.
    public internal(set) var screen: ScreenSize
    /// The folder on screen, as a path without trailing slash.
    public internal(set) var directory: String
    /// Whether ``directory`` has been listed.
    public internal(set) var listing = Listing.loading
    /// Every entry of ``directory``, in list order: folders first, then files, by name.
    public internal(set) var entries: [BrowserEntry] = []
    /// The entries the list shows: ``entries`` without hidden ones (unless shown) and without
    /// those the filter leaves out.
    public internal(set) var visibleEntries: [BrowserEntry] = []
    /// The selected entry's index in ``visibleEntries`` (0 when there are none).
    public internal(set) var selectedIndex = 0
    /// The index in ``visibleEntries`` of the entry on the list's first row.
    public internal(set) var topIndex = 0
    /// Whether entries whose names start with a dot are listed.
    public internal(set) var showsHidden = false
    /// The filter: only names containing it (ignoring case) are listed; empty for none.
    public internal(set) var filter = ""
    /// Whether the filter prompt is open on the bottom row.
    public internal(set) var isEditingFilter = false
    /// Whether the filter in the prompt is the one kept before, reopened by `/`: shown
    /// selected, it is replaced by the first character typed, and edited by any other key.
    public internal(set) var filterIsReplaceable = false
    /// The result of the last action, for the bottom row; it stays until the next result.
    public internal(set) var message: BrowserNotice?
    /// Whether the help screen covers the browser.
    public internal(set) var showingHelp = false
    /// The first line of the help screen shown, when it is taller than the terminal.
    public internal(set) var helpTop = 0

    /// Each entry's name in lower case, in ``entries``' order, for filtering as the user types.
    var lowercasedNames: [String] = []
    /// The width of the widest name in the folder, in cells.
    var widestName = 0
    var pendingListing: PendingListing?
    var previews = BrowserPreviewCache(capacity: previewCacheCapacity)
    /// The document whose preview was asked for last and has not arrived.
    var pendingPreview: String?

    /// Creates the state for the folder at `directory`, selecting the entry called `name`
    /// once the folder is listed (the first entry when it is nil or not there).
    ///
    /// Call ``start()`` next and perform its effects to list the folder.
    public init(directory: String, screen: ScreenSize, selecting name: String? = nil, keys: KeyTables = .standard) {
        self.keys = keys
        self.screen = screen
        self.directory = BrowserPath.normalized(directory)
        pendingListing = PendingListing(path: self.directory, selecting: name)
    }

    /// The effects that get the browser going: listing the folder. `note`, if any, is the
    /// first message on the status line.
    public mutating func start(note: BrowserNotice? = nil) -> [BrowserEffect] {
        message = note
        return [.list(pendingListing?.path ?? directory)]
    }

    /// Updates the state for `event` and returns the work it calls for.
    ///
    /// Whatever the event, when the selection ends on a document with no preview, the effects
    /// ask for one (once: not again while that request is outstanding).
    public mutating func handle(_ event: BrowserEvent) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        switch event {
        case .key(let key):
            effects = handleKey(key)
        case .mouse(let mouse):
            effects = handleMouse(mouse)
        case .paste(let text):
            handlePaste(text)
        case .resize(let size):
            screen = size
            scrollToSelection()
        case .listed(let path, let entries):
            receive(entries, listing: path)
        case .listFailed(let path, let reason):
            receiveListingFailure(reason, listing: path)
        case .previewReady(let path, let preview):
            record(.preview(preview), for: path)
        case .previewFailed(let path, let reason):
            record(.failure(reason), for: path)
        case .openFailed(let path, let reason):
            passwordEntry = nil
            message = .cannotOpen(name: BrowserPath.lastComponent(of: path), reason: reason)
        case .passwordNeeded(let path, let note):
            // The answer can come after help or the filter was opened: the prompt replaces them.
            showingHelp = false
            isEditingFilter = false
            passwordEntry = PasswordEntry(path: path)
            message = note
        case .interrupted:
            cancelPasswordEntry()
        }
        return effects + requestPreviewIfNeeded()
    }

    // MARK: The selection

    /// The selected entry, or nil when the list shows none.
    public var selectedEntry: BrowserEntry? {
        visibleEntries.indices.contains(selectedIndex) ? visibleEntries[selectedIndex] : nil
    }

    /// The selected entry's path, or nil when the list shows none.
    public var selectedPath: String? {
        selectedEntry.map { BrowserPath.appending($0.name, to: directory) }
    }

    /// What is known about the selected document's preview: nil while it is being made, and
    /// for entries that are not documents.
    var selectedPreview: BrowserPreviewCache.Outcome? {
        guard let entry = selectedEntry, entry.isDocument, let path = selectedPath else {
            return nil
        }
        return previews.outcome(for: path)
    }

    /// How many entries are hidden because their names start with a dot.
    public var hiddenCount: Int {
        entries.count { $0.isHidden }
    }

    // MARK: Geometry

    /// Whether the terminal is below ``minimumScreen``.
    var isTooSmall: Bool {
        screen.rows < Self.minimumScreen.rows || screen.columns < Self.minimumScreen.columns
    }

    /// Rows for the list and the preview: all but the header, the blank row under it and the
    /// bottom row.
    var paneRows: Int { max(screen.rows - 3, 1) }

    /// Cells for the preview: the width less the margins, the list and the rule between them.
    var previewColumns: Int { max(screen.columns - listColumns - 5, 1) }

    /// The list's width: the folder's longest name (with its mark or slash), as far as the
    /// preview keeps ``minimumPreviewColumns``, and never less than ``minimumListColumns``.
    public var listColumns: Int {
        let free = screen.columns - 5 - Self.minimumPreviewColumns
        return max(Self.minimumListColumns, min(widestName + 3, free))
    }

    /// Moves the list so that the selected entry is on it, scrolling as little as possible and
    /// leaving no blank rows below the last entry.
    mutating func scrollToSelection() {
        if selectedIndex < topIndex {
            topIndex = selectedIndex
        } else if selectedIndex >= topIndex + paneRows {
            topIndex = selectedIndex - paneRows + 1
        }
        topIndex = max(min(topIndex, visibleEntries.count - paneRows), 0)
    }

    // MARK: Previews

    /// Asks for the selected document's preview when none is held or on its way.
    private mutating func requestPreviewIfNeeded() -> [BrowserEffect] {
        guard let entry = selectedEntry, entry.isDocument, let path = selectedPath else {
            return []
        }
        if previews.outcome(for: path) != nil {
            previews.touch(path)
            return []
        }
        guard pendingPreview != path else {
            return []
        }
        pendingPreview = path
        return [.preview(path)]
    }

    private mutating func record(_ outcome: BrowserPreviewCache.Outcome, for path: String) {
        if pendingPreview == path {
            pendingPreview = nil
        }
        previews.store(outcome, for: path)
    }
}
