import Glibc

/// Asks for a password on the controlling terminal with echo off (like ssh and sudo), before the
/// full-screen reader starts.
public enum PasswordPrompt {
    /// Shows `prompt` and reads one line without echoing it; nil on end of input or without a terminal.
    public static func read(prompt: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var original = termios()
        guard tcgetattr(tty, &original) == 0 else { return nil }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        write(tty, prompt)
        tcsetattr(tty, TCSAFLUSH, &silent)
        defer { tcsetattr(tty, TCSAFLUSH, &original) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(tty, &byte, 1) == 1 {
            if byte == 0x0A || byte == 0x0D {
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(descriptor, &bytes, bytes.count)
    }
}
