/// What a terminal backend reports to the session that reads it.
public enum TerminalEvent: Sendable, Equatable {
    /// The user pressed a key.
    case key(Key)
    /// The mouse was clicked or its wheel turned (when mouse reporting is on).
    case mouse(MouseEvent)
    /// Text was pasted (bracketed paste): to be inserted where text is typed, never run as keys.
    case paste(String)
    /// The terminal changed size; the backend has adopted the new size.
    case resize(ScreenSize)
    /// The user asked to suspend (Ctrl-Z): the session calls ``TerminalBackend/suspend()``.
    case suspendRequested
    /// A signal asked the process to end (SIGINT, SIGTERM, SIGHUP, SIGQUIT).
    case terminate(signal: Int32)
    /// The terminal no longer holds image `id` (kitty graphics: `ENOENT`, evicted for its
    /// quota), so the image on screen must be sent again.
    case imageEvicted(id: Int)
}

/// The one place where a session meets the terminal: the curses terminal in the product, a
/// recording fake in tests (as ratatui's `TestBackend` stands in for a real terminal).
///
/// A session runs on one thread, and calls every method but ``wakeUp`` from it. Background
/// work hands results to the session through a queue of its own and calls ``wakeUp`` so that
/// ``waitForEvents(readingKeys:)`` returns.
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: ScreenSize { get }

    /// Draws `frame`, sending only what changed since the last frame (its ``Frame/image`` is
    /// the session's to write, with ``writeImage(_:at:)``).
    ///
    /// - Returns: whether the whole screen was repainted, so anything written over it (an
    ///   image) must be written again.
    @discardableResult
    func draw(_ frame: Frame) -> Bool

    /// Makes the next ``draw(_:)`` repaint the whole screen.
    func repaintFully()

    /// Writes an image over the last frame: each piece's escape sequences with the cursor on
    /// its cell, in one write, the cursor put back afterwards.
    ///
    /// - Returns: the number of bytes written, the cursor movements included.
    @discardableResult
    func writeImage(_ pieces: [ImagePiece]) -> Int

    /// Writes `pieces` that between them paint every cell of the screen (images, and blanks
    /// around them), as ``writeImage(_:)`` does, in place of the repaint a new size takes: the
    /// next ``draw(_:)`` takes the screen as blank under them, writes only the frame's text and
    /// repaints nothing. After a resize, the old screen then stays up until the pieces replace
    /// it, where a repaint would show an empty screen until they are out.
    ///
    /// - Returns: the number of bytes written, the cursor movements included.
    @discardableResult
    func writeOverWholeScreen(_ pieces: [ImagePiece]) -> Int

    /// Writes a control sequence that changes nothing on screen (OSC 52, a clipboard write).
    func writeControl(_ bytes: [UInt8])

    /// Waits until something happens: input to read with ``readInput()`` (looked for only when
    /// `readingKeys`; otherwise keys wait in the terminal for later), a signal, or a call of
    /// ``wakeUp``. Returns the signals that arrived, as events (a resize, a suspend request,
    /// a request to end); empty when there is input to read or only ``wakeUp`` was called.
    func waitForEvents(readingKeys: Bool) -> [TerminalEvent]

    /// The next key (or resize) typed, without waiting; nil when there is none. Keys are read
    /// one at a time, so those typed after the key that ends a session stay for the next one.
    func readInput() -> TerminalEvent?

    /// Makes a ``waitForEvents(readingKeys:)`` in progress, or the next one, return at once.
    /// Callable from any thread.
    var wakeUp: @Sendable () -> Void { get }

    /// Leaves full-screen mode and stops the process (Ctrl-Z); returns once it is continued,
    /// ready to repaint, with ``size`` read again (the terminal may have been resized meanwhile,
    /// when no SIGWINCH reached the stopped process).
    func suspend()
}

/// Part of an image to write: escape sequences (sixel, kitty, iTerm2, half blocks) that draw
/// from a cell.
public struct ImagePiece: Sendable, Equatable {
    /// The cell the piece's top-left corner goes to.
    public var position: FramePosition
    /// The escape sequences.
    public var bytes: [UInt8]

    /// A piece drawing `bytes` from `position`.
    public init(position: FramePosition, bytes: [UInt8]) {
        self.position = position
        self.bytes = bytes
    }
}
