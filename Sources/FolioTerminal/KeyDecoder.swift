public import FolioCore

/// Turns what ncurses' `wget_wch` reports into a ``Key``. Pure, so it is tested without a terminal.
public enum KeyDecoder {
    /// What `wget_wch` returned: a character, or a key code (when it returns `KEY_CODE_YES`).
    public enum Input: Sendable, Equatable {
        case character(UInt32)
        case keyCode(Int32)
    }

    /// ncurses key codes (`KEY_*` in curses.h), named here so the table below reads plainly.
    public enum Code {
        public static let down: Int32 = 0o402
        public static let up: Int32 = 0o403
        public static let left: Int32 = 0o404
        public static let right: Int32 = 0o405
        public static let home: Int32 = 0o406
        public static let backspace: Int32 = 0o407
        public static let function0: Int32 = 0o410
        public static let delete: Int32 = 0o512
        public static let insert: Int32 = 0o513
        public static let pageDown: Int32 = 0o522
        public static let pageUp: Int32 = 0o523
        public static let enter: Int32 = 0o527
        public static let backTab: Int32 = 0o541
        public static let end: Int32 = 0o550
        public static let resize: Int32 = 0o632
    }

    /// The sequences terminals send for the special keys, in every common variant, with the key
    /// code each stands for. Terminfo lists one sequence per key, and only for the terminal that
    /// TERM names; when TERM says something else (xterm-256color inside tmux, which sends
    /// `ESC [ 1 ~` for Home where xterm's entry says `ESC O H`; vt100, which lists no Home at
    /// all), the others are taught to ncurses (`define_key`), so the key works anyway.
    public static let commonSequences: [(sequence: String, code: Int32)] = {
        var sequences: [(String, Int32)] = []
        // Cursor keys in normal (CSI) and application (SS3) mode.
        for (final, code) in [("A", Code.up), ("B", Code.down), ("C", Code.right), ("D", Code.left)] {
            sequences += [("\u{1B}[" + final, code), ("\u{1B}O" + final, code)]
        }
        // Home and End: VT220 and tmux/screen/linux (1~ 4~), rxvt (7~ 8~), xterm (H F, CSI or SS3).
        sequences += ["\u{1B}[1~", "\u{1B}[7~", "\u{1B}[H", "\u{1B}OH"].map { ($0, Code.home) }
        sequences += ["\u{1B}[4~", "\u{1B}[8~", "\u{1B}[F", "\u{1B}OF"].map { ($0, Code.end) }
        sequences += [
            ("\u{1B}[2~", Code.insert), ("\u{1B}[3~", Code.delete), ("\u{1B}[5~", Code.pageUp),
            ("\u{1B}[6~", Code.pageDown), ("\u{1B}[Z", Code.backTab),
        ]
        // F1–F4: SS3 P–S (xterm, vt100), CSI 11~–14~ (rxvt, older xterm), the Linux console's
        // CSI [ A–E (F1–F5); F5–F12 as VT220 numbers them.
        for (index, final) in ["P", "Q", "R", "S"].enumerated() {
            sequences.append(("\u{1B}O" + final, Code.function0 + Int32(index + 1)))
        }
        for (index, number) in [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].enumerated() {
            sequences.append(("\u{1B}[\(number)~", Code.function0 + Int32(index + 1)))
        }
        for (index, final) in ["A", "B", "C", "D", "E"].enumerated() {
            sequences.append(("\u{1B}[[" + final, Code.function0 + Int32(index + 1)))
        }
        return sequences
    }()

    /// What the characters that arrived together with an Escape make of it.
    public enum AfterEscape: Sendable, Equatable {
        /// More characters are needed to tell.
        case incomplete
        /// An escape sequence no entry matched (an unknown key, a late reply from the terminal,
        /// a mouse report): all of it, Escape included, is dropped rather than typed as keys.
        case unrecognisedSequence
        /// Escape as a key of its own; the characters that followed are keys too.
        case escapeKey
        /// A mouse report (SGR 1006: `ESC [ < button ; column ; row M` or `m`).
        case mouse(MouseReport)
        /// The start of pasted text (`ESC [ 200 ~`); it ends with `ESC [ 201 ~`.
        case pasteStart
    }

    /// A mouse report as the terminal sends it: the button code (low bits the button, 4 Shift,
    /// 8 Meta, 16 Control, 32 motion, 64 the wheel), the 1-based cell, and whether it is a press.
    public struct MouseReport: Sendable, Equatable {
        public var button: Int
        public var column: Int
        public var row: Int
        public var isPress: Bool

        /// A report of `button` at the 1-based cell (`column`, `row`), pressed or released.
        public init(button: Int, column: Int, row: Int, isPress: Bool) {
            self.button = button
            self.column = column
            self.row = row
            self.isPress = isPress
        }

