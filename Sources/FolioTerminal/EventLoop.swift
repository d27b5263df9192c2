import Glibc
import Foundation

/// The one loop that owns the reader's state waits here for whatever comes next: a key on the
/// terminal, an event posted by a background thread (a page extracted), or a signal.
///
/// Background threads call ``post(_:)``, which queues the event and writes a byte to a wake-up
/// pipe; signal handlers write the signal number to another pipe (the only async-signal-safe way
/// to hand a signal to the loop). `poll` watches the terminal and both pipes.
public final class EventLoop<Event: Sendable>: @unchecked Sendable {
    /// What ended a ``wait(milliseconds:)``.
    public struct Wake {
        /// The terminal has input to read.
        public var inputReady = false
        /// Events posted since the last wait, in order.
        public var events: [Event] = []
        /// Signals received since the last wait (see ``SignalRelay``).
        public var signals: [Int32] = []
    }

    private let lock = NSLock()
    private var queued: [Event] = []
    private let wakeReader: Int32
    private let wakeWriter: Int32

    /// Creates the loop and its wake-up pipe.
    public init() {
        let fds = makeNonBlockingPipe()
        wakeReader = fds.read
        wakeWriter = fds.write
    }

    deinit {
        close(wakeReader)
        close(wakeWriter)
    }

    /// Queues `event` for the loop; callable from any thread.
    public func post(_ event: Event) {
        lock.withLock { queued.append(event) }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// Waits until input, an event or a signal arrives, or `milliseconds` pass (-1: no limit).
    public func wait(milliseconds: Int32) -> Wake {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalRelay.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        var wake = Wake()
        if count > 0 {
            wake.inputReady = descriptors[0].revents != 0
            if descriptors[1].revents != 0 {
                Self.drain(wakeReader)
            }
            if descriptors[2].revents != 0 {
                wake.signals = Self.drain(SignalRelay.readDescriptor).map(Int32.init)
            }
        }
        wake.events = lock.withLock {
            defer { queued.removeAll() }
            return queued
        }
        return wake
    }

    @discardableResult
    private static func drain(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return bytes }
            bytes += buffer.prefix(count)
        }
    }
}

/// Hands signals to the event loop through a pipe: SIGINT, SIGTERM, SIGHUP and SIGQUIT so the loop
/// can restore the terminal and exit cleanly instead of dying in curses mode; SIGWINCH and SIGTSTP
/// so resizing and suspending happen in the loop, which a signal on another thread could not wake.
public enum SignalRelay {
    /// The signals that end the reader.
    public static let terminating = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The terminal was resized.
    public static let resize = SIGWINCH
    /// The user pressed Ctrl-Z.
    public static let suspend = SIGTSTP

    nonisolated(unsafe) private static var descriptors: (read: Int32, write: Int32) = (-1, -1)

    /// The pipe end the event loop polls.
    static var readDescriptor: Int32 { descriptors.read }

    /// Installs the handlers (once) and unblocks every signal: a blocked mask inherited from the
    /// launching process would otherwise swallow SIGWINCH, SIGTSTP and SIGTERM.
    public static func install() {
        guard descriptors.read < 0 else { return }
        var empty = sigset_t()
        sigemptyset(&empty)
        sigprocmask(SIG_SETMASK, &empty, nil)
        descriptors = makeNonBlockingPipe()
        for signalNumber in terminating + [resize, suspend] {
            signal(signalNumber, signalRelayHandler)
        }
    }

    /// Stops the process as the default SIGTSTP action would, and returns once it is continued.
    public static func stopProcess() {
        signal(suspend, SIG_DFL)
        raise(suspend)
        signal(suspend, signalRelayHandler)
    }

    fileprivate static var writeDescriptor: Int32 { descriptors.write }
}

private func signalRelayHandler(_ signalNumber: Int32) {
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(SignalRelay.writeDescriptor, &byte, 1)
}

/// A pipe whose ends never block and are closed on exec.
private func makeNonBlockingPipe() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0, "cannot create a pipe")
    for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
}
