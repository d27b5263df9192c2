/// tmux's passthrough (`ESC P tmux ; … ESC \`, every Escape inside doubled), which hands a
/// sequence to the terminal outside tmux when the pane has `allow-passthrough on`.
public enum TmuxPassthrough {
    /// `bytes` wrapped for the terminal outside tmux.
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        output.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            output.append(byte)
            if byte == 0x1B {
                output.append(0x1B)
            }
        }
        return output + [0x1B, UInt8(ascii: "\\")]
    }

    /// Each sequence in `bytes` (each ending in `ESC \`, as kitty graphics commands do) wrapped
    /// on its own: tmux drops a passthrough string longer than its input buffer (1 MiB), and a
    /// page sent in one would be.
    public static func wrapEachCommand(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "\\") {
                output += wrap(Array(bytes[start...(index + 1)]))
                start = index + 2
                index += 2
            } else {
                index += 1
            }
        }
        if start < bytes.count {
            output += wrap(Array(bytes[start...]))
        }
        return output
    }
}
