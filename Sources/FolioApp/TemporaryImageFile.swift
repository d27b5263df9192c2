import FolioSystem
import Glibc
import Synchronization

/// A page's PNG in a file for the kitty terminal to read (`t=t`): in `/tmp`, named as kitty
/// requires (`tty-graphics-protocol`), readable by this user only, created afresh (never through
/// a link planted there). The terminal deletes it once read.
enum TemporaryImageFile {
    /// How many files the process has written: numbers each name, so that no two sessions of the
    /// process (each numbering its images afresh) ever pick the same one.
    private static let filesWritten = Atomic<Int>(0)

    /// Writes `png` to a new file for image `id` and returns its path; nil when it cannot be
    /// written (then the image goes through the terminal's input instead).
    static func write(_ png: [UInt8], id: UInt32) -> String? {
        let sequence = filesWritten.add(1, ordering: .relaxed).newValue
        let path = "/tmp/tty-graphics-protocol-folio-\(getpid())-\(id)-\(sequence).png"
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return nil }
        defer { close(file) }
        guard case .success = SystemCall.writeAll(file, png) else {
            unlink(path)
            return nil
        }
        return path
    }
}
