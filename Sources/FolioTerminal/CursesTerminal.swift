internal import CNcursesw
public import FolioCore
import FolioGraphics
import FolioSystem
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
    /// Whether the terminal has an alternate screen (terminfo's `smcup`: not the Linux console,
    /// nor a vt100). Without one Folio draws on the shell's own screen, so it clears what it
    /// drew on leaving, or the shell's prompt would be drawn over the status line.
    private var hasAlternateScreen = true
    /// The colour pair and attributes each style is drawn with (an annotation's style is added
    /// the first time it is drawn).
    private var styles: [CellStyle: (attr_t, Int16)]
    /// Whether styles are drawn in colours, and the next colour pair free for an annotation's.
    private var colorsInUse = false
    private var nextPair: Int16 = 1
    /// The colour pair of each annotation mark in each terminal colour: at most four marks
    /// times 256 colours, however many colours a document's annotations have.
    private var annotationPairs: [Int: Int16] = [:]
    /// The colours of the status line, matches and notes, kept to define the pairs again when
    /// the default colours change.
    private let colors: ColorScheme
    /// The colours the last frame asked for in place of the terminal's own (dark mode), and the
    /// curses numbers of the nearest ones the terminal has: what a pair's "default" stands for.
    private var shownColours: TextColours?
    private var defaultNumbers = ColourNumbers.terminalDefaults
    /// The sequences that turn on mouse reporting, bracketed paste and the bidirectional
    /// explicit mode, and those that turn them off again (before the screen is left, however it
    /// is left).
    private let modesOn: [UInt8]
    private let modesOff: [UInt8]
    /// Whether a paste has begun and its end not arrived yet; its characters held back, how
    /// many were handed out, and when it is given up as never ending.
    private var isInsidePaste = false
    private var heldPasteCharacters: [UInt32] = []
    private var pasteDelivered = 0
    private var pasteDeadline = 0
    /// When and where the last button press was, to tell a double click.
    private var lastPress: (time: Int, row: Int, column: Int, count: Int)?

    /// Starts curses on the controlling terminal (stdin and stdout must both be terminals), with
    /// the terminating signals, SIGWINCH and SIGTSTP handed to ``waitForEvents(readingKeys:)``.
    /// Should Folio crash, the crash guard restores the terminal and then prints `crashReport`.
    /// `colors` colour the status line, matches and notes; `mouse` turns on mouse reporting
    /// (SGR 1006: the wheel and clicks arrive as events; Shift still selects text);
    /// `explicitBidi` asks the terminal not to reorder lines, which Folio then sends in visual
    /// order.
    public init(
        crashReport: String = "", colors: ColorScheme = ColorScheme(), mouse: Bool = true, explicitBidi: Bool = true
    ) throws(TerminalError) {
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
        hasAlternateScreen = Self.has("smcup")
        cbreak()
        noecho()
        nonl()
        keypad(folio_stdscr(), true)
        Self.defineCommonKeySequences()
        intrflush(folio_stdscr(), false)
        set_escdelay(25)
        curs_set(0)
        Self.disableFlowControl()
        self.colors = colors
        (styles, colorsInUse, nextPair) = Self.setUpStyles(colors, defaults: defaultNumbers)
        // Bracketed paste always (a paste into a prompt is text, not keys); mouse reports when
        // wanted. The mouse key terminfo lists is forgotten, so reports reach the decoder whole.
        // Folio sends right-to-left lines in visual order itself: BDSM's explicit mode (RM 8,
        // ECMA-48; the terminal-wg bidi recommendation) tells a terminal that reorders lines by
        // the bidirectional algorithm (VTE 0.58 and later) not to reorder them again; SM 8 puts
        // its default, implicit mode, back. Terminals without the mode ignore both.
        modesOn = Array(
            ((mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "") + "\u{1B}[?2004h" + (explicitBidi ? "\u{1B}[8l" : "")).utf8)
        modesOff = Array(
            ((mouse ? "\u{1B}[?1006l\u{1B}[?1000l" : "") + "\u{1B}[?2004l" + (explicitBidi ? "\u{1B}[8h" : "")).utf8)
        Self.forgetMouseKey()
        CrashGuard.install(
            shellModes: shellModes, restoring: modesOff + Self.restoreSequence(), report: Array(crashReport.utf8))
        SignalRelay.install()
        write(modesOn)
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
        if frame.colours != shownColours {
            adopt(frame.colours)
        }
        let repainted = repaintPending
        repaintPending = false
        // The clear goes out with the frame, not at the first refresh: reading a key refreshes
        // stdscr too, which would blank the screen while the frame (and its image) is made.
        clearok(folio_stdscr(), repainted)
        werase(folio_stdscr())
        for (row, spans) in frame.rows.enumerated() {
            var column = 0
            for span in spans where !span.text.isEmpty {
                let characters = span.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                let (attributes, pair) = attributes(of: span.style)
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
        write(modesOff)
        curs_set(1)
        endwin()
        clearIfNoAlternateScreen()
        SignalRelay.stopProcess()
        // Back from `fg`: the shell has put its own modes back. Restore the ones saved at start
        // (cbreak, no echo, no flow control) before the next refresh repaints everything.
        reset_prog_mode()
        // endwin switched the keypad to cursor mode (rmkx); switch it back or arrows arrive as
        // bare escape sequences.
        keypad(folio_stdscr(), true)
        write(modesOn)
        // A resize while stopped sent SIGWINCH to the shell, not here.
        _ = adoptWindowSize()
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
        var signals = SignalRelay.received()
        if signals.contains(SignalRelay.resize) {
            signals += settledResize()
        }
        var resized = false
        return signals.compactMap { signal in
            switch signal {
            case SignalRelay.resize:
                // The resizes that came together are one: the size they end at.
                guard !resized else { return nil }
                resized = true
                return .resize(adoptWindowSize())
            case SignalRelay.suspend: return .suspendRequested
            default: return .terminate(signal: signal)
            }
        }
    }

    /// How long a resize waits for the next, in milliseconds: a window dragged to its new size
    /// sends a run of them, laid out once at the end; and meanwhile the terminal repaints what it
    /// kept of the screen (xterm does not while it reads a large image, so answering at once
    /// would leave its window black until the image is in).
    private static let resizeSettleTime: Int32 = 40
    /// The longest a run of resizes waits, in milliseconds, so that a long drag still follows.
    private static let longestResizeWait = 200

    /// The signals that arrive until no resize has come for ``resizeSettleTime`` (or for
    /// ``longestResizeWait`` in all).
    private func settledResize() -> [Int32] {
        let deadline = MonotonicClock.milliseconds() + Self.longestResizeWait
        var signals: [Int32] = []
        while MonotonicClock.milliseconds() < deadline {
            var descriptor = pollfd(fd: SignalRelay.readDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Self.resizeSettleTime)
            // The signal itself interrupts the wait; its byte is then in the pipe.
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let more = SignalRelay.received()
            signals += more
            if !more.contains(SignalRelay.resize) { break }
        }
        return signals
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
        if isInsidePaste {
            // The rest of a paste that paused: still text, never keys.
            let chunk = readPastedText()
            if !chunk.isEmpty { return .paste(chunk) }
            if isInsidePaste { return nil }
        }
        while let input = pendingInputs.isEmpty ? readRawInput() : pendingInputs.removeFirst() {
            if input == .keyCode(KeyDecoder.Code.resize) {
                return .resize(adoptWindowSize())
            }
            if input == .character(0x1B), pendingInputs.isEmpty {
                switch readEscapeSequence() {
                case .escapeKey: break
                case .dropped(let sequence):
                    // A terminal's reply; kitty's saying an image was evicted is news.
                    if let reply = KittyGraphicsReply(afterEscape: sequence), reply.isMissingImage {
                        return .imageEvicted(id: reply.imageID)
                    }
                    continue
                case .mouse(let report):
                    guard let event = mouseEvent(report) else { continue }
                    return .mouse(event)
                case .pasteStart:
                    isInsidePaste = true
                    pasteDelivered = 0
                    pasteDeadline = MonotonicClock.milliseconds() + Self.longestPasteTime
                    let chunk = readPastedText()
                    if chunk.isEmpty { continue }
                    return .paste(chunk)
                }
            }
            if let key = KeyDecoder.decode(input) {
                return .key(key)
            }
        }
        return nil
    }

    /// What an Escape read by ``readInput()`` turned out to start.
    private enum EscapeStart {
        /// Escape alone, the characters after it kept for the next reads.
        case escapeKey
        /// An unrecognised sequence (the characters after the Escape), now consumed.
        case dropped([UInt32])
        case mouse(KeyDecoder.MouseReport)
        case pasteStart
    }

    /// Reads what arrived together with an Escape.
    private func readEscapeSequence() -> EscapeStart {
        var following: [UInt32] = []
        defer { nodelay(folio_stdscr(), true) }
        while following.count < Self.longestEscapeSequence {
            switch KeyDecoder.classify(afterEscape: following) {
            case .unrecognisedSequence:
                return .dropped(following)
            case .mouse(let report):
                return .mouse(report)
            case .pasteStart:
                return .pasteStart
            case .escapeKey where !following.isEmpty:
                pendingInputs = following.map { .character($0) }
                return .escapeKey
            case .escapeKey, .incomplete:
                // ncurses waited for the first character after Escape already; the rest of a
                // sequence may come in a later read, so wait for it a moment.
                wtimeout(folio_stdscr(), following.isEmpty ? 0 : Self.escapeSequenceDelay)
                guard let next = readRawInput() else {
                    // Nothing more came: an Escape alone, or a sequence cut short (dropped).
                    if following.isEmpty { return .escapeKey }
                    return KeyDecoder.classify(afterEscape: following) == .escapeKey ? .escapeKey : .dropped(following)
                }
                guard case .character(let character) = next else {
                    // A recognised key right after Escape (Escape, then an arrow).
                    pendingInputs = following.map { .character($0) } + [next]
                    return .escapeKey
                }
                following.append(character)
            }
        }
        // Longer than any sequence a key sends: a runaway string, dropped.
        return .dropped(following)
    }

    /// A press of the left button within ``doubleClickTime`` of the last one, on the same
    /// cell, is a double click.
    private func mouseEvent(_ report: KeyDecoder.MouseReport) -> MouseEvent? {
        guard report.isPress, report.button & ~(4 | 8 | 16) == 0 else { return report.event(clicks: 1) }
        let time = MonotonicClock.milliseconds()
        var clicks = 1
        if let last = lastPress, last.row == report.row, last.column == report.column,
            time - last.time < Self.doubleClickTime
        {
            clicks = last.count + 1
        }
        lastPress = (time, report.row, report.column, clicks)
        return report.event(clicks: clicks)
    }

    /// Reads what has arrived of a paste, up to its end (`ESC [ 201 ~`) or a pause. After a
    /// pause the paste goes on at the next read (the last few characters held back, as they
    /// may be the start of the end marker); beyond ``longestPaste`` characters the rest is read
    /// and dropped; a paste that never ends is taken as ended after ``longestPasteTime``.
    private func readPastedText() -> String {
        defer { nodelay(folio_stdscr(), true) }
        wtimeout(folio_stdscr(), Self.pastePause)
        var characters = heldPasteCharacters
        heldPasteCharacters = []
        while let input = readRawInput() {
            guard case .character(let character) = input else { continue }
            characters.append(character)
            if characters.suffix(KeyDecoder.pasteEnd.count).elementsEqual(KeyDecoder.pasteEnd) {
                characters.removeLast(KeyDecoder.pasteEnd.count)
                isInsidePaste = false
                break
            }
        }
        if isInsidePaste, MonotonicClock.milliseconds() > pasteDeadline {
            isInsidePaste = false
        }
        if isInsidePaste {
            let held = min(KeyDecoder.pasteEnd.count - 1, characters.count)
            heldPasteCharacters = Array(characters.suffix(held))
            characters.removeLast(held)
        }
        let kept = characters.prefix(max(Self.longestPaste - pasteDelivered, 0))
        pasteDelivered += kept.count
        var text = ""
        text.unicodeScalars.append(contentsOf: kept.compactMap(Unicode.Scalar.init))
        return text
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

    /// Writes `pieces`, which paint every cell, then tells curses the screen is blank with the
    /// cursor top-left, which is what its repaint would have left, without the clear: the repaint a
    /// resize asked for is dropped.
    @discardableResult
    public func writeOverWholeScreen(_ pieces: [ImagePiece]) -> Int {
        let bytes = writeImage(pieces)
        clearok(folio_curscr(), false)
        werase(folio_curscr())
        // Where the resize left the cursor is unknown: the move is absolute.
        _ = folio_move_cursor_home()
        repaintPending = false
        return bytes
    }

    /// Writes `bytes` straight to the terminal, between frames.
    public func writeControl(_ bytes: [UInt8]) {
        write(bytes)
    }

    private func write(_ bytes: [UInt8]) {
        SystemCall.writeAll(STDOUT_FILENO, bytes)
    }

    /// Leaves curses: the alternate screen is left and the terminal modes are restored.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        write(modesOff)
        curs_set(1)
        endwin()
        clearIfNoAlternateScreen()
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
    /// Two clicks closer together than this, in milliseconds, make a double click.
    private static let doubleClickTime = 400
    /// How long a paste may pause before it is taken as ended, in milliseconds.
    private static let pastePause: Int32 = 200
    /// The most characters of a paste kept.
    private static let longestPaste = 65536
    /// The longest a paste may take before its end is no longer waited for, in milliseconds.
    private static let longestPasteTime = 10_000

    /// The attributes and colour pair of every style: `colors` where the terminal has colours
    /// and `NO_COLOR` is not set, attributes alone (reverse, bold, faint) otherwise; links are
    /// underlined either way.
    private static func setUpStyles(_ colors: ColorScheme, defaults: ColourNumbers, started: Bool = false) -> (
        styles: [CellStyle: (attr_t, Int16)], colorsInUse: Bool, nextPair: Int16
    ) {
        var styles: [CellStyle: (attr_t, Int16)] = [
            .normal: (folio_attr_normal(), 0), .bold: (folio_attr_bold(), 0), .reverse: (folio_attr_reverse(), 0),
            .dim: (folio_attr_dim(), 0), .highlight: (folio_attr_reverse(), 0), .error: (folio_attr_bold(), 0),
            .hint: (folio_attr_reverse() | folio_attr_bold(), 0),
            .currentMatch: (folio_attr_bold() | folio_attr_underline(), 0), .link: (folio_attr_underline(), 0),
        ]
        guard colors.usesColor, has_colors() else { return (styles, false, 1) }
        if !started {
            start_color()
        }
        assume_default_colors(Int32(defaults.foreground), Int32(defaults.background))
        var nextPair: Int16 = 1
        func pair(_ foreground: TerminalColor, _ background: TerminalColor) -> Int16 {
            init_pair(
                nextPair, number(foreground, default: defaults.foreground),
                number(background, default: defaults.background))
            nextPair += 1
            return nextPair - 1
        }
        let highlight = pair(colors.highlightForeground, colors.highlightBackground)
        styles[.highlight] = (folio_attr_normal(), highlight)
        // The current match: the highlight colours the other way round, in bold.
        styles[.currentMatch] = (folio_attr_reverse() | folio_attr_bold(), highlight)
        styles[.error] = (folio_attr_bold(), pair(.indexed(1), .terminalDefault))
        if colors.statusForeground != nil || colors.statusBackground != nil {
            let status = pair(colors.statusForeground ?? .terminalDefault, colors.statusBackground ?? .terminalDefault)
            styles[.reverse] = (folio_attr_normal(), status)
        }
        if let dim = colors.dimForeground {
            styles[.dim] = (folio_attr_normal(), pair(dim, .terminalDefault))
        }
        return (styles, true, nextPair)
    }

    /// The attributes and colour pair `style` is drawn with. An annotation's is made the first
    /// time: a highlight in black on the nearest colour the terminal has, an underline in that
    /// colour, a strike-out faint in it (curses has no strike-through), a note's marker bold in
    /// it; without colours, or once the terminal's colour pairs are used up, attributes alone (a
    /// highlight underlined and bold).
    private func attributes(of style: CellStyle) -> (attr_t, Int16) {
        if let known = styles[style] { return known }
        guard case .annotation(let annotation) = style else { return (folio_attr_normal(), 0) }
        let pair = colorsInUse ? annotationPair(annotation) : nil
        let attributes: attr_t
        switch annotation.mark {
        case .highlight: attributes = pair == nil ? folio_attr_underline() | folio_attr_bold() : folio_attr_normal()
        case .underline: attributes = folio_attr_underline()
        case .strikeOut: attributes = folio_attr_dim()
        case .noteMarker: attributes = folio_attr_bold()
        }
        // Only as many styles are kept as there are pairs: colours that share a pair share it.
        if styles.count < 4096 {
            styles[style] = (attributes, pair ?? 0)
        }
        return (attributes, pair ?? 0)
    }

    /// The colour pair of `annotation`'s mark in the nearest terminal colour, made when first
    /// needed; nil when the terminal has no pair left.
    private func annotationPair(_ annotation: AnnotationStyle) -> Int16? {
        let colour = annotation.colour ?? AnnotationColour(red: 1, green: 0.92, blue: 0.3)
        let available = Int(folio_colors())
        let nearest = TerminalColor.nearest(
            red: colour.red, green: colour.green, blue: colour.blue, available: min(available, 256))
        guard case .indexed(let index) = nearest else { return nil }
        let mark: Int
        switch annotation.mark {
        case .highlight: mark = 0
        case .underline: mark = 1
        case .strikeOut: mark = 2
        case .noteMarker: mark = 3
        }
        let key = mark * 256 + index
        if let known = annotationPairs[key] { return known }
        guard Int(nextPair) < min(Int(folio_color_pairs()), Int(Int16.max)) else { return nil }
        let number = Self.number(.indexed(index), default: defaultNumbers.foreground)
        if annotation.mark == .highlight {
            init_pair(nextPair, Self.number(.indexed(0), default: defaultNumbers.foreground), number)
        } else {
            init_pair(nextPair, number, defaultNumbers.background)
        }
        annotationPairs[key] = nextPair
        nextPair += 1
        return nextPair - 1
    }

    /// The curses number of `color`: the terminal's default is `defaultNumber` (-1, or the
    /// colour dark mode puts in its place); a colour beyond what the terminal has becomes its
    /// basic form (bright red on an 8-colour console is red), or the default.
    private static func number(_ color: TerminalColor, default defaultNumber: Int16) -> Int16 {
        switch color {
        case .terminalDefault: return defaultNumber
        case .indexed(let index):
            let available = Int(folio_colors())
            if index < available { return Int16(index) }
            return index < 16 ? Int16(index % 8) : defaultNumber
        }
    }

    /// The curses numbers a pair's default foreground and background stand for.
    private struct ColourNumbers: Equatable {
        var foreground: Int16
        var background: Int16

        /// The terminal's own colours (-1, use_default_colors).
        static let terminalDefaults = ColourNumbers(foreground: -1, background: -1)
    }

    /// Takes `colours` (nearest the terminal has) for text and background in place of the
    /// terminal's own, or the terminal's own again for nil: pair 0 and every pair made with a
    /// default colour are defined again (curses draws a pair's default as the terminal's own,
    /// whatever pair 0 is), and the next frame repaints the whole screen. Without colours
    /// (`NO_COLOR`, a monochrome terminal) nothing changes.
    private func adopt(_ colours: TextColours?) {
        shownColours = colours
        guard colorsInUse else { return }
        let available = min(Int(folio_colors()), 256)
        func nearest(_ colour: PageRecolor.Colour) -> Int16 {
            let found = TerminalColor.closest(
                red: Double(colour.red) / 255, green: Double(colour.green) / 255, blue: Double(colour.blue) / 255,
                available: available)
            return Self.number(found, default: -1)
        }
        defaultNumbers =
            colours.map { ColourNumbers(foreground: nearest($0.foreground), background: nearest($0.background)) }
            ?? .terminalDefaults
        (styles, colorsInUse, nextPair) = Self.setUpStyles(colors, defaults: defaultNumbers, started: true)
        annotationPairs = [:]
        repaintFully()
    }

    /// Whether TERM's terminfo entry has the string `capability`.
    private static func has(_ capability: String) -> Bool {
        guard let value = tigetstr(capability) else { return false }
        return Int(bitPattern: value) != -1
    }

    /// After curses has been left: on a terminal with no alternate screen, clears the screen
    /// (terminfo's `clear`, with its padding) and puts the cursor home, so the shell goes on
    /// on an empty screen rather than over Folio's last frame.
    private func clearIfNoAlternateScreen() {
        guard !hasAlternateScreen, let clear = tigetstr("clear"), Int(bitPattern: clear) != -1 else { return }
        putp(clear)
        fflush(nil)
    }

    /// Removes terminfo's mouse key (`kmous`) from ncurses' key table: mouse reports then reach
    /// ``readEscapeSequence()`` as characters and are decoded whole, with SGR 1006 coordinates.
    private static func forgetMouseKey() {
        guard let value = tigetstr("kmous"), Int(bitPattern: value) != -1 else { return }
        define_key(value, 0)
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
