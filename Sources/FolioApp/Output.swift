import FolioCore
import FolioSystem
import Glibc

/// Buffered writing to a file descriptor. A closed pipe (`folio --text big.pdf | head`) ends the
/// process quietly (main ignores SIGPIPE, so the closed pipe shows up here as EPIPE).
///
/// A failed write ends the process with `_exit`, not `exit`: page workers may still be extracting,
/// and `exit`'s handlers could free library state under them. Nothing is left to flush.
public final class Output {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    /// Output to `descriptor`, buffered.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(capacity)
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity {
            flush()
        }
    }

    /// Appends raw bytes.
    public func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity {
            flush()
        }
    }

    /// Writes everything buffered; exits with status 0 when the reader of the pipe has gone.
    public func flush() {
        if case .failure(let failure) = SystemCall.writeAll(descriptor, buffer) {
            _exit(failure.code == EPIPE ? 0 : 1)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Error lines on stderr, always in the form `folio: SUBJECT: reason`.
///
/// Libraries under MuPDF also write to stderr on their own: libjpeg prints "Corrupt JPEG data: …"
/// for a damaged image, which would break that form for scripts and scribble over the reader's
/// screen. So ``silenceLibraries()`` points descriptor 2 at /dev/null at start, and Folio's own
/// lines go to a copy of the original stderr. While the reader's screen is up, descriptor 2 points
/// at the session's log instead (``SessionLog``), so a Swift runtime trap's message is kept.
public enum Errors {
    /// Where Folio's own error lines go: the original stderr.
    nonisolated(unsafe) private static var descriptor = STDERR_FILENO

    /// Keeps a copy of stderr for Folio's lines and sends everything else written to descriptor 2
    /// to /dev/null. Call once, first thing, before any other thread exists.
    public static func silenceLibraries() {
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if saved >= 0, null >= 0, dup2(null, STDERR_FILENO) >= 0 {
            descriptor = saved
        } else if saved >= 0 {
            close(saved)
        }
        if null >= 0 {
            close(null)
        }
    }

    /// Writes `folio: MESSAGE`, made safe for the terminal.
    public static func report(_ message: String) {
        write("folio: " + TerminalSafeText.sanitized(FileSystemName.displayed(message)) + "\n")
    }

    /// Writes `text` as it is (the usage hint after a usage error).
    public static func write(_ text: String) {
        let error = Output(descriptor: descriptor)
        error.write(text)
        error.flush()
    }
}