        /// The event a press or wheel turn means, with `clicks` counted by the caller; nil for
        /// releases and motion, which Folio ignores. Buttons 66 and 67 are the wheel tilted (or
        /// a touchpad swiped) left and right; the wheel turned with Shift held scrolls sideways
        /// too, as in GUI programs (for the terminals that pass Shift with the wheel on).
        public func event(clicks: Int) -> MouseEvent? {
            guard isPress, button & 32 == 0 else { return nil }
            let shifted = button & 4 != 0
            let action: MouseEvent.Action
            switch button & ~(4 | 8 | 16) {
            case 0: action = .click(clicks: clicks)
            case 1, 2: action = .otherButton
            case 64: action = shifted ? .wheelLeft : .wheelUp
            case 65: action = shifted ? .wheelRight : .wheelDown
            case 66: action = .wheelLeft
            case 67: action = .wheelRight
            default: return nil
            }
            return MouseEvent(action: action, row: row - 1, column: column - 1, withControl: button & 16 != 0)
        }
    }

    /// The sequence that ends pasted text.
    public static let pasteEnd: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// Decides what Escape followed by `following` (the characters that arrived with it, no
    /// key codes) is: a CSI sequence (`ESC [` … a final byte), an SS3 one (`ESC O` and one
    /// character), a string the terminal sends (OSC `ESC ]`, DCS `ESC P`, APC `ESC _`, up to
    /// BEL or `ESC \`), or none of those.
    public static func classify(afterEscape following: [UInt32]) -> AfterEscape {
        guard let introducer = following.first else { return .escapeKey }
        let rest = following.dropFirst()
        switch introducer {
        case 0x5B:  // CSI: parameters and intermediates, then a final byte.
            // An X10 mouse report (`ESC [ M` and three bytes), from a terminal that ignores the
            // request for SGR reports: dropped whole, its bytes never keys.
            if rest.first == 0x4D {
                return rest.count >= 4 ? .unrecognisedSequence : .incomplete
            }
            if let last = rest.last, (0x40...0x7E).contains(last),
                rest.dropLast().allSatisfy({ (0x20...0x3F).contains($0) })
            {
                if let report = mouseReport(Array(rest)) {
                    return .mouse(report)
                }
                return Array(rest) == [0x32, 0x30, 0x30, 0x7E] ? .pasteStart : .unrecognisedSequence
            }
            return rest.allSatisfy { (0x20...0x3F).contains($0) } ? .incomplete : .escapeKey
        case 0x4F:  // SS3: one character.
            guard let final = rest.first else { return .incomplete }
            return rest.count == 1 && (0x40...0x7E).contains(final) ? .unrecognisedSequence : .escapeKey
        case 0x5D, 0x50, 0x5F:  // OSC, DCS, APC: a string up to BEL or ST.
            if rest.last == 0x07 || rest.suffix(2).elementsEqual([0x1B, 0x5C]) {
                return .unrecognisedSequence
            }
            return .incomplete
        default:
            return .escapeKey
        }
    }

    /// The SGR mouse report in the CSI sequence whose parameters and final byte are `body`.
    private static func mouseReport(_ body: [UInt32]) -> MouseReport? {
        guard body.first == 0x3C, let final = body.last, final == 0x4D || final == 0x6D else { return nil }
        let text = String(decoding: body.dropFirst().dropLast().map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        // A cell no terminal has (beyond a window size's 16 bits) is no report: dropped here, so
        // no row or column near Int.max reaches the reader's arithmetic.
        let cells = 1...ScreenSize.largestSide
        guard numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2],
            cells.contains(column), cells.contains(row)
        else { return nil }
        return MouseReport(button: button, column: column, row: row, isPress: final == 0x4D)
    }

    /// The key, or nil for inputs Folio ignores (unknown key codes, resize — which the event loop
    /// handles itself).
    public static func decode(_ input: Input) -> Key? {
        switch input {
        case .keyCode(let code):
            return keyCode(code)
        case .character(let value):
            switch value {
            case 0x1B: return .escape
            case 0x0D, 0x0A: return .enter
            case 0x7F, 0x08: return .backspace
            case 0x09: return .tab
            case 0x01...0x1A:
                return .control(Unicode.Scalar(UInt8(value) + 0x60))
            case 0x00, 0x1C...0x1F, 0x80...0x9F:
                return nil
            default:
                return Unicode.Scalar(value).map { .character($0) }
            }
        }
    }

    private static func keyCode(_ code: Int32) -> Key? {
        switch code {
        case Code.down: .down
        case Code.up: .up
        case Code.left: .left
        case Code.right: .right
        case Code.home: .home
        case Code.end: .end
        case Code.backspace: .backspace
        case Code.delete: .delete
        case Code.insert: .insert
        case Code.pageDown: .pageDown
        case Code.pageUp: .pageUp
        case Code.enter: .enter
        case Code.backTab: .backTab
        case (Code.function0 + 1)...(Code.function0 + 63): .function(Int(code - Code.function0))
        default: nil
        }
    }
}
