/// The links of a page as a numbered list over the page (`f` when no hint fits): digits type a
/// link's number, the list's table moves, follows or copies.
extension ReaderState {
    /// Keys in the link list: digits type a link's number, the list's table gives the rest.
    mutating func handleLinkListKey(_ key: Key, list: LinkList) -> [ReaderEffect] {
        var list = list
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
            mode = .links(list)
            return []
        }
        list.typedNumber = ""
        switch linkListKeymap.command(for: key) {
        case .own(.close):
            mode = .reading
            return []
        case .own(.follow):
            return follow(list.links[list.selected])
        case .own(.copyAddress):
            let link = list.links[list.selected]
            mode = .reading
            if let uri = link.uri {
                return [.copy(text: uri, description: "the link address")]
            }
            message = .linkHasNoAddress(number: list.selected + 1, page: link.page ?? 0)
            return []
        case .shared(let move):
            list.selected = move.destination(from: list.selected, count: list.links.count, screenful: overlayRows - 1)
        case nil:
            break
        }
        mode = .links(list)
        return []
    }

    /// Moves the selection in the link list (the mouse wheel).
    mutating func moveInLinkList(_ move: ListCommand) -> [ReaderEffect] {
        guard case .links(var list) = mode else { return [] }
        list.selected = move.destination(from: list.selected, count: list.links.count, screenful: overlayRows - 1)
        mode = .links(list)
        return []
    }
}
