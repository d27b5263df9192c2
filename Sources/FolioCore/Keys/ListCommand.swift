/// Moving the selection through a list: the commands, and the keys, that the outline, the
/// link list, line selection and the file browser share.
public enum ListCommand: String, KeyCommand {
    /// Select the previous item.
    case up = "up"
    /// Select the next item.
    case down = "down"
    /// Select the item a screen up.
    case screenUp = "screen-up"
    /// Select the item a screen down.
    case screenDown = "screen-down"
    /// Select the first item.
    case first = "first"
    /// Select the last item.
    case last = "last"

    /// The list keys every list shares, as bindings of a mode's own command (`command` wraps a
    /// list command in it); `item` names what the list holds ("entry", "line").
    static func bindings<Command>(
        _ command: (ListCommand) -> Command, item: String
    ) -> [KeyBinding<Command>] {
        [
            KeyBinding(keys: [.up, .character("k")], command: command(.up), summary: "Previous " + item),
            KeyBinding(keys: [.down, .character("j")], command: command(.down), summary: "Next " + item),
            KeyBinding(keys: [.pageUp, .character("b")], command: command(.screenUp), summary: "Up a screen"),
            KeyBinding(keys: [.pageDown, .character(" ")], command: command(.screenDown), summary: "Down a screen"),
            KeyBinding(keys: [.home, .character("g")], command: command(.first), summary: "First " + item),
            KeyBinding(keys: [.end, .character("G")], command: command(.last), summary: "Last " + item),
        ]
    }

    /// ``bindings(_:item:)`` without the keys that are characters (`j`, `k`, Space, …), for a
    /// list whose printable keys type a filter.
    static func namedKeyBindings<Command>(
        _ command: (ListCommand) -> Command, item: String
    ) -> [KeyBinding<Command>] {
        bindings(command, item: item).map { binding in
            KeyBinding(
                keys: binding.keys.filter { !$0.isCharacter }, command: binding.command, summary: binding.summary)
        }
    }

    /// Where a selection at `index` in a list of `count` items goes, `screenful` items being a
    /// screen: stopping at the ends (an empty list stays at 0).
    func destination(from index: Int, count: Int, screenful: Int) -> Int {
        let target: Int
        switch self {
        case .up: target = index - 1
        case .down: target = index + 1
        case .screenUp: target = index - screenful
        case .screenDown: target = index + screenful
        case .first: target = 0
        case .last: target = count - 1
        }
        return max(min(target, count - 1), 0)
    }
}
