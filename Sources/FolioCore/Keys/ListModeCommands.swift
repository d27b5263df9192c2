/// What the outline list does with a key, beside moving the selection (``ListCommand``).
public enum OutlineAction: String, ModeActions {
    public typealias Shared = ListCommand
    /// Go to the selected entry's page, closing the list.
    case jump = "jump"
    /// Hide the selected entry's children, or select its parent when they are hidden.
    case collapse = "collapse"
    /// Show the selected entry's children.
    case expand = "expand"
    /// Close the list (clearing the filter first, when there is one).
    case close = "close"
    /// Delete the filter's last character.
    case deleteBackward = "delete-backward"
}

/// Something the outline list does with a key.
public typealias OutlineCommand = ModeCommand<OutlineAction>

/// What the link list does with a key, beside moving the selection. Digits are not commands:
/// they type a link's number.
public enum LinkListAction: String, ModeActions {
    public typealias Shared = ListCommand
    /// Follow the selected link.
    case follow = "follow"
    /// Copy the selected link's address.
    case copyAddress = "copy-address"
    /// Close the list.
    case close = "close"
}

/// Something the link list does with a key.
public typealias LinkListCommand = ModeCommand<LinkListAction>

/// What line selection (`V`) does with a key, beside moving its cursor (which extends or
/// shrinks the selection).
public enum SelectionAction: String, ModeActions {
    public typealias Shared = ListCommand
    /// Copy the selected lines, ending the selection.
    case copy = "copy"
    /// End the selection without copying.
    case cancel = "cancel"
}

/// Something line selection does with a key.
public typealias SelectionCommand = ModeCommand<SelectionAction>

/// The outline list's key table.
public typealias OutlineKeymap = Keymap<OutlineCommand>

extension Keymap where Command == OutlineCommand {
    /// The outline's default keys. Printable characters type the filter, so only named keys
    /// are bound.
    public static var standard: OutlineKeymap {
        let listBindings = ListCommand.namedKeyBindings(OutlineCommand.shared, item: "entry")
        return OutlineKeymap(
            bindings: [
                KeyBinding(keys: [.enter], command: .own(.jump), summary: "Go to the entry's page", hint: "jumps"),
                KeyBinding(
                    keys: [.left], command: .own(.collapse), summary: "Fold",
                    details: "hide the entry's children, or select its parent", hint: "folds"),
                KeyBinding(
                    keys: [.right], command: .own(.expand), summary: "Unfold", details: "show the entry's children",
                    hint: "unfolds"),
                KeyBinding(
                    keys: [.backspace], command: .own(.deleteBackward), summary: "Delete a filter character"),
                KeyBinding(
                    keys: [.escape], command: .own(.close), summary: "Close",
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
                    keys: [.enter], command: .own(.follow), summary: "Follow the link",
                    details:
                        "to its page, at the line it points to; an external link's address is copied (OSC 52), never opened",
                    hint: "follows"),
                KeyBinding(
                    keys: [.character("y")], command: .own(.copyAddress), summary: "Copy the link's address",
                    hint: "copies the address"),
                KeyBinding(
                    keys: [.escape, .character("q"), .character("f")], command: .own(.close), summary: "Close",
                    hint: "closes"),
            ] + ListCommand.bindings(LinkListCommand.shared, item: "link"))
    }
}

/// Line selection's key table.
public typealias SelectionKeymap = Keymap<SelectionCommand>

extension Keymap where Command == SelectionCommand {
    /// Line selection's default keys.
    public static var standard: SelectionKeymap {
        SelectionKeymap(
            bindings: ListCommand.bindings(SelectionCommand.shared, item: "line") + [
                KeyBinding(
                    keys: [.character("y"), .enter], command: .own(.copy), summary: "Copy the lines", hint: "copies"),
                KeyBinding(
                    keys: [.escape, .character("V"), .character("q")], command: .own(.cancel), summary: "Cancel",
                    hint: "cancels"),
            ])
    }
}
