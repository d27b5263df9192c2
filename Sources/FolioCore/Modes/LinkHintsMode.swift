/// Hint letters on the links on screen (`f`): typing a whole hint follows its link; the hints'
/// table cancels or opens the numbered list instead.
extension ReaderState {
    /// Keys while hints show: letters type a hint (a whole one follows its link), the table
    /// gives the rest.
    mutating func handleLinkHintKey(_ key: Key, hints: LinkHints) -> [ReaderEffect] {
        var hints = hints
        if case .character(let scalar) = key {
            let typed = hints.typed + String(Character(scalar))
            if let hint = hints.hints.first(where: { $0.label == typed }) {
                return follow(hint.link)
            }
            if hints.hints.contains(where: { $0.label.hasPrefix(typed) }) {
                hints.typed = typed
            } else {
                hints.typed = ""
                message = .noLinkHint(typed: typed)
            }
            mode = .linkHints(hints)
            return []
        }
        switch linkHintKeymap.command(for: key) {
        case .cancel:
            mode = .reading
        case .showList:
            mode = .links(LinkList(page: hints.page, links: hints.links))
        case nil:
            break
        }
        return []
    }
}
