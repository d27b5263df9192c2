/// The browser's key table.
public typealias BrowserKeymap = Keymap<BrowserCommand>

extension Keymap where Command == BrowserCommand {
    /// The browser's default keys, in the spirit of the reader's (vi and less) and of file
    /// managers such as nnn and ranger: Left goes up a folder, Right goes in.
    public static var standard: BrowserKeymap {
        BrowserKeymap(
            bindings: ListCommand.bindings(BrowserCommand.shared, item: "entry") + [
                BrowserKeyBinding(
                    keys: [.enter, .right, .character("l")], command: .own(.open), summary: "Open folder or document",
                    details: "an encrypted document asks for its password", hint: "open"),
                BrowserKeyBinding(
                    keys: [.backspace, .left, .character("h")], command: .own(.parent), summary: "Parent folder",
                    details: "with the folder you came from selected"),
                BrowserKeyBinding(
                    keys: [.character("/")], command: .own(.filter),
                    summary: "Filter names (" + FilterKeymap.standard.hints.joined(separator: ", ") + ")",
                    details: "the filter prompt (below) narrows the list as you type", hint: "filter"),
                BrowserKeyBinding(
                    keys: [.escape], command: .own(.clearFilter), summary: "Clear the filter kept",
                    details: "listing every entry again"),
                BrowserKeyBinding(
                    keys: [.character(".")], command: .own(.toggleHidden), summary: "Show or hide hidden entries"),
                BrowserKeyBinding(keys: [.character("?")], command: .own(.help), summary: "This help", hint: "help"),
                BrowserKeyBinding(keys: [.control("l")], command: .own(.redraw), summary: "Redraw the screen"),
                BrowserKeyBinding(keys: [.character("q")], command: .own(.quit), summary: "Quit", hint: "quit"),
            ])
    }
}

/// The filter prompt's key table. Printable characters type the filter, so the list keys
/// that are characters (`j`, `k`, Space, …) are left out of it.
public typealias FilterKeymap = Keymap<FilterCommand>

extension Keymap where Command == FilterCommand {
    /// The filter prompt's default keys.
    public static var standard: FilterKeymap {
        let listBindings = ListCommand.namedKeyBindings(FilterCommand.shared, item: "entry")
        return FilterKeymap(
            bindings: [
                KeyBinding(keys: [.enter], command: .own(.keep), summary: "Keep the filter", hint: "keeps"),
                KeyBinding(
                    keys: [.escape], command: .own(.clear), summary: "Clear the filter",
                    details: "showing every entry again",
                    hint: "clears"),
                KeyBinding(
                    keys: [.backspace], command: .own(.deleteBackward), summary: "Delete a character",
                    details: "with none left, close the prompt"),
            ] + listBindings)
    }
}

/// The password prompt's key table.
public typealias PasswordPromptKeymap = Keymap<PasswordPromptCommand>

extension Keymap where Command == PasswordPromptCommand {
    /// The password prompt's default keys.
    public static var standard: PasswordPromptKeymap {
        PasswordPromptKeymap(
            bindings: [
                KeyBinding(keys: [.enter], command: .own(.accept), summary: "Open with this password", hint: "open"),
                KeyBinding(
                    keys: [.escape], command: .own(.cancel), summary: "Cancel",
                    details: "back to the list (Ctrl-C too)",
                    hint: "cancel"),
                KeyBinding(keys: [.backspace], command: .own(.deleteBackward), summary: "Delete a character"),
            ]
                + LineEditCommand.bindings(PasswordPromptCommand.shared).filter { binding in
                    guard case .shared(let command) = binding.command else { return true }
                    return PasswordPromptAction.sharedCommands.contains(command)
                })
    }
}
