/// The commands a mode has of its own, beside a set it shares with other modes: the outline's
/// `jump` beside the list commands, the search prompt's `accept` beside the editing commands.
///
/// Each case spells its stable name out as its `String` raw value, and `allCases` is
/// synthesised; ``ModeCommand`` puts the shared commands in front.
public protocol ModeActions: RawRepresentable<String>, CaseIterable, Sendable, Hashable {
    /// The set of commands the mode shares (``ListCommand``, ``LineEditCommand``).
    associatedtype Shared: KeyCommand & RawRepresentable<String>

    /// The shared commands the mode takes, in the order help lists them: all of them, unless
    /// the mode leaves some out.
    static var sharedCommands: [Shared] { get }
}

extension ModeActions {
    /// Every shared command.
    public static var sharedCommands: [Shared] { Array(Shared.allCases) }
}

/// A command of a mode that shares a set of commands with other modes: one of the shared ones,
/// or one of its own (``ModeActions``). Its name is the wrapped command's name.
public enum ModeCommand<Actions: ModeActions>: KeyCommand {
    /// One of the commands the mode shares (moving through a list, editing a line).
    case shared(Actions.Shared)
    /// One of the mode's own commands.
    case own(Actions)

    /// The shared commands, then the mode's own.
    public static var allCases: [Self] {
        Actions.sharedCommands.map(Self.shared) + Actions.allCases.map(Self.own)
    }

    /// The wrapped command's stable name.
    public var name: String {
        switch self {
        case .shared(let command): command.rawValue
        case .own(let command): command.rawValue
        }
    }
}
