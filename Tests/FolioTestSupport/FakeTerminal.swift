public import FolioCore
import Foundation

/// A terminal backend for tests: it records every frame, image write, control sequence, bell
/// and suspension, and hands the session the keys, resizes and signals a test gives it, as
/// ratatui's `TestBackend` does for its widgets.
///
/// The session runs on a thread of its own (``run(_:)``) and the test drives it from outside:
/// it types keys, then waits for the frame it expects (``waitForFrame(after:timeout:where:)``).
public final class FakeTerminal: TerminalBackend, @unchecked Sendable {
    /// Image bytes written with the cursor on a cell.
    public struct ImageWrite: Sendable, Equatable {
        /// The cell the cursor was on.
        public var position: FramePosition
        /// The bytes.
        public var bytes: [UInt8]
        /// How many frames had been drawn when it was written.
        public var afterFrame: Int
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
    private var recordedBells = 0
    private var recordedSuspensions = 0

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
            recordedRepaints = 0
            condition.broadcast()
            return repainted
        }
    }

    public func repaintFully() {
        condition.withLock { recordedRepaints += 1 }
    }

    public func writeImage(_ bytes: [UInt8], at position: FramePosition) {
        condition.withLock {
            recordedImages.append(ImageWrite(position: position, bytes: bytes, afterFrame: recordedFrames.count))
            condition.broadcast()
        }
    }

    public func writeControl(_ bytes: [UInt8]) {
        condition.withLock {
            recordedControls.append(bytes)
            condition.broadcast()
        }
    }

    public func bell() {
        condition.withLock { recordedBells += 1 }
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

    public func suspend() {
        condition.withLock {
            recordedSuspensions += 1
            recordedRepaints += 1
        }
    }

    public func withScreenSuspended<Result>(_ body: () -> Result) -> Result {
        body()
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

    /// Changes the size and reports it as SIGWINCH would.
    public func resize(to size: ScreenSize) {
        condition.withLock {
            currentSize = size
            signals.append(.resize(size))
            condition.broadcast()
        }
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
        return condition.withLock {
            var checked = count
            while true {
                while checked < recordedFrames.count {
                    if predicate(recordedFrames[checked]) {
                        return recordedFrames[checked]
                    }
                    checked += 1
                }
                guard condition.wait(until: deadline) else { return nil }
            }
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
