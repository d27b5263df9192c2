/// A key press, as the terminal backend decodes it.
public enum Key: Sendable, Hashable {
    /// A printable character, including space. Shifted letters arrive as capitals (`G`).
    case character(Unicode.Scalar)
    /// The Up arrow.
    case up
    /// The Down arrow.
    case down
    /// The Left arrow.
    case left
    /// The Right arrow.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Enter or Return.
    case enter
    /// Escape.
    case escape
    /// Backspace.
    case backspace
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Delete (forward delete).
    case delete
    /// Insert.
    case insert
    /// A function key: `.function(1)` is F1.
    case function(Int)
    /// A control chord, named by its lowercase letter: Ctrl-D is `.control("d")`.
    case control(Unicode.Scalar)

    /// The key's name as the help screen shows it: "Right", "l", "Ctrl-D", "PageDown", "Space".
    public var displayName: String {
        switch self {
        case .character(" "): "Space"
        case .character(let scalar): String(Character(scalar))
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .delete: "Delete"
        case .insert: "Insert"
        case .function(let number): "F\(number)"
        case .control(let scalar): "Ctrl-" + String(Character(scalar)).uppercased()
        }
    }

    /// Whether the key types a character (which a prompt takes as text).
    var isCharacter: Bool {
        if case .character = self {
            return true
        }
        return false
    }

    /// The decimal digit this key types, or nil when it is not a digit key.
    var digitValue: Int? {
        guard case .character(let scalar) = self, ("0"..."9").contains(scalar) else {
            return nil
        }
        return Int(scalar.value - Unicode.Scalar("0").value)
    }
}
