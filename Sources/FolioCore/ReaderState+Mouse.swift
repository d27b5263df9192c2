/// The mouse and pasted text: the wheel scrolls, a click chooses in a list (a double click opens
/// the entry), a click on a link follows it (its underlined words in the text view, its box in a
/// page image); a paste types into an open prompt.
extension ReaderState {
    /// Lines (or image rows) one notch of the wheel scrolls.
    static let wheelLines = 3

    mutating func handleMouse(_ event: MouseEvent) -> [ReaderEffect] {
        message = nil
        pendingKeys = []
        pendingCount = nil
        if showingHelp {
            switch event.action {
            case .wheelDown: scrollHelp(.lines(Self.wheelLines))
            case .wheelUp: scrollHelp(.lines(-Self.wheelLines))
            case .click, .otherButton: showingHelp = false
            }
            return []
        }
        switch keyMode {
        case .outline, .links:
            return handleMouseInList(event)
        case .reader:
            return handleMouseOnPage(event)
        case .goToPrompt, .searchPrompt, .linkHints, .selection, .browser, .filter, .password:
            return []
        }
    }

    private mutating func handleMouseOnPage(_ event: MouseEvent) -> [ReaderEffect] {
        switch event.action {
        case .wheelDown: return scrollDown(by: Self.wheelLines)
        case .wheelUp: return scrollUp(by: Self.wheelLines)
        case .otherButton: return []
        case .click:
            guard viewMode == .image else {
                if let effects = followLink(atRow: event.row, column: event.column) {
                    return effects
                }
                message = "Links: a click on underlined words follows one; \(keyName(for: .showLinks)) shows hints"
                return []
            }
            guard let point = pagePoint(atRow: event.row, column: event.column) else { return [] }
            pendingLinkClick = (currentPage, point.x, point.y)
            return [.loadLinks(page: currentPage)]
        }
    }

    /// The point of the current page (in points) under a cell of its image, or nil when the
    /// cell is not on the image.
    private func pagePoint(atRow row: Int, column: Int) -> (x: Double, y: Double)? {
        guard let placement = imagePlacement, let extent = shownImage(of: currentPage)?.extent,
            let text = cache.text(of: currentPage), extent.rows > 0, extent.columns > 0
        else { return nil }
        // Checked before subtracting: a mouse report may name any cell, even Int.min.
        guard (placement.screenRow..<placement.screenRow + placement.rows).contains(row),
            (placement.screenColumn..<placement.screenColumn + placement.columns).contains(column)
        else { return nil }
        let imageRow = row - placement.screenRow
        let imageColumn = column - placement.screenColumn
        let x = (Double(imageColumn + placement.sourceColumn) + 0.5) / Double(extent.columns) * text.width
        let y = (Double(imageRow + placement.sourceRow) + 0.5) / Double(extent.rows) * text.height
        return (x, y)
    }

    /// Links arrived for a click on the page image: follows the one under the click.
    mutating func followClickedLink(page: Int, links: [LinkItem]) -> [ReaderEffect] {
        guard let click = pendingLinkClick, click.page == page else { return [] }
        pendingLinkClick = nil
        guard page == currentPage else { return [] }
        let hit = links.first { link in
            (link.box.x0...link.box.x1).contains(click.x) && (link.box.y0...link.box.y1).contains(click.y)
        }
        guard let hit else { return [] }
        return follow(hit)
    }

    /// A click on a list entry selects it; a double click opens it. The wheel moves the
    /// selection.
    private mutating func handleMouseInList(_ event: MouseEvent) -> [ReaderEffect] {
        switch event.action {
        case .wheelDown, .wheelUp:
            let move: ListCommand = event.action == .wheelDown ? .down : .up
            var effects: [ReaderEffect] = []
            for _ in 0..<Self.wheelLines {
                effects +=
                    overlay.map { overlay -> [ReaderEffect] in
                        switch overlay {
                        case .outline: return perform(OutlineCommand.list(move))
                        case .links: return moveInLinkList(move)
                        case .linkHints: return []
                        }
                    } ?? []
            }
            return effects
        case .otherButton:
            return []
        case .click(let clicks):
            guard let entry = listEntry(atRow: event.row) else { return [] }
            switch overlay {
            case .outline(var list):
                list.selected = entry
                overlay = .outline(list)
                return clicks >= 2 ? perform(OutlineCommand.jump) : []
            case .links(var list):
                list.selected = entry
                overlay = .links(list)
                return clicks >= 2 ? follow(list.links[entry]) : []
            case .linkHints, nil:
                return []
            }
        }
    }

    private mutating func moveInLinkList(_ move: ListCommand) -> [ReaderEffect] {
        guard case .links(var list) = overlay else { return [] }
        list.selected = move.destination(from: list.selected, count: list.links.count, screenful: overlayRows - 1)
        overlay = .links(list)
        return []
    }

    /// The entry (an index into the list's items) drawn on screen row `row`, if any.
    private func listEntry(atRow row: Int) -> Int? {
        let shown: [Int]
        let selected: Int
        switch overlay {
        case .outline(let list):
            shown = list.visible
            selected = shown.firstIndex(of: list.selected) ?? 0
        case .links(let list):
            shown = Array(list.links.indices)
            selected = list.selected
        case .linkHints, nil:
            return nil
        }
        // The row is checked before it is added to: a mouse report may name any row.
        guard row >= 1, row <= overlayRows else { return nil }
        let first = OverlayView.firstShown(selected: selected, count: shown.count, height: overlayRows)
        let position = first + row - 1
        guard shown.indices.contains(position) else { return nil }
        return shown[position]
    }

    /// Pasted text: typed into the search or go-to prompt as one line, at the cursor (the
    /// go-to prompt takes page labels, so letters too); anywhere else it is not run as keys.
    mutating func handlePaste(_ text: String) -> [ReaderEffect] {
        pendingKeys = []
        pendingCount = nil
        let line = PastedText.line(text)
        if var prompt = searchPrompt {
            prompt.editor.insert(line)
            searchPrompt = prompt
        } else if goToPrompt != nil {
            goToPrompt?.insert(line)
        } else {
            message = "Pasted text goes into a prompt (\(keyName(for: .searchForward)) searches)"
        }
        return []
    }
}
