/// One kitty graphics command parsed back out of a stream: its keys and its payload.
public struct KittyCommand: Equatable, Sendable {
    public var keys: [String: String]
    public var payload: [UInt8]

    /// A command with `keys` and `payload`.
    public init(keys: [String: String], payload: [UInt8]) {
        self.keys = keys
        self.payload = payload
    }

    /// Every `ESC _ G keys ; payload ESC \` in `bytes`, in order; nil when anything else is
    /// between them or a command is not closed.
    public static func all(in bytes: [UInt8]) -> [KittyCommand]? {
        var commands: [KittyCommand] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index...].starts(with: [0x1B, 0x5F, 0x47]) else { return nil }
            var end = index + 3
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == 0x5C) {
                end += 1
            }
            guard end + 1 < bytes.count else { return nil }
            let body = bytes[(index + 3)..<end]
            let semicolon = body.firstIndex(of: UInt8(ascii: ";")) ?? end
            var keys: [String: String] = [:]
            for pair in String(decoding: body[..<semicolon], as: UTF8.self).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                keys[String(parts[0])] = String(parts[1])
            }
            let payload = semicolon < end ? Array(body[(semicolon + 1)...]) : []
            commands.append(KittyCommand(keys: keys, payload: payload))
            index = end + 2
        }
        return commands
    }
}
