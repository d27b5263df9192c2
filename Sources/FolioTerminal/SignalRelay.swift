import Glibc

/// The pipe that wakes a terminal waiting for input when a background thread has something for
/// the session: ``wake()`` writes a byte, and the waiting `poll` sees the read end ready.
public final class WakePipe: Sendable {
    /// The end to poll.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// A new pipe, both ends non-blocking.
    public init() {
        let fds = makeNonBlockingPipe()
        readDescriptor = fds.read
        writeDescriptor = fds.write
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes the next poll of ``readDescriptor`` return; callable from any thread.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe (after a poll saw it ready).
    public func drain() {
        _ = drainPipe(readDescriptor)
    }
}

/// Hands signals to the session through a pipe: SIGINT, SIGTERM, SIGHUP and SIGQUIT so the session
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

    /// The pipe end the terminal polls.
    static var readDescriptor: Int32 { descriptors.read }

    /// The signals received since the last call (empty before ``install()``).
    static func received() -> [Int32] {
        guard descriptors.read >= 0 else { return [] }
        return drainPipe(descriptors.read).map(Int32.init)
    }

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

/// Everything waiting in the non-blocking pipe end `descriptor`.
private func drainPipe(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return bytes }
        bytes += buffer.prefix(count)
    }
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
