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
        overlay = .outline(
            OutlineList(items: outline, currentPage: currentPage, bidi: cache.bidi, shapingArabic: cache.shapesArabic))
        return []
    }

    /// Finds the section the current page belongs to (as the outline's `●` marks it) when the
    /// page or the outline has changed since the last time.
    mutating func findSection() {
        guard let outline else {
            currentSection = nil
            return
        }
        guard currentSection?.page != currentPage || currentSection?.outlineCount != outline.count else { return }
        let title = OutlineList.entry(containing: currentPage, in: outline).map { entry in
            // Shown on the status line: a right-to-left title in visual order.
            let title = TerminalSafeText.sanitized(outline[entry].title)
            return shown(title, rightToLeft: RightToLeft.isRightToLeftParagraph(title.unicodeScalars))
        }
        currentSection = (currentPage, outline.count, title)
    }

    /// `text` (one paragraph, right to left when `rightToLeft`) as the screen must be sent it:
    /// in visual order, Arabic letters joined where the terminal does not shape, when it holds
    /// right-to-left letters. A message that quotes an Arabic pattern reads right this way.
    func shown(_ text: String, rightToLeft: Bool = false) -> String {
        guard let bidi = cache.bidi else { return text }
        return VisualOrder(of: text, rightToLeft: rightToLeft, bidi: bidi, shapingArabic: cache.shapesArabic)?.text
            ?? text
    }

    /// The title of the section the current page belongs to, when the outline is loaded and has
    /// one, as the status line shows it (in visual order where it reads right to left).
    var sectionTitle: String? {
        guard let section = currentSection, section.page == currentPage else { return nil }
        return section.title
    }

    mutating func outlineLoaded(_ items: [OutlineItem]) {
        outline = items
        guard outlineWanted else { return }
        outlineWanted = false
        message = nil
        guard !anotherModeHasTheKeys else { return }
        _ = showOutline()
    }

    /// Whether a prompt, the selection, help or a mark's letter has the keys: a list that
    /// arrives after it opened (the outline, the links) then does not open over it.
    var anotherModeHasTheKeys: Bool {
        goToPrompt != nil || searchPrompt != nil || selection != nil || showingHelp || pendingMarkKey != nil
    }

    // MARK: Links

    mutating func linksLoaded(page: Int, links: [LinkItem]) -> [ReaderEffect] {
        if let click = pendingLinkClick, click.page == page {
            return followClickedLink(page: page, links: links)
        }
        guard page == currentPage, !anotherModeHasTheKeys else { return [] }
        guard !links.isEmpty else {
            message = "No links on page \(page + 1)"
            return []
        }
        let text = cache.text(of: page)
        let named = links.map { link in
            var named = link
            if named.text.isEmpty, let text {
                named.text = text.text(under: link.box)
            }
            return named
        }
        // Hints on the links whose words are on screen; the numbered list when none are.
        if viewMode == .text, let lines = currentLines, let text {
            let hints = LinkHints(
                page: page, links: named, text: text, lines: lines, topLine: topLine, rows: textRows)
            if !hints.hints.isEmpty {
                overlay = .linkHints(hints)
                return []
            }
        }
        overlay = .links(LinkList(page: page, links: named))
        return []
    }

    /// Keys while hints show: letters type a hint (a whole one follows its link), the table
    /// gives the rest.
    mutating func handleLinkHintKey(_ key: Key) -> [ReaderEffect] {
        guard case .linkHints(var hints) = overlay else { return [] }
        if case .character(let scalar) = key {
            let typed = hints.typed + String(Character(scalar))
            if let hint = hints.hints.first(where: { $0.label == typed }) {
                return follow(hint.link)
            }
            if hints.hints.contains(where: { $0.label.hasPrefix(typed) }) {
                hints.typed = typed
            } else {
                hints.typed = ""
                message = "No link hint '\(typed)'"
            }
            overlay = .linkHints(hints)
            return []
        }
        switch linkHintKeymap.command(for: key) {
        case .cancel:
            overlay = nil
        case .showList:
            overlay = .links(LinkList(page: hints.page, links: hints.links))
        case nil:
            break
        }
        return []
    }

    /// A link's target as the list shows it: the page by its printed label (`→ xiv (page
    /// 16)`), or the address.
    func targetDescription(of link: LinkItem) -> String {
        if let page = link.page {
            if let label = document.pageLabels.distinctLabel(ofPage: page) {
                return "→ \(label) (page \(page + 1))"
            }
            return "→ page \(page + 1)"
        }
        return link.uri.map { "→ " + $0 } ?? "→ nowhere"
    }

    /// Once the page a link led to has its text, puts the line the link lands on at the top.
    mutating func scrollToPendingLanding() {
        guard let landing = pendingLanding, landing.page == currentPage, viewMode == .text,
            let text = cache.text(of: currentPage), let lines = currentLines
        else { return }
        pendingLanding = nil
        if let line = Self.landingLine(in: lines, of: text, y: landing.y) {
            topLine = min(line, maximumTopLine(of: currentPage))
        }
    }

    /// The laid-out line where the page's text at `y` points from the top begins: the first
    /// line holding the start of the first text line at or below `y` (reflowing joins and
    /// re-wraps lines, so the words are looked for, not the line number).
    static func landingLine(in lines: [LaidOutLine], of text: PageText, y: Double) -> Int? {
        // A destination names the top of the heading, which sits a little below it.
        guard let target = text.firstLineText(atOrBelow: y - 1) else { return nil }
        let words = target.split(whereSeparator: \.isWhitespace).prefix(3).joined(separator: " ")
        guard !words.isEmpty else { return nil }
        return lines.firstIndex { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(words) }
    }

    // MARK: Keys in a list

    /// Rows available to a list: the text area less its title row.
    var overlayRows: Int { max(textRows - 1, 1) }

    /// Keys in the outline: printable characters type the filter, the outline's table gives the
    /// rest.
    mutating func handleOutlineKey(_ key: Key) -> [ReaderEffect] {
        guard case .outline(var list) = overlay else { return [] }
        if case .character(let scalar) = key {
            list.setFilter(list.filter + String(Character(scalar)))
            overlay = .outline(list)
            return []
        }
        return outlineKeymap.command(for: key).map { perform($0) } ?? []
    }

    /// Performs an outline command on the open outline.
    mutating func perform(_ command: OutlineCommand) -> [ReaderEffect] {
        guard case .outline(var list) = overlay else { return [] }
        switch command {
        case .close:
            if list.filter.isEmpty {
                overlay = nil
                return []
            }
            list.setFilter("")
        case .deleteBackward:
            list.setFilter(String(list.filter.dropLast()))
        case .jump:
            guard list.visible.contains(list.selected) else {
                message = "No entry matches '\(list.filter)'"
                return []
            }
            overlay = nil
            guard let page = list.items[list.selected].page else {
                message = "'\(list.items[list.selected].title)' points nowhere in the document"
                return []
            }
            return jump(to: page)
        case .list(let move): list.select(move, screenful: overlayRows - 1)
        case .collapse: list.collapseOrSelectParent()
        case .expand: list.expand()
        }
        overlay = .outline(list)
        return []
    }

    /// Keys in the link list: digits type a link's number, the list's table gives the rest.
    mutating func handleLinkListKey(_ key: Key) -> [ReaderEffect] {
        guard case .links(var list) = overlay else { return [] }
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
        switch linkListKeymap.command(for: key) {
        case .close:
            overlay = nil
            return []
        case .follow:
            return follow(list.links[list.selected])
        case .copyAddress:
            let link = list.links[list.selected]
            overlay = nil
            if let uri = link.uri {
                return [.copy(text: uri, description: "the link address")]
            }
            message = "Link \(list.selected + 1) leads to page \((link.page ?? 0) + 1); there is no address to copy"
            return []
        case .list(let move):
            list.selected = move.destination(from: list.selected, count: list.links.count, screenful: overlayRows - 1)
        case nil:
            break
        }
        overlay = .links(list)
        return []
    }

    /// Follows `link`: an internal one to its page, at the place it names; an external one's
    /// address is copied (OSC 52), never opened or run.
    mutating func follow(_ link: LinkItem) -> [ReaderEffect] {
        overlay = nil
        if let page = link.page {
            let effects = jump(to: page)
            if let y = link.targetY {
                pendingLanding = (page, y)
                scrollToPendingLanding()
            }
            return effects
        }
        if let uri = link.uri {
            return [.copy(text: uri, description: "the link address \(uri) (links are never opened)")]
        }
        message = "This link leads nowhere"
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
            message = "Lines are chosen in the text view (\(keyName(for: .toggleView)))"
            return
        }
        guard let lines = currentLines, !lines.isEmpty else {
            message = "Nothing to select on this page"
            return
        }
        let line = min(topLine, lines.count - 1)
        selection = LineSelection(anchor: line, cursor: line)
    }

    /// Performs a line-selection command on the selection.
    mutating func perform(_ command: SelectionCommand) -> [ReaderEffect] {
        guard var selection else { return [] }
        let lineCount = currentLines?.count ?? 0
        switch command {
        case .cancel:
            self.selection = nil
            return []
        case .copy:
            self.selection = nil
            let lines = currentLines ?? []
            let chosen = lines[selection.lines.clamped(to: 0...max(lines.count - 1, 0))].map(\.text)
            let count = chosen.count
            return [
                .copy(
                    text: chosen.joined(separator: "\n") + "\n",
                    description: "\(count) line\(count == 1 ? "" : "s") of page \(currentPage + 1)")
            ]
        case .list(let move):
            selection.cursor = move.destination(
                from: selection.cursor, count: lineCount, screenful: max(textRows - 1, 1))
        }
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
