/// The outline (table of contents) as a collapsible list over the page.
public struct OutlineList: Sendable, Equatable {
    /// Every entry of the outline, in document order.
    public let items: [OutlineItem]
    /// Entries whose children are hidden.
    public internal(set) var collapsed: Set<Int> = []
    /// The selected entry (an index into ``items``).
    public internal(set) var selected: Int
    /// The entry the current page belongs to ("you are here").
    public let current: Int?
    /// What is typed to filter the entries; empty shows them all.
    public internal(set) var filter = ""
    /// The entries the filter matches, in order, with the Character offsets of their titles
    /// that it matched (for highlighting); every entry when there is no filter.
    public private(set) var matches: [(index: Int, positions: [Int])] = []
    /// The titles that read right to left (their first strong letter is Arabic, Hebrew…), in
    /// the visual order the screen needs, by entry: drawn against the right edge like the body.
    let rightToLeftTitles: [Int: VisualOrder]

    /// The list of `items` with the entry holding `currentPage` selected; `bidi` puts titles
    /// that read right to left in visual order (Arabic letters joined when `shapingArabic`).
    init(items: [OutlineItem], currentPage: Int, bidi: (any BidiAlgorithm)? = nil, shapingArabic: Bool = false) {
        self.items = items
        current = Self.entry(containing: currentPage, in: items)
        selected = current ?? 0
        var titles: [Int: VisualOrder] = [:]
        if let bidi {
            for (index, item) in items.enumerated() {
                let title = TerminalSafeText.sanitized(item.title)
                guard RightToLeft.isRightToLeftParagraph(title.unicodeScalars),
                    let visual = VisualOrder(of: title, rightToLeft: true, bidi: bidi, shapingArabic: shapingArabic)
                else { continue }
                titles[index] = visual
            }
        }
        rightToLeftTitles = titles
    }

    public static func == (left: OutlineList, right: OutlineList) -> Bool {
        left.items == right.items && left.collapsed == right.collapsed && left.selected == right.selected
            && left.current == right.current && left.filter == right.filter
    }

    /// The entry `page` belongs to, level by level: among the top-level entries, the last whose
    /// target is at or before the page; then among that entry's children, the last at or before
    /// it; and so on down. An outline whose order strays from the pages' (an index pointing back
    /// to chapter 1 at the end) cannot pull the mark away from the page's own section.
    public static func entry(containing page: Int, in items: [OutlineItem]) -> Int? {
        var found: Int?
        var start = 0
        var end = items.count
        var level = items.first?.level ?? 0
        while start < end {
            var best: Int?
            var index = start
            while index < end {
                if items[index].level == level, let target = items[index].page, target <= page {
                    best = index
                }
                index += 1
            }
            guard let chosen = best else { break }
            found = chosen
            // The chosen entry's children run until the next entry at its level or above.
            start = chosen + 1
            end = items[start...].firstIndex { $0.level <= level } ?? items.count
            end = min(end, items.count)
            guard start < end else { break }
            level = items[start].level
        }
        return found
    }

    /// Sets the filter to `text`, keeping the selection when it still matches, else selecting
    /// the first entry that does.
    mutating func setFilter(_ text: String) {
        filter = text
        guard !text.isEmpty else {
            matches = []
            return
        }
        matches = items.indices.compactMap { index in
            // Titles are matched as they are drawn, made terminal-safe, so offsets line up.
            FuzzyMatch.positions(of: text, in: TerminalSafeText.sanitized(items[index].title)).map { (index, $0) }
        }
        if !matches.contains(where: { $0.index == selected }), let first = matches.first {
            selected = first.index
        }
    }

    /// The title offsets the filter matched in entry `index` (none without a filter).
    func matchedPositions(of index: Int) -> [Int] {
        guard !filter.isEmpty else { return [] }
        return matches.first { $0.index == index }?.positions ?? []
    }

    /// Indices of the entries shown: those the filter matches, or without one those not hidden
    /// inside a collapsed parent, in order.
    public var visible: [Int] {
        if !filter.isEmpty {
            return matches.map(\.index)
        }
        var shown: [Int] = []
        var hiddenBelowLevel: Int?
        for (index, item) in items.enumerated() {
            if let level = hiddenBelowLevel {
                if item.level > level { continue }
                hiddenBelowLevel = nil
            }
            shown.append(index)
            if collapsed.contains(index) {
                hiddenBelowLevel = item.level
            }
        }
        return shown
    }

    /// Whether the entry at `index` has children.
    public func hasChildren(_ index: Int) -> Bool {
        index + 1 < items.count && items[index + 1].level > items[index].level
    }

    /// Moves the selection through the visible entries, stopping at the ends; `screenful`
    /// entries make a screen.
    mutating func select(_ move: ListCommand, screenful: Int) {
        let shown = visible
        guard let position = shown.firstIndex(of: selected) ?? shown.first.map({ _ in 0 }) else { return }
        selected = shown[move.destination(from: position, count: shown.count, screenful: screenful)]
    }

    /// Hides the selected entry's children, or selects its parent when they are hidden already.
    mutating func collapseOrSelectParent() {
        if hasChildren(selected), !collapsed.contains(selected) {
            collapsed.insert(selected)
        } else if let parent = items[..<selected].lastIndex(where: { $0.level < items[selected].level }) {
            selected = parent
        }
    }

    /// Shows the selected entry's children.
    mutating func expand() {
        collapsed.remove(selected)
    }
}

/// The links of a page as a numbered list, followed by typing a number or choosing one.
public struct LinkList: Sendable, Equatable {
    /// The page the links are on.
    public let page: Int
    public let links: [LinkItem]
    /// The selected link.
    public internal(set) var selected = 0
    /// Digits typed so far to choose a link by its number.
    public internal(set) var typedNumber = ""
}

/// A list drawn over the page, taking the keys until it closes.
public enum ReaderOverlay: Sendable, Equatable {
    case outline(OutlineList)
    case links(LinkList)
    /// Hint letters drawn on the page's links (not a list: the page stays in view).
    case linkHints(LinkHints)
    /// The document's annotations (`A`).
    case annotations(AnnotationList)
}

/// A search running in the background.
public struct RunningSearch: Sendable, Equatable {
    public let id: Int
    public let pattern: SearchPattern
    public let direction: SearchDirection
    /// The page the search started from (0-based): a match at or before it, searching
    /// forward, was found by wrapping around.
    public let startPage: Int
    /// Whether the search continues from a match on the start page (`n`, `N`) rather than
    /// being a new one.
    public let continuesFromMatch: Bool
    /// Pages looked at so far, and how many will be.
    public internal(set) var searched = 0
    public internal(set) var total: Int
}
