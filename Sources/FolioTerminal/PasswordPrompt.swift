import Glibc

/// Asks for a password on the controlling terminal with echo off (like ssh and sudo), before the
/// full-screen reader starts.
///
/// The line is read key by key (not by the terminal's line editing), so that Esc and Ctrl-C
/// cancel the prompt and the escape sequences of arrow and function keys are skipped rather
/// than taken as characters of the password.
public enum PasswordPrompt {
    /// How long the rest of an escape sequence may take to follow its Esc, in milliseconds: a
    /// lone Esc is a key, Esc followed at once by `[` or `O` is an arrow or function key.
    static let escapeSequenceWait: Int32 = 50

    /// Shows `prompt` and reads one line without echoing it; nil when the prompt is cancelled
    /// (Esc, Ctrl-C), on end of input, or without a terminal.
    public static func read(prompt: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var original = termios()
        guard tcgetattr(tty, &original) == 0 else { return nil }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        write(tty, prompt)
        tcsetattr(tty, TCSAFLUSH, &raw)
        defer { tcsetattr(tty, TCSAFLUSH, &original) }
        var line = PasswordLine()
        while let byte = readByte(tty) {
            if byte == 0x1B {
                guard followsAtOnce(tty) else { return finish(nil, on: tty) }
                skipSequence(tty)
                continue
            }
            switch line.take(byte) {
            case .typing: continue
            case .entered(let password): return finish(password, on: tty)
            case .cancelled: return finish(nil, on: tty)
            }
        }
        return finish(line.text.isEmpty ? nil : line.text, on: tty)
    }

    /// Ends the prompt's line (echo is off, so Enter moved nowhere) and gives `answer`.
    private static func finish(_ answer: String?, on tty: Int32) -> String? {
        write(tty, "\r\n")
        return answer
    }

    /// The next byte from the terminal; nil at end of input or on an error.
    private static func readByte(_ tty: Int32) -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(tty, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Whether another byte arrives within ``escapeSequenceWait`` of an Esc.
    private static func followsAtOnce(_ tty: Int32) -> Bool {
        var descriptor = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, escapeSequenceWait) == 1
    }

    /// Skips the rest of an escape sequence whose Esc was read: `[` (CSI) up to its final byte,
    /// `O` (SS3) and its one letter, or the one key typed with Alt.
    private static func skipSequence(_ tty: Int32) {
        guard let introducer = readByte(tty) else { return }
        switch introducer {
        case UInt8(ascii: "["):
            while let byte = readByte(tty), !(0x40...0x7E).contains(byte) {}
        case UInt8(ascii: "O"):
            _ = readByte(tty)
        default:
            break
        }
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(descriptor, &bytes, bytes.count)
    }
}

/// The password typed so far, edited by the keys the terminal's own line editing would take:
/// Backspace, Ctrl-U, Enter; Ctrl-C cancels, Ctrl-D on an empty line ends the input.
struct PasswordLine {
    /// What a byte did to the line.
    enum Outcome: Equatable {
        /// The line goes on.
        case typing
        /// Enter: the password is complete.
        case entered(String)
        /// Ctrl-C, or Ctrl-D on an empty line: no password.
        case cancelled
    }

    private var bytes: [UInt8] = []

    /// The line typed so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Takes one byte typed (never an Esc: escape sequences are the prompt's to skip).
    mutating func take(_ byte: UInt8) -> Outcome {
        switch byte {
        case 0x0A, 0x0D: return .entered(text)
        case 0x03: return .cancelled
        case 0x04: return bytes.isEmpty ? .cancelled : .typing
        case 0x7F, 0x08:
            // One character back: drop UTF-8 continuation bytes with their lead byte.
            while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
        case 0x15: bytes.removeAll()
        case ..<0x20: break
        default: bytes.append(byte)
        }
        return .typing
    }
}
