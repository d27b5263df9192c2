/// Something a configuration file names by a stable identifier: a command, a mode.
///
/// The name never changes when the Swift case is renamed: each case spells its name out, as
/// its `String` raw value (`case nextPage = "next-page"`); a mode's command that wraps a shared
/// set of commands (``ModeCommand``) takes the wrapped command's. Names are kebab-case and
/// unique among their type's cases.
public protocol StablyNamed: CaseIterable {
    /// The stable kebab-case name, such as `next-page` or `outline`.
    var name: String { get }
}

extension StablyNamed {
    /// The case called `name`, or nil when there is none.
    public init?(name: String) {
        guard let named = Self.allCases.first(where: { $0.name == name }) else {
            return nil
        }
        self = named
    }
}

extension StablyNamed where Self: RawRepresentable<String> {
    /// The stable name: the case's raw value.
    public var name: String { rawValue }
}

/// A command a key table can bind (`map J next-page`), named within its mode.
public protocol KeyCommand: StablyNamed, Sendable, Hashable {}
