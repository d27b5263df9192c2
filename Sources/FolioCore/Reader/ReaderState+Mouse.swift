/// The mouse and pasted text: the wheel scrolls, a click chooses in a list (a double click opens
/// the entry), a click on a link follows it (its underlined words in the text view, its box in a
/// page image); a paste types into an open prompt.
extension ReaderState {
    /// Lines (or image rows) one notch of the wheel scrolls.
    static let wheelLines = 3
    /// Cells (of the physical layout or a page image) one sideways notch of the wheel scrolls:
    /// about as far on screen as ``wheelLines``, a cell being about half as wide as it is tall.
    static let wheelColumns = 6

    mutating func handleMouseOnPage(_ event: MouseEvent) -> [ReaderEffect] {
        switch event.action {
        case .wheelDown: return scrollDown(by: Self.wheelLines)
        case .wheelUp: return scrollUp(by: Self.wheelLines)
        // Quietly in the reflowed text: a touchpad swipes a little sideways as it scrolls.
        case .wheelLeft:
            scrollSideways(by: -Self.wheelColumns, quietly: true)
            return []
        case .wheelRight:
            scrollSideways(by: Self.wheelColumns, quietly: true)
            return []
        case .otherButton: return []
        case .click where event.withControl:
            return findSource(atRow: event.row, column: event.column)
        case .click:
            guard images.viewMode == .image else {
                if let effects = followLink(atRow: event.row, column: event.column) {
                    return effects
                }
                message = .clickFollowsLinks
                return []
            }
            guard let point = pagePoint(atRow: event.row, column: event.column) else { return [] }
            pending.linkClick = (point.page, point.x, point.y)
            return [.loadLinks(page: point.page)]
        }
    }

    /// The page shown under a cell of a page image and the point of it there (in points), or
    /// nil when the cell is not on an image (in a spread's image, nor on the gap between its
    /// pages; scrolling continuously, nor on the seam between two pages).
    func pagePoint(atRow row: Int, column: Int) -> (page: Int, x: Double, y: Double)? {
        // Checked before subtracting: a mouse report may name any cell, even Int.min.
        let under = placedImages.first { placed in
            let placement = placed.placement
            return (placement.screenRow..<placement.screenRow + placement.rows).contains(row)
                && (placement.screenColumn..<placement.screenColumn + placement.columns).contains(column)
        }
        guard let placement = under?.placement, let extent = under?.extent, extent.rows > 0, extent.columns > 0
        else { return nil }
        let imageColumn = Double(column - placement.screenColumn + placement.sourceColumn) + 0.5
        let down = (Double(row - placement.screenRow + placement.sourceRow) + 0.5) / Double(extent.rows)
        // The page under the cell, the share of its width there, and the part of it shown.
        let page: Int
        let across: Double
        let box: TextRect
        if extent.parts.isEmpty {
            guard let text = cache.text(of: placement.request.page) else { return nil }
            page = placement.request.page
            across = imageColumn / Double(extent.columns)
            // A cropped image shows its crop box, not the whole page.
            box = extent.cropBox ?? TextRect(x0: 0, y0: 0, x1: text.width, y1: text.height)
        } else {
            guard
                let part = extent.parts.first(where: {
                    $0.columns > 0 && imageColumn >= $0.firstColumn && imageColumn < $0.firstColumn + $0.columns
                })
            else { return nil }
            page = part.page
            across = (imageColumn - part.firstColumn) / part.columns
            box = part.box
        }
        return (page, box.x0 + across * box.width, box.y0 + down * box.height)
    }

    /// Links arrived for a click on the page image: follows the one under the click.
    mutating func followClickedLink(page: Int, links: [LinkItem]) -> [ReaderEffect] {
        guard let click = pending.linkClick, click.page == page else { return [] }
        pending.linkClick = nil
        guard pagesOnScreen.contains(page) else { return [] }
        let hit = links.first { link in
            (link.box.x0...link.box.x1).contains(click.x) && (link.box.y0...link.box.y1).contains(click.y)
        }
        guard let hit else { return [] }
        return follow(hit)
    }

    /// A click on a list entry selects it; a double click opens it. The wheel moves the
    /// selection.
    mutating func handleMouseInList(_ event: MouseEvent) -> [ReaderEffect] {
        switch event.action {
        case .wheelDown, .wheelUp:
            let move: ListCommand = event.action == .wheelDown ? .down : .up
            var effects: [ReaderEffect] = []
            for _ in 0..<Self.wheelLines {
                switch mode {
                case .outline: effects += perform(OutlineCommand.shared(move))
                case .links: effects += moveInLinkList(move)
                default: break
                }
            }
            return effects
        case .otherButton, .wheelLeft, .wheelRight:
            return []
        case .click(let clicks):
            guard let entry = listEntry(atRow: event.row) else { return [] }
            switch mode {
            case .outline(var list):
                list.selected = entry
                mode = .outline(list)
                return clicks >= 2 ? perform(OutlineCommand.own(.jump)) : []
            case .links(var list):
                list.selected = entry
                mode = .links(list)
                return clicks >= 2 ? follow(list.links[entry]) : []
            default:
                return []
            }
        }
    }

    /// The entry (an index into the list's items) drawn on screen row `row`, if any.
    private func listEntry(atRow row: Int) -> Int? {
        let shown: [Int]
        let selected: Int
        switch mode {
        case .outline(let list):
            shown = list.visible
            selected = shown.firstIndex(of: list.selected) ?? 0
        case .links(let list):
            shown = Array(list.links.indices)
            selected = list.selected
        default:
            return nil
        }
        // The row is checked before it is added to: a mouse report may name any row.
        guard row >= 1, row <= overlayRows else { return nil }
        let first = OverlayView.firstShown(selected: selected, count: shown.count, height: overlayRows)
        let position = first + row - 1
        guard shown.indices.contains(position) else { return nil }
        return shown[position]
    }
}
