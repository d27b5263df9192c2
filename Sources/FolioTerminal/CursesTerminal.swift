internal import CNcursesw
public import FolioCore
import Glibc

/// Why the full-screen terminal could not be started.
public struct TerminalError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The curses backend: enters the alternate screen, blits ``Frame``s, reads keys and signals, and
/// restores the terminal exactly on ``stop()``. The only type in Folio that calls ncurses.
public final class CursesTerminal: TerminalBackend {
    private var screen: OpaquePointer?
    private let wakePipe = WakePipe()
    /// Inputs read while looking past an Escape, still to be handed out.
    private var pendingInputs: [KeyDecoder.Input] = []
    private var isStopped = false
    private var repaintPending = false

    /// Starts curses on the controlling terminal (stdin and stdout must both be terminals), with
    /// the terminating signals, SIGWINCH and SIGTSTP handed to ``waitForEvents(readingKeys:)``.
    /// Should Folio crash, the crash guard restores the terminal and then prints `crashReport`.
    public init(crashReport: String = "") throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(description: "the reader needs a terminal (use --text to print a document)")
        }
        setlocale(LC_ALL, "")
        var shellModes = termios()
        tcgetattr(STDIN_FILENO, &shellModes)
        guard let screen = folio_newterm() else {
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw TerminalError(description: "cannot use terminal type '\(term)'")
        }
        self.screen = screen
        set_term(screen)
        cbreak()
        noecho()
        nonl()
        keypad(folio_stdscr(), true)
        Self.defineCommonKeySequences()
        intrflush(folio_stdscr(), false)
        set_escdelay(25)
        curs_set(0)
        Self.disableFlowControl()
        if has_colors() {
            start_color()
            use_default_colors()
            init_pair(Self.highlightPair, Int16(COLOR_BLACK), Int16(COLOR_YELLOW))
            init_pair(Self.errorPair, Int16(COLOR_RED), -1)
        }
        CrashGuard.install(shellModes: shellModes, restoring: Self.restoreSequence(), report: Array(crashReport.utf8))
        SignalRelay.install()
    }

    deinit {
        stop()
    }

    /// The current size in cells.
    public var size: ScreenSize {
        ScreenSize(rows: Int(folio_lines()), columns: Int(folio_columns()))
    }

    /// Draws `frame`; ncurses sends only what changed since the last frame.
    ///
    /// - Returns: whether the whole screen was repainted (so anything written over it, such as
    ///   an image, must be written again).
    @discardableResult
    public func draw(_ frame: Frame) -> Bool {
        let repainted = repaintPending
        repaintPending = false
        werase(folio_stdscr())
        for (row, spans) in frame.rows.enumerated() {
            var column = 0
            for span in spans where !span.text.isEmpty {
                let characters = span.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                let (attributes, pair) = Self.attributes(for: span.style)
                _ = folio_put_text(Int32(row), Int32(column), characters, Int32(characters.count), attributes, pair)
                column += DisplayWidth.of(span.text)
            }
        }
        if let cursor = frame.cursor {
            wmove(folio_stdscr(), Int32(cursor.row), Int32(cursor.column))
            curs_set(1)
        } else {
            curs_set(0)
        }
        wrefresh(folio_stdscr())
        return repainted
    }

    /// Makes the next ``draw(_:)`` repaint the whole screen (Ctrl-L, or after something else wrote
    /// to the terminal).
    public func repaintFully() {
        clearok(folio_stdscr(), true)
        repaintPending = true
    }

    /// Adopts the terminal's new size after SIGWINCH and returns it.
    private func adoptWindowSize() -> ScreenSize {
        let cells = TerminalProbe.windowGeometry(of: STDOUT_FILENO).cells
        if cells.rows > 0, cells.columns > 0 {
            resize_term(Int32(cells.rows), Int32(cells.columns))
        }
        repaintFully()
        return size
    }

    /// Leaves full-screen mode, stops the process (Ctrl-Z), and on `fg` returns with full-screen
    /// mode ready to be redrawn.
    public func suspend() {
        curs_set(1)
        endwin()
        SignalRelay.stopProcess()
        // Back from `fg`: the shell has put its own modes back. Restore the ones saved at start
        // (cbreak, no echo, no flow control) before the next refresh repaints everything.
        reset_prog_mode()
        // endwin switched the keypad to cursor mode (rmkx); switch it back or arrows arrive as
        // bare escape sequences.
        keypad(folio_stdscr(), true)
        // A resize while stopped sent SIGWINCH to the shell, not here.
        _ = adoptWindowSize()
    }

    /// Leaves full-screen mode while `body` talks to the user on the plain terminal (a password
    /// prompt), then comes back.
    public func withScreenSuspended<Result>(_ body: () -> Result) -> Result {
        curs_set(1)
        endwin()
        let result = body()
        reset_prog_mode()
        keypad(folio_stdscr(), true)
        repaintFully()
        return result
    }

    /// Waits in `poll` for input (when `readingKeys`), the wake-up pipe or a signal.
    public func waitForEvents(readingKeys: Bool) -> [TerminalEvent] {
        var descriptors = [
            pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalRelay.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if readingKeys {
            descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0))
        }
        guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { return [] }
        if descriptors[0].revents != 0 {
            wakePipe.drain()
        }
        guard descriptors[1].revents != 0 else { return [] }
        return SignalRelay.received().map { signal in
            switch signal {
            case SignalRelay.resize: .resize(adoptWindowSize())
            case SignalRelay.suspend: .suspendRequested
            default: .terminate(signal: signal)
            }
        }
    }

    /// Writes a byte to the wake-up pipe ``waitForEvents(readingKeys:)`` polls.
    public var wakeUp: @Sendable () -> Void {
        { [wakePipe] in wakePipe.wake() }
    }

    /// Reads one pending input without waiting; nil when there is none.
    ///
    /// An escape sequence that no terminfo entry (nor ``KeyDecoder/commonSequences``) matches
    /// is dropped whole: it never decays into Escape and a run of keys that would act.
    public func readInput() -> TerminalEvent? {
        nodelay(folio_stdscr(), true)
        while let input = pendingInputs.isEmpty ? readRawInput() : pendingInputs.removeFirst() {
            if input == .keyCode(KeyDecoder.Code.resize) {
                return .resize(adoptWindowSize())
            }
            if input == .character(0x1B), pendingInputs.isEmpty, !readEscapeSequence() {
                continue
            }
            if let key = KeyDecoder.decode(input) {
                return .key(key)
            }
        }
        return nil
    }

    /// Reads what arrived together with an Escape. Returns false when it was an unrecognised
    /// sequence (now consumed); true when the Escape is a key of its own, the characters after
    /// it kept for the next reads.
    private func readEscapeSequence() -> Bool {
        var following: [UInt32] = []
        defer { nodelay(folio_stdscr(), true) }
        while following.count < Self.longestEscapeSequence {
            switch KeyDecoder.classify(afterEscape: following) {
            case .unrecognisedSequence:
                return false
            case .escapeKey where !following.isEmpty:
                pendingInputs = following.map { .character($0) }
                return true
            case .escapeKey, .incomplete:
                // ncurses waited for the first character after Escape already; the rest of a
                // sequence may come in a later read, so wait for it a moment.
                wtimeout(folio_stdscr(), following.isEmpty ? 0 : Self.escapeSequenceDelay)
                guard let next = readRawInput() else {
                    // Nothing more came: an Escape alone, or a sequence cut short (dropped).
                    if following.isEmpty { return true }
                    return KeyDecoder.classify(afterEscape: following) == .escapeKey
                }
                guard case .character(let character) = next else {
                    // A recognised key right after Escape (Escape, then an arrow).
                    pendingInputs = following.map { .character($0) } + [next]
                    return true
                }
                following.append(character)
            }
        }
        // Longer than any sequence a key sends: a runaway string, dropped.
        return false
    }

    /// One input as `wget_wch` reads it, or nil when none is waiting.
    private func readRawInput() -> KeyDecoder.Input? {
        var value: wint_t = 0
        let status = wget_wch(folio_stdscr(), &value)
        if status == folio_err() {
            return nil
        }
        return status == KEY_CODE_YES ? .keyCode(Int32(bitPattern: value)) : .character(value)
    }

    /// Saves the cursor, writes each piece after moving the cursor to its cell, and puts the
    /// cursor back, all in one write.
    @discardableResult
    public func writeImage(_ pieces: [ImagePiece]) -> Int {
        var bytes = Array("\u{1B}7".utf8)
        for piece in pieces {
            bytes += Array("\u{1B}[\(piece.position.row + 1);\(piece.position.column + 1)H".utf8) + piece.bytes
        }
        bytes += Array("\u{1B}8".utf8)
        write(bytes)
        return bytes.count
    }

    /// Writes `bytes` straight to the terminal, between frames.
    public func writeControl(_ bytes: [UInt8]) {
        write(bytes)
    }

    private func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Leaves curses: the alternate screen is left and the terminal modes are restored.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        curs_set(1)
        endwin()
        if let screen {
            delscreen(screen)
            self.screen = nil
        }
        CrashGuard.uninstall()
    }

    // MARK: Helpers

    /// How long to wait for the rest of an escape sequence, in milliseconds (as ESCDELAY).
    private static let escapeSequenceDelay: Int32 = 25
    /// The most characters read after an Escape before giving up on the sequence.
    private static let longestEscapeSequence = 4096

    private static let highlightPair: Int16 = 1
    private static let errorPair: Int16 = 2

    private static func attributes(for style: CellStyle) -> (attr_t, Int16) {
        switch style {
        case .normal: (folio_attr_normal(), 0)
        case .bold: (folio_attr_bold(), 0)
        case .reverse: (folio_attr_reverse(), 0)
        case .dim: (folio_attr_dim(), 0)
        case .highlight: (has_colors() ? folio_attr_normal() : folio_attr_reverse(), has_colors() ? highlightPair : 0)
        case .hint: (folio_attr_reverse() | folio_attr_bold(), 0)
        case .currentMatch:
            (
                has_colors() ? folio_attr_reverse() | folio_attr_bold() : folio_attr_bold() | folio_attr_underline(),
                has_colors() ? highlightPair : 0
            )
        case .error: (folio_attr_bold(), has_colors() ? errorPair : 0)
        }
    }

    /// Teaches ncurses the sequences of ``KeyDecoder/commonSequences`` that TERM's entry does not
    /// list, so Home, End and the others work whatever TERM says. A sequence terminfo already
    /// binds (or one that would clash with a binding) is left alone.
    private static func defineCommonKeySequences() {
        for (sequence, code) in KeyDecoder.commonSequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    /// Ctrl-S/Ctrl-Q flow control would freeze the screen on a stray Ctrl-S; cbreak keeps it on.
    private static func disableFlowControl() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        modes.c_iflag &= ~tcflag_t(IXON)
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        def_prog_mode()
    }

    /// The escape sequences that undo full-screen mode, read from terminfo, for the crash guard.
    private static func restoreSequence() -> [UInt8] {
        var bytes: [UInt8] = []
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            guard let value = tigetstr(capability), Int(bitPattern: value) != -1 else { continue }
            bytes += Array(String(cString: value).utf8)
        }
        return bytes
    }
}
