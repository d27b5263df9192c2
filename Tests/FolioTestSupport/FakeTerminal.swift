public import FolioCore
import Foundation

/// A terminal backend for tests: it records every frame, image write, control sequence and
/// suspension, and hands the session the keys, resizes and signals a test gives it, as
/// ratatui's `TestBackend` does for its widgets.
///
/// The session runs on a thread of its own (``run(_:)``) and the test drives it from outside:
/// it types keys, then waits for the frame it expects (``waitForFrame(after:timeout:where:)``).
public final class FakeTerminal: TerminalBackend, @unchecked Sendable {
    /// An image written over a frame.
    public struct ImageWrite: Sendable, Equatable {
        /// Its pieces, each with the cell it starts at.
        public var pieces: [ImagePiece]
        /// How many frames had been drawn when it was written.
        public var afterFrame: Int
        /// Whether it was written over the whole screen, in place of a repaint
        /// (``writeOverWholeScreen(_:)``).
        public var overWholeScreen = false
    }

    private let condition = NSCondition()
    private var currentSize: ScreenSize
    private var input: [TerminalEvent] = []
    private var signals: [TerminalEvent] = []
    private var isWoken = false
    private var recordedFrames: [Frame] = []
    private var recordedImages: [ImageWrite] = []
    private var recordedControls: [[UInt8]] = []
    private var recordedRepaints = 0
    private var recordedRepaintedFrames: [Int] = []
    private var recordedSuspensions = 0
    private var sizeOnResume: ScreenSize?

    /// A terminal of `size` cells.
    public init(size: ScreenSize) {
        currentSize = size
    }

    // MARK: The session's side

    public var size: ScreenSize {
        condition.withLock { currentSize }
    }

    @discardableResult
    public func draw(_ frame: Frame) -> Bool {
        condition.withLock {
            recordedFrames.append(frame)
            let repainted = recordedRepaints > 0
            if repainted {
                recordedRepaintedFrames.append(recordedFrames.count)
            }
            recordedRepaints = 0
            condition.broadcast()
            return repainted
        }
    }

    public func repaintFully() {
        condition.withLock { recordedRepaints += 1 }
    }

    /// Records the pieces; returns what the curses terminal would write: the pieces' bytes,
    /// a cursor movement before each, and the cursor saved and restored around them.
    @discardableResult
    public func writeImage(_ pieces: [ImagePiece]) -> Int {
        condition.withLock {
            recordedImages.append(ImageWrite(pieces: pieces, afterFrame: recordedFrames.count))
            condition.broadcast()
        }
        return pieces.reduce(4) { total, piece in
            total + piece.bytes.count + "\u{1B}[\(piece.position.row + 1);\(piece.position.column + 1)H".utf8.count
        }
    }

    /// Records the pieces as ``writeImage(_:)`` does, marked as written over the whole screen;
    /// the repaint pending (a resize's) is dropped, as the curses terminal drops it.
    @discardableResult
    public func writeOverWholeScreen(_ pieces: [ImagePiece]) -> Int {
        let bytes = writeImage(pieces)
        condition.withLock {
            recordedImages[recordedImages.count - 1].overWholeScreen = true
            recordedRepaints = 0
        }
        return bytes
    }

    public func writeControl(_ bytes: [UInt8]) {
        condition.withLock {
            recordedControls.append(bytes)
            condition.broadcast()
        }
    }

    public func waitForEvents(readingKeys: Bool) -> [TerminalEvent] {
        condition.withLock {
            while signals.isEmpty && !isWoken && !(readingKeys && !input.isEmpty) {
                condition.wait()
            }
            isWoken = false
            defer { signals.removeAll() }
            return signals
        }
    }

    public func readInput() -> TerminalEvent? {
        condition.withLock { input.isEmpty ? nil : input.removeFirst() }
    }

    public var wakeUp: @Sendable () -> Void {
        { [self] in
            condition.withLock {
                isWoken = true
                condition.broadcast()
            }
        }
    }

    /// Records the suspension; the terminal comes back at the size given to
    /// ``resize(whileSuspendedTo:)``, if any, as a real one resized while the process was stopped.
    public func suspend() {
        condition.withLock {
            recordedSuspensions += 1
            recordedRepaints += 1
            if let size = sizeOnResume {
                currentSize = size
                sizeOnResume = nil
            }
        }
    }

    // MARK: The test's side

    /// Types `keys`, one after another.
    public func type(_ keys: Key...) {
        enqueue(keys.map { .key($0) })
    }

