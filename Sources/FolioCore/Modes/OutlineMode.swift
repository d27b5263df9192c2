/// The outline (`o`) drawn over the page as a collapsible list: printable characters filter it,
/// the outline's table moves, folds and opens entries.
extension ReaderState {
    mutating func showOutline() -> [ReaderEffect] {
        guard let items = outline.items else {
            pending.outline = true
            message = .loadingOutline
            return [.loadOutline]
        }
        guard !items.isEmpty else {
            message = .noOutline
            return []
        }
        mode = .outline(
            OutlineList(items: items, currentPage: currentPage, bidi: cache.bidi, shapingArabic: cache.shapesArabic))
        return []
    }

    /// Rows available to a list: the text area less its title row.
    var overlayRows: Int { max(textRows - 1, 1) }

    /// Keys in the outline: printable characters type the filter, the outline's table gives the
    /// rest.
    mutating func handleOutlineKey(_ key: Key, list: OutlineList) -> [ReaderEffect] {
        var list = list
        if case .character(let scalar) = key {
            list.setFilter(list.filter + String(Character(scalar)))
            mode = .outline(list)
            return []
        }
        return outlineKeymap.command(for: key).map { perform($0) } ?? []
    }

    /// Performs an outline command on the open outline.
    mutating func perform(_ command: OutlineCommand) -> [ReaderEffect] {
        guard case .outline(var list) = mode else { return [] }
        switch command {
        case .own(.close):
            if list.filter.isEmpty {
                mode = .reading
                return []
            }
            list.setFilter("")
        case .own(.deleteBackward):
            list.setFilter(String(list.filter.dropLast()))
        case .own(.jump):
            guard list.visible.contains(list.selected) else {
                message = .noOutlineEntry(filter: list.filter)
                return []
            }
            mode = .reading
            let entry = list.items[list.selected]
            guard let page = entry.page else {
                message = .outlineEntryLeadsNowhere(title: entry.title)
                return []
            }
            guard let y = entry.targetY else { return jump(to: page) }
            return jump(to: page, landingOn: .point(y: y))
        case .shared(let move): list.select(move, screenful: overlayRows - 1)
        case .own(.collapse): list.collapseOrSelectParent()
        case .own(.expand): list.expand()
        }
        mode = .outline(list)
        return []
    }
}
