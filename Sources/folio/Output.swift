import FolioCore
import Glibc

/// Buffered writing to a file descriptor. A closed pipe (`folio --text big.pdf | head`) ends the
/// process quietly (main ignores SIGPIPE, so the closed pipe shows up here as EPIPE).
///
/// A failed write ends the process with `_exit`, not `exit`: page workers may still be extracting,
/// and `exit`'s handlers could free library state under them. Nothing is left to flush.
final class Output {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(capacity)
    }

    /// Appends `text` as UTF-8.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity {
            flush()
        }
    }

    /// Appends raw bytes.
    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity {
            flush()
        }
    }

    /// Writes everything buffered; exits with status 0 when the reader of the pipe has gone.
    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                _exit(errno == EPIPE ? 0 : 1)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Error lines on stderr, always in the form `folio: SUBJECT: reason`.
enum Errors {
    static func report(_ message: String) {
        let error = Output(descriptor: STDERR_FILENO)
        error.write("folio: " + TerminalSafeText.sanitized(message) + "\n")
        error.flush()
    }
}
