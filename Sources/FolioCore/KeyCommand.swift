/// A command a key table can bind, named by a stable identifier.
///
/// The name is what a configuration file will use (`map J next-page`), so it never changes
/// when the Swift case is renamed: each command spells its name out. Names are kebab-case and
/// unique within a mode.
public protocol KeyCommand: Sendable, Hashable, CaseIterable {
    /// The command's stable kebab-case name, such as `next-page` or `screen-down`.
    var name: String { get }
}

extension KeyCommand {
    /// The command called `name`, or nil when no command of this mode has that name.
    public init?(name: String) {
        guard let command = Self.allCases.first(where: { $0.name == name }) else {
            return nil
        }
        self = command
    }
}
