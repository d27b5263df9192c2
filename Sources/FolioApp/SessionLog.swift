import FolioCore
import Glibc

/// Where standard error goes while the full-screen session runs: a file of the session's own
/// under the state folder (`$XDG_STATE_HOME/folio/messages-PID.log`, so two Folios at once keep
/// their own), so that what a library or a Swift runtime trap writes
/// there is kept instead of scribbling over the screen or being lost, and the user can be told
/// where to find it once the terminal is restored.
public final class SessionLog {
    /// The log file.
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Points standard error at a fresh log file in `folder` (``StateFolder``, created when
    /// missing); nil when the file cannot be made, and standard error is left as it was.
    public static func start(in folder: String) -> SessionLog? {
        makeFolders(folder)
        let path = folder + "/messages-\(getpid()).log"
        let descriptor = open(FileSystemName.cString(path), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard dup2(descriptor, STDERR_FILENO) >= 0 else {
            close(descriptor)
            return nil
        }
        return SessionLog(path: path, descriptor: descriptor)
    }

    /// Points standard error back at /dev/null and returns whether anything was written to the
    /// log while it was in use; an empty log is removed.
    public func finish() -> Bool {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 {
            dup2(null, STDERR_FILENO)
            close(null)
        }
        var status = stat()
        let written = fstat(descriptor, &status) == 0 && status.st_size > 0
        close(descriptor)
        if !written {
            unlink(FileSystemName.cString(path))
        }
        return written
    }

    /// Creates `folder` and the folders above it that are missing.
    private static func makeFolders(_ folder: String) {
        var path = ""
        for component in folder.split(separator: "/") {
            path += "/" + component
            mkdir(FileSystemName.cString(path), 0o700)
        }
    }
}
