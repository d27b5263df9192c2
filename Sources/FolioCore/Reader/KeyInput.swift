/// What has been typed towards the next command: a count (`12` before `G`) and the start of a
/// key sequence (`g` of a mapped `gg`).
struct KeyInput: Sendable, Equatable {
    /// The count typed so far, if any.
    var count: Int?
    /// The keys of a sequence typed so far, waiting for the next key.
    var keys: [Key] = []

    /// Forgets what was typed.
    mutating func clear() {
        count = nil
        keys = []
    }
}
