/// Moving between folders, and which entries the list shows.
extension BrowserState {
    /// Asks for the folder at `path`, to select `name` in it once listed; nothing when that
    /// folder is already on its way.
    mutating func list(_ path: String, selecting name: String?) -> [BrowserEffect] {
        guard pendingListing?.path != path else {
            return []
        }
        pendingListing = PendingListing(path: path, selecting: name)
        message = .listing(path: path)
        return [.list(path)]
    }

    /// Goes up to the parent folder: the one on its way if the user is already going
    /// somewhere, so that pressing Left twice climbs twice.
    mutating func goToParent() -> [BrowserEffect] {
        let current = pendingListing?.path ?? directory
        let parent = BrowserPath.parent(of: current)
        guard parent != current else {
            message = .atTopFolder
            return []
        }
        return list(parent, selecting: BrowserPath.lastComponent(of: current))
    }

    /// Takes the listing of `path` if it is the one asked for, or a fresh listing of the folder
    /// on screen; a late answer for a folder the user has left is ignored.
    mutating func receive(_ newEntries: [BrowserEntry], listing path: String) {
        let selecting: String?
        if let pending = pendingListing, pending.path == path {
            selecting = pending.selecting
            pendingListing = nil
        } else if pendingListing == nil, path == directory, listing == .loaded {
            selecting = selectedEntry?.name
        } else {
            return
        }
        if path != directory || listing != .loaded {
            filter = ""
            isEditingFilter = false
            topIndex = 0
        }
        directory = path
        listing = .loaded
        // A listing made with readdir(3) includes the folder itself and its parent.
        entries = BrowserNameOrder.sorted(newEntries.filter { !["", ".", ".."].contains($0.name) })
        lowercasedNames = entries.map { $0.name.lowercased() }
        widestName = entries.lazy.map { DisplayWidth.of(TerminalSafeText.sanitized($0.name)) }.max() ?? 0
        updateVisibleEntries(selecting: selecting)
        message = countSummary
    }

    mutating func receiveListingFailure(_ reason: String, listing path: String) {
        guard let pending = pendingListing, pending.path == path else {
            return
        }
        pendingListing = nil
        if path == directory, listing == .loading {
            listing = .failed(reason)
            message = .cannotList(path: path, reason: reason)
        } else {
            message = .cannotOpenFolder(path: path, reason: reason)
        }
    }

    /// Recomputes the visible entries and selects the one called `name`; when it is not
    /// visible, the nearest visible entry after where it stands in the folder (or the last one
    /// before it), so hiding or filtering moves the selection as little as possible.
    mutating func updateVisibleEntries(selecting name: String?) {
        let needle = filter.lowercased()
        let visibleIndices = entries.indices.filter { index in
            (showsHidden || !entries[index].isHidden) && Self.text(lowercasedNames[index], contains: needle)
        }
        visibleEntries = visibleIndices.map { entries[$0] }
        if let name, let index = visibleEntries.firstIndex(where: { $0.name == name }) {
            selectedIndex = index
        } else if let name, let position = entries.firstIndex(where: { $0.name == name }) {
            let visibleBefore = visibleIndices.count { $0 < position }
            selectedIndex = max(min(visibleBefore, visibleEntries.count - 1), 0)
        } else {
            selectedIndex = 0
        }
        scrollToSelection()
    }

    /// Whether `text` contains `needle`, character by character.
    ///
    /// When both are ASCII, as most file names are, a byte search gives the same answer many
    /// times faster than `String.contains`, which keeps filtering a folder of thousands of
    /// entries quick at every key.
    static func text(_ text: String, contains needle: String) -> Bool {
        guard !needle.isEmpty else {
            return true
        }
        let isASCII = { (string: String) in string.utf8.allSatisfy { $0 < 0x80 } }
        guard isASCII(needle), isASCII(text) else {
            return text.contains(needle)
        }
        let textBytes = Array(text.utf8)
        let needleBytes = Array(needle.utf8)
        guard textBytes.count >= needleBytes.count else {
            return false
        }
        return (0...(textBytes.count - needleBytes.count)).contains { start in
            textBytes[start..<start + needleBytes.count].elementsEqual(needleBytes)
        }
    }

    /// "12 entries, 3 hidden": how many entries the list shows, and how many start with a dot.
    var countSummary: BrowserNotice {
        let hidden = hiddenCount
        return .entryCount(
            listed: showsHidden ? entries.count : entries.count - hidden, hidden: hidden, hiddenShown: showsHidden)
    }

    /// "3 entries match “pd”": how many entries the kept filter lets through.
    var filterSummary: BrowserNotice {
        .filterMatches(count: visibleEntries.count, filter: filter)
    }

    /// `count` with the singular or plural noun: "1 entry", "12 entries".
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// How messages name a folder: its last component and a slash, "papers/"; the root is "/".
    static func folderName(_ path: String) -> String {
        let name = BrowserPath.lastComponent(of: path)
        return name.hasSuffix("/") ? name : name + "/"
    }
}
