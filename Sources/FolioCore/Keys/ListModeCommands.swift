/// Something the outline list does with a key.
public enum OutlineCommand: KeyCommand {
    /// Move the selection.
    case list(ListCommand)
    /// Go to the selected entry's page, closing the list.
    case jump
    /// Hide the selected entry's children, or select its parent when they are hidden.
    case collapse
    /// Show the selected entry's children.
    case expand
    /// Close the list (clearing the filter first, when there is one).
    case close
    /// Delete the filter's last character.
    case deleteBackward

    /// Every command, the list commands first.
    public static var allCases: [OutlineCommand] {
        ListCommand.allCases.map(Self.list) + [.jump, .collapse, .expand, .close, .deleteBackward]
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .list(let command): command.name
        case .jump: "jump"
        case .collapse: "collapse"
        case .expand: "expand"
        case .close: "close"
        case .deleteBackward: "delete-backward"
        }
    }
}

/// Something the link list does with a key. Digits are not commands: they type a link's
/// number.
public enum LinkListCommand: KeyCommand {
    /// Move the selection.
    case list(ListCommand)
    /// Follow the selected link.
    case follow
    /// Copy the selected link's address.
    case copyAddress
    /// Close the list.
    case close

    /// Every command, the list commands first.
    public static var allCases: [LinkListCommand] {
        ListCommand.allCases.map(Self.list) + [.follow, .copyAddress, .close]
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .list(let command): command.name
        case .follow: "follow"
        case .copyAddress: "copy-address"
        case .close: "close"
        }
    }
}

/// Something line selection (`V`) does with a key.
public enum SelectionCommand: KeyCommand {
    /// Move the selection's cursor, extending or shrinking the selection.
    case list(ListCommand)
    /// Copy the selected lines, ending the selection.
    case copy
    /// End the selection without copying.
    case cancel

    /// Every command, the list commands first.
    public static var allCases: [SelectionCommand] {
        ListCommand.allCases.map(Self.list) + [.copy, .cancel]
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .list(let command): command.name
        case .copy: "copy"
        case .cancel: "cancel"
        }
    }
}

/// The outline list's key table.
public typealias OutlineKeymap = Keymap<OutlineCommand>

extension Keymap where Command == OutlineCommand {
    /// The outline's default keys. Printable characters type the filter, so only named keys
    /// are bound.
    public static var standard: OutlineKeymap {
        let listBindings = ListCommand.bindings(OutlineCommand.list, item: "entry").map { binding in
            KeyBinding(
                keys: binding.keys.filter { !$0.isCharacter }, command: binding.command, summary: binding.summary)
        }
        return OutlineKeymap(
            bindings: [
                KeyBinding(keys: [.enter], command: .jump, summary: "Go to the entry's page", hint: "jumps"),
                KeyBinding(
                    keys: [.left], command: .collapse, summary: "Fold",
                    details: "hide the entry's children, or select its parent", hint: "folds"),
                KeyBinding(
                    keys: [.right], command: .expand, summary: "Unfold", details: "show the entry's children",
                    hint: "unfolds"),
                KeyBinding(
                    keys: [.backspace], command: .deleteBackward, summary: "Delete a filter character"),
                KeyBinding(
                    keys: [.escape], command: .close, summary: "Close",
                    details: "or, while filtering, clear the filter", hint: "closes"),
            ] + listBindings)
    }
}

/// The link list's key table.
public typealias LinkListKeymap = Keymap<LinkListCommand>

extension Keymap where Command == LinkListCommand {
    /// The link list's default keys.
    public static var standard: LinkListKeymap {
        LinkListKeymap(
            bindings: [
                KeyBinding(
                    keys: [.enter], command: .follow, summary: "Follow the link",
                    details:
                        "to its page, at the line it points to; an external link's address is copied (OSC 52), never opened",
                    hint: "follows"),
                KeyBinding(
                    keys: [.character("y")], command: .copyAddress, summary: "Copy the link's address",
                    hint: "copies the address"),
                KeyBinding(
                    keys: [.escape, .character("q"), .character("f")], command: .close, summary: "Close",
                    hint: "closes"),
            ] + ListCommand.bindings(LinkListCommand.list, item: "link"))
    }
}

/// Line selection's key table.
public typealias SelectionKeymap = Keymap<SelectionCommand>

extension Keymap where Command == SelectionCommand {
    /// Line selection's default keys.
    public static var standard: SelectionKeymap {
        SelectionKeymap(
            bindings: ListCommand.bindings(SelectionCommand.list, item: "line") + [
                KeyBinding(
                    keys: [.character("y"), .enter], command: .copy, summary: "Copy the lines", hint: "copies"),
                KeyBinding(
                    keys: [.escape, .character("V"), .character("q")], command: .cancel, summary: "Cancel",
                    hint: "cancels"),
            ])
    }
}
