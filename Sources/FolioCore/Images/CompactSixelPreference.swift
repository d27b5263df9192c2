/// Whether grey pages go out as compact sixel, with fewer grey levels (`--compact-sixel`): a
/// text page then takes about half the bytes, which matters over a slow link.
public enum CompactSixelPreference: String, Sendable, CaseIterable {
    /// Compact over ssh (`SSH_CONNECTION` is set), exact otherwise.
    case auto
    /// Always compact.
    case on
    /// Always exact.
    case off

    /// Whether to be compact in a process with `environment`.
    public func isCompact(environment: [String: String]) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .auto: !(environment["SSH_CONNECTION"] ?? "").isEmpty
        }
    }
}
