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
    /// Close the list.
    case close

    /// Every command, the list commands first.
    public static var allCases: [OutlineCommand] {
        ListCommand.allCases.map(Self.list) + [.jump, .collapse, .expand, .close]
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .list(let command): command.name
        case .jump: "jump"
        case .collapse: "collapse"
        case .expand: "expand"
        case .close: "close"
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
    /// The outline's default keys.
    public static var standard: OutlineKeymap {
        OutlineKeymap(
            bindings: [
                KeyBinding(keys: [.enter], command: .jump, summary: "Go to the entry's page", hint: "jumps"),
                KeyBinding(
                    keys: [.left, .character("h")], command: .collapse, summary: "Fold",
                    details: "hide the entry's children, or select its parent", hint: "folds"),
                KeyBinding(
                    keys: [.right, .character("l")], command: .expand, summary: "Unfold",
                    details: "show the entry's children", hint: "unfolds"),
                KeyBinding(
                    keys: [.escape, .character("q"), .character("o")], command: .close, summary: "Close",
                    hint: "closes"),
            ] + ListCommand.bindings(OutlineCommand.list, item: "entry"))
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
                    details: "to its page; an external link's address is shown", hint: "follows"),
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
