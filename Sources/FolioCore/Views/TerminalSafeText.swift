/// Makes untrusted text safe to send to a terminal.
///
/// Text from a document (page text, titles, file names) can contain control characters. Sent
/// as is, ESC, CSI (U+009B), OSC (U+009D) or DCS (U+0090) start escape sequences that can
/// retitle the window, rewrite the screen or worse. Replacing every control character with
/// U+FFFD keeps the text's length in cells while defusing all of them. The bytes of a file name
/// that are not UTF-8 (see ``FileSystemName``) show as U+FFFD too.
public enum TerminalSafeText {
    /// The character shown in place of a control character.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// `string` with every C0 control (U+0000–U+001F) not in `allowed`, DEL (U+007F), every
    /// C1 control (U+0080–U+009F) and every byte escaped by ``FileSystemName`` (U+F780–U+F7FF,
    /// private-use characters no terminal has a glyph for) replaced by U+FFFD.
    ///
    /// Only C0 controls can be allowed: DEL and C1 controls are always replaced. Command-line
    /// text output passes `["\n", "\t", "\u{0C}"]`; the full-screen reader allows nothing.
    public static func sanitized(_ string: String, keeping allowed: Set<Unicode.Scalar> = []) -> String {
        guard string.unicodeScalars.contains(where: { isUnsafe($0, allowed: allowed) }) else {
            return string
        }
        var result = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            result.append(isUnsafe(scalar, allowed: allowed) ? replacement : scalar)
        }
        return String(result)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar, allowed: Set<Unicode.Scalar>) -> Bool {
        switch scalar.value {
        case 0x00...0x1F:
            return !allowed.contains(scalar)
        case 0x7F...0x9F, 0xF780...0xF7FF:
            return true
        default:
            return false
        }
    }
}
