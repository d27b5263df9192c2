import FolioCore
import FolioSystem
import Glibc

/// A small file in the state folder that several Folios may change at once: read whole, and
/// replaced whole (under a lock, through a flushed temporary file renamed over it), so a reader
/// sees the old version or the new one and two writers each keep the other's change.
enum StateFile {
    /// Changes the file at `path` by `change` (its bytes in, the new bytes out), creating the
    /// folders to it, under an exclusive lock on `PATH.lock`.
    static func update(_ path: String, _ change: ([UInt8]) -> [UInt8]) throws(StateError) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try makeFolders(folder)
        let lock = open(FileSystemName.cString(path + ".lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw StateError.failed("cannot open \(path).lock", errno) }
        defer { close(lock) }
        if case .failure(let failure) = SystemCall.retryingInterrupts({ flock(lock, LOCK_EX) }) {
            throw StateError.failed("cannot lock \(path).lock", failure.code)
        }
        try replace(path, in: folder, with: change(contents(of: path)))
    }

    /// The whole file, or nothing when it cannot be read.
    static func contents(of path: String) -> [UInt8] {
        let descriptor = open(FileSystemName.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case .success(let count) = SystemCall.read(descriptor, into: &buffer), count > 0 {
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// Creates `folder` and the folders above it that are missing (private to the user).
    static func makeFolders(_ folder: String) throws(StateError) {
        var made = ""
        for component in folder.split(separator: "/") {
            made += "/" + component
            if mkdir(FileSystemName.cString(made), 0o700) != 0 && errno != EEXIST {
                throw StateError.failed("cannot create \(made)", errno)
            }
        }
    }

    /// Writes `bytes` to a new file in `folder`, flushes it to disk and renames it to `path`.
    static func replace(_ path: String, in folder: String, with bytes: [UInt8]) throws(StateError) {
        let name = path.split(separator: "/").last.map(String.init) ?? "state"
        var template = FileSystemName.cString(folder + "/." + name + ".XXXXXX")
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw StateError.failed("cannot create a file in \(folder)", errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var failure: Int32?
        if case .failure(let error) = SystemCall.writeAll(descriptor, bytes) { failure = error.code }
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil && rename(template, FileSystemName.cString(path)) != 0 { failure = errno }
        if let failure {
            unlink(template)
            throw StateError.failed("cannot write \(path)", failure)
        }
    }
}
