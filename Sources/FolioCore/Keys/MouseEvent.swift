/// A mouse report from the terminal (SGR 1006): a button pressed or released, or the wheel
/// turned, at a cell.
public struct MouseEvent: Sendable, Hashable {
    /// What the mouse did.
    public enum Action: Sendable, Hashable {
        /// The left button was pressed; `clicks` is 2 for a double click.
        case click(clicks: Int)
        /// The middle or right button was pressed (Folio gives them no meaning yet).
        case otherButton
        /// The wheel turned away from the user: scroll up.
        case wheelUp
        /// The wheel turned towards the user: scroll down.
        case wheelDown
        /// The wheel tilted (or a touchpad swiped) left, or Shift held as the wheel turned away
        /// from the user: scroll left.
        case wheelLeft
        /// The wheel tilted (or a touchpad swiped) right, or Shift held as the wheel turned
        /// towards the user: scroll right.
        case wheelRight
    }

    /// What the mouse did.
    public var action: Action
    /// The 0-based row of the cell.
    public var row: Int
    /// The 0-based column of the cell.
    public var column: Int
    /// Whether Control was held (a Ctrl-click asks SyncTeX for the source of the spot).
    public var withControl: Bool

    /// A report of `action` at (`row`, `column`), 0-based, Control held when `withControl`.
    public init(action: Action, row: Int, column: Int, withControl: Bool = false) {
        self.action = action
        self.row = row
        self.column = column
        self.withControl = withControl
    }
}
