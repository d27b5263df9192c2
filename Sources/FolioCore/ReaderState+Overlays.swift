/// The outline (`o`) and link (`f`) lists drawn over the page, and choosing lines to copy (`V`).
extension ReaderState {
    // MARK: Outline

    mutating func showOutline() -> [ReaderEffect] {
        guard let outline else {
            outlineWanted = true
            message = "Loading the outline…"
            return [.loadOutline]
        }
        guard !outline.isEmpty else {
            message = "This document has no outline"
            return []
        }
        overlay = .outline(OutlineList(items: outline, currentPage: currentPage))
        return []
    }

    mutating func outlineLoaded(_ items: [OutlineItem]) {
        outline = items
        guard outlineWanted else { return }
        outlineWanted = false
        message = nil
        _ = showOutline()
    }

    // MARK: Links

    mutating func linksLoaded(page: Int, links: [LinkItem]) {
        guard page == currentPage else { return }
        guard !links.isEmpty else {
            message = "No links on page \(page + 1)"
            return
        }
        overlay = .links(LinkList(page: page, links: links))
    }

    // MARK: Keys in a list

    mutating func handleOverlayKey(_ key: Key, overlay: ReaderOverlay) -> [ReaderEffect] {
        switch overlay {
        case .outline(var list):
            return handleOutlineKey(key, list: &list)
        case .links(var list):
            return handleLinksKey(key, list: &list)
        }
    }

    /// Rows available to a list: the text area less its title row.
    var overlayRows: Int { max(textRows - 1, 1) }

    private mutating func handleOutlineKey(_ key: Key, list: inout OutlineList) -> [ReaderEffect] {
        switch key {
        case .escape, .character("q"), .character("o"):
            overlay = nil
            return []
        case .enter:
            overlay = nil
            guard let page = list.items[list.selected].page else {
                message = "This entry points nowhere in the document"
                return []
            }
            return jump(to: page)
        case .down, .character("j"): list.move(by: 1)
        case .up, .character("k"): list.move(by: -1)
        case .pageDown, .character(" "): list.move(by: overlayRows - 1)
        case .pageUp, .character("b"): list.move(by: -(overlayRows - 1))
        case .home: list.move(by: -list.items.count)
        case .end: list.move(by: list.items.count)
        case .left, .character("h"): list.collapseOrSelectParent()
        case .right, .character("l"): list.expand()
        default: break
        }
        overlay = .outline(list)
        return []
    }

    private mutating func handleLinksKey(_ key: Key, list: inout LinkList) -> [ReaderEffect] {
        if let digit = key.digitValue {
            list.typedNumber += String(digit)
            if let number = Int(list.typedNumber), number >= 1, number <= list.links.count {
                list.selected = number - 1
                // A number that no more digits could extend follows the link at once.
                if number * 10 > list.links.count {
                    return follow(list.links[number - 1])
                }
            } else {
                list.typedNumber = ""
            }
            overlay = .links(list)
            return []
        }
        list.typedNumber = ""
        switch key {
        case .escape, .character("q"), .character("f"):
            overlay = nil
            return []
        case .enter:
            return follow(list.links[list.selected])
        case .character("y"):
            let link = list.links[list.selected]
            overlay = nil
            if let uri = link.uri {
                return [.copy(text: uri, description: "the link address")]
            }
            message = "Link \(list.selected + 1) leads to page \((link.page ?? 0) + 1); there is no address to copy"
            return []
        case .down, .character("j"): list.selected = min(list.selected + 1, list.links.count - 1)
        case .up, .character("k"): list.selected = max(list.selected - 1, 0)
        case .home: list.selected = 0
        case .end: list.selected = list.links.count - 1
        default: break
        }
        overlay = .links(list)
        return []
    }

    private mutating func follow(_ link: LinkItem) -> [ReaderEffect] {
        overlay = nil
        if let page = link.page {
            return jump(to: page)
        }
        if let uri = link.uri {
            message = "External link: \(uri) (f, then y copies it)"
        }
        return []
    }

    // MARK: Copying

    mutating func copyCurrentPage() -> [ReaderEffect] {
        guard let text = cache.text(of: currentPage) else {
            message = "Page \(currentPage + 1) is not loaded yet"
            return []
        }
        return [.copy(text: text.plainText, description: "page \(currentPage + 1)")]
    }

    mutating func startSelection() {
        guard viewMode == .text else {
            message = "Lines are chosen in the text view (Tab)"
            return
        }
        guard let lines = currentLines, !lines.isEmpty else {
            message = "Nothing to select on this page"
            return
        }
        let line = min(topLine, lines.count - 1)
        selection = LineSelection(anchor: line, cursor: line)
    }

    mutating func handleSelectionKey(_ key: Key, selection current: LineSelection) -> [ReaderEffect] {
        var selection = current
        let lineCount = currentLines?.count ?? 0
        switch key {
        case .escape, .character("V"), .character("q"):
            self.selection = nil
            return []
        case .character("y"), .enter:
            self.selection = nil
            let lines = currentLines ?? []
            let chosen = lines[selection.lines.clamped(to: 0...max(lines.count - 1, 0))].map(\.text)
            let count = chosen.count
            return [.copy(text: chosen.joined(separator: "\n") + "\n",
                          description: "\(count) line\(count == 1 ? "" : "s") of page \(currentPage + 1)")]
        case .down, .character("j"): selection.cursor += 1
        case .up, .character("k"): selection.cursor -= 1
        case .pageDown, .character(" "): selection.cursor += max(textRows - 1, 1)
        case .pageUp, .character("b"): selection.cursor -= max(textRows - 1, 1)
        case .home: selection.cursor = 0
        case .end: selection.cursor = lineCount - 1
        default: break
        }
        selection.cursor = min(max(selection.cursor, 0), max(lineCount - 1, 0))
        // Keep the cursor on screen.
        if selection.cursor < topLine {
            topLine = selection.cursor
        } else if selection.cursor >= topLine + textRows {
            topLine = min(selection.cursor - textRows + 1, maximumTopLine(of: currentPage))
        }
        self.selection = selection
        return []
    }
}