    /// Types each character of `text` as a key.
    public func type(_ text: String) {
        enqueue(text.unicodeScalars.map { .key(.character($0)) })
    }

    /// Sends a mouse report, as a terminal with mouse reporting on does.
    public func mouse(_ event: MouseEvent) {
        enqueue([.mouse(event)])
    }

    /// Pastes `text` (bracketed paste).
    public func paste(_ text: String) {
        enqueue([.paste(text)])
    }

    /// Changes the size and reports it as SIGWINCH would; the next frame is a repaint, as the
    /// curses terminal makes it for a new size.
    public func resize(to size: ScreenSize) {
        condition.withLock {
            currentSize = size
            recordedRepaints += 1
            signals.append(.resize(size))
            condition.broadcast()
        }
    }

    /// Makes the next ``suspend()`` come back at `size`, with no resize event: the process was
    /// stopped when the terminal changed.
    public func resize(whileSuspendedTo size: ScreenSize) {
        condition.withLock { sizeOnResume = size }
    }

    /// Delivers a signal event (a request to end, or Ctrl-Z's suspend request).
    public func send(_ event: TerminalEvent) {
        condition.withLock {
            signals.append(event)
            condition.broadcast()
        }
    }

    /// How many frames have been drawn.
    public var frameCount: Int {
        condition.withLock { recordedFrames.count }
    }

    /// The frames drawn so far.
    public var frames: [Frame] {
        condition.withLock { recordedFrames }
    }

    /// The last frame, as plain text rows.
    public var screen: [String] {
        condition.withLock { recordedFrames.last?.lines ?? [] }
    }

    /// The frames drawn as a whole-screen repaint (after ``repaintFully()``), by their number
    /// counted from 1, as ``ImageWrite/afterFrame`` counts them.
    public var repaintedFrames: [Int] {
        condition.withLock { recordedRepaintedFrames }
    }

    /// The image writes so far.
    public var images: [ImageWrite] {
        condition.withLock { recordedImages }
    }

    /// The control sequences written so far.
    public var controls: [[UInt8]] {
        condition.withLock { recordedControls }
    }

    /// How many times the session suspended.
    public var suspensions: Int {
        condition.withLock { recordedSuspensions }
    }

    /// Waits until a frame drawn after the first `count` frames satisfies `predicate`, and
    /// returns it; nil after `timeout` seconds.
    public func waitForFrame(
        after count: Int = 0, timeout: Double = 20, where predicate: (Frame) -> Bool
    ) -> Frame? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var checked = count
        while true {
            // The predicate runs outside the lock, so it may read the terminal.
            let (new, isLate) = condition.withLock { () -> ([Frame], Bool) in
                if recordedFrames.count <= checked, !condition.wait(until: deadline) {
                    return ([], true)
                }
                return (Array(recordedFrames.dropFirst(checked)), false)
            }
            if isLate {
                return nil
            }
            if let frame = new.first(where: predicate) {
                return frame
            }
            checked += new.count
        }
    }

    /// Waits until the screen has a row containing `text`, and returns the screen; nil after
    /// `timeout` seconds.
    public func waitForScreen(
        containing text: String, after count: Int = 0, timeout: Double = 20
    ) -> [String]? {
        waitForFrame(after: count, timeout: timeout) { frame in
            frame.lines.contains { $0.contains(text) }
        }?.lines
    }

    /// Waits until `predicate` holds for what has been recorded; false after `timeout` seconds.
    public func waitUntil(timeout: Double = 20, _ predicate: (FakeTerminal) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !predicate(self) {
            guard Date() < deadline else { return false }
            condition.withLock { _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.05))) }
        }
        return true
    }

    /// Runs `session` on a thread of its own and returns a handle to wait for its result.
    public func run<Result: Sendable>(_ session: @escaping @Sendable (FakeTerminal) -> Result) -> RunningSession<Result>
    {
        let running = RunningSession<Result>()
        let thread = Thread { [self] in running.finish(session(self)) }
        thread.name = "folio.test-session"
        thread.start()
        return running
    }

    private func enqueue(_ events: [TerminalEvent]) {
        condition.withLock {
            input += events
            condition.broadcast()
        }
    }
}

/// A session running on its own thread, and its result once it ends.
public final class RunningSession<Result: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result?

    func finish(_ value: Result) {
        lock.withLock { result = value }
        done.signal()
    }

    /// The session's result once it has ended; nil when it is still running after `timeout`
    /// seconds.
    public func wait(timeout: Double = 20) -> Result? {
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return lock.withLock { result }
    }
}
