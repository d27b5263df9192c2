import FolioCore
import Glibc

/// Replaces a user's file by a new version without ever leaving it torn (git's `lockfile.c`,
/// SQLite's atomic commit): the new version is written to a temporary file in the same folder,
/// flushed to disk (`fsync`), given the original's mode (and owner, when permitted), and renamed
/// over the original only if the original is still the file that was opened; then the folder is
/// flushed, so the rename itself survives a power cut. At every moment the path names the old
/// version or the new one, whole.
///
/// A path that is a symbolic link has its target replaced, the link kept. Other names of the
/// file (hard links) keep the old version, and extended attributes and ACLs are not carried over.
public enum SafeReplacement {
    /// What the temporary file holds before the writer runs.
    public enum Start: Sendable {
        /// Nothing: the writer writes the whole new version.
        case empty
        /// A byte copy of the original: the writer appends to it (an incremental PDF update).
        case copyOfOriginal
    }

    /// Replaces the file at `path` by the version `write` makes in the temporary file whose path
    /// it is given (beginning as `start` says), and returns the new file's fingerprint.
    ///
    /// Throws, leaving the original as it was and removing the temporary file, when the file
    /// cannot be written (``FileSaveError/readOnlyFile``, ``FileSaveError/readOnlyMount``,
    /// ``FileSaveError/permissionDenied(_:)``), the disk is full, `write` fails, or the file on
    /// disk no longer matches `original` (``FileSaveError/changedByAnotherProgram``: checked
    /// before anything is written and again just before the rename).
    public static func replace<WriteError: Error>(
        _ path: String, expecting original: FileFingerprint, startingWith start: Start,
        write: (_ temporaryPath: String) throws(WriteError) -> Void
    ) throws(FileSaveError) -> FileFingerprint {
        let target = resolved(path)
        if let problem = writability(of: target) { throw problem }
        try expectUnchanged(target, original)
        let folder = folder(of: target)
        let temporary = try TemporaryFile(beside: target, in: folder)
        var renamed = false
        defer { if !renamed { unlink(FileSystemName.cString(temporary.path)) } }
        try temporary.begin(as: start, copying: target, of: original.size)
        do throws(WriteError) {
            try write(temporary.path)
        } catch {
            throw .writerFailed(String(describing: error))
        }
        let written = try finish(temporary.path, like: target)
        try expectUnchanged(target, original)
        guard rename(FileSystemName.cString(temporary.path), FileSystemName.cString(target)) == 0 else {
            throw FileSaveError(errno: errno, doing: "rename a file in", folder)
        }
        renamed = true
        try flushFolder(folder)
        return written
    }

    /// Why the file at `path` cannot be replaced, or nil when it can: it is not a regular file,
    /// it is read-only, its file system is mounted read-only, or its folder cannot be written
    /// (a new version is made there). A file with no write permission for anyone counts as
    /// read-only even for root, as editors treat it: the mode is the user's word.
    public static func writability(of path: String) -> FileSaveError? {
        let target = resolved(path)
        var status = stat()
        guard stat(FileSystemName.cString(target), &status) == 0 else {
            return FileSaveError(errno: errno, doing: "look at", target)
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notARegularFile }
        var volume = statvfs()
        if statvfs(FileSystemName.cString(target), &volume) == 0 && volume.f_flag & UInt(ST_RDONLY) != 0 {
            return .readOnlyMount
        }
        if status.st_mode & 0o222 == 0 { return .readOnlyFile }
        if access(FileSystemName.cString(target), W_OK) != 0 {
            return errno == EACCES ? .readOnlyFile : FileSaveError(errno: errno, doing: "write", target)
        }
        let folder = folder(of: target)
        if access(FileSystemName.cString(folder), W_OK | X_OK) != 0 {
            return FileSaveError(errno: errno, doing: "write in", folder)
        }
        return nil
    }

    /// Removes the temporary files a replacement of `path` left when its process was killed
    /// (`.NAME.folio-XXXXXX` beside the file), and returns how many. Call it only while no other
    /// replacement of the file can be running (Folio's journal lock says so).
    @discardableResult
    public static func removeLeftovers(of path: String) -> Int {
        let target = resolved(path)
        let folder = folder(of: target)
        let prefix = "." + (target.split(separator: "/").last.map(String.init) ?? "file") + ".folio-"
        guard let listing = opendir(FileSystemName.cString(folder)) else { return 0 }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: UInt8.self, capacity: 256) { bytes in
                    FileSystemName.decode(
                        UnsafeBufferPointer(
                            start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name.hasPrefix(prefix) && name.count == prefix.count + 6 { names.append(name) }
        }
        return names.filter { unlink(FileSystemName.cString(folder + "/" + $0)) == 0 }.count
    }

    /// A temporary file made in the target's folder, open for writing.
    private struct TemporaryFile {
        var path: String
        var descriptor: Int32

        init(beside target: String, in folder: String) throws(FileSaveError) {
            let name = target.split(separator: "/").last.map(String.init) ?? "file"
            var template = FileSystemName.cString(folder + "/." + name + ".folio-XXXXXX")
            let descriptor = mkstemp(&template)
            guard descriptor >= 0 else { throw FileSaveError(errno: errno, doing: "create a file in", folder) }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            self.descriptor = descriptor
            path = FileSystemName.decode(template.dropLast().map { UInt8(bitPattern: $0) })
        }

        /// Fills the file as `start` says (with the `size` bytes of `original`) and closes it.
        func begin(as start: Start, copying original: String, of size: Int64) throws(FileSaveError) {
            defer { close(descriptor) }
            if case .copyOfOriginal = start {
                try copyBytes(of: original, to: descriptor, expecting: size, path: path)
            }
        }
    }

    /// The path with symbolic links resolved (itself when it cannot be resolved).
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(FileSystemName.cString(path), nil) else { return path }
        defer { free(real) }
        return FileSystemName.decode(
            UnsafeBufferPointer(start: real, count: strlen(real)).map { UInt8(bitPattern: $0) })
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func expectUnchanged(_ path: String, _ original: FileFingerprint) throws(FileSaveError) {
        let current: FileFingerprint
        do {
            current = try FileFingerprint.of(path: path)
        } catch {
            throw .changedByAnotherProgram
        }
        if current != original { throw .changedByAnotherProgram }
    }

    /// Copies the file at `source` into `descriptor`; it must hold `size` bytes.
    private static func copyBytes(
        of source: String, to descriptor: Int32, expecting size: Int64, path: String
    ) throws(FileSaveError) {
        let input = open(FileSystemName.cString(source), O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FileSaveError(errno: errno, doing: "read", source) }
        defer { close(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var copied: Int64 = 0
        while true {
            switch SystemCall.read(input, into: &buffer) {
            case .success(0):
                guard copied == size else { throw .changedByAnotherProgram }
                return
            case .success(let count):
                copied += Int64(count)
                if case .failure(let failure) = SystemCall.writeAll(descriptor, Array(buffer[..<count])) {
                    throw FileSaveError(errno: failure.code, doing: "write", path)
                }
            case .failure(let failure): throw FileSaveError(errno: failure.code, doing: "read", source)
            }
        }
    }

    /// Gives the new version at `path` the owner and mode of `original`, flushes it to disk,
    /// and returns its fingerprint.
    private static func finish(_ path: String, like original: String) throws(FileSaveError) -> FileFingerprint {
        let descriptor = open(FileSystemName.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSaveError(errno: errno, doing: "read", path) }
        defer { close(descriptor) }
        var status = stat()
        guard stat(FileSystemName.cString(original), &status) == 0 else { throw .changedByAnotherProgram }
        // Only root, or an owner giving the file to a group of theirs, may change the owner; the
        // owner goes first, as changing it clears the set-user-ID bit.
        _ = fchown(descriptor, status.st_uid, status.st_gid)
        guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else {
            throw FileSaveError(errno: errno, doing: "set the mode of", path)
        }
        if case .failure(let failure) = SystemCall.retryingInterrupts({ fsync(descriptor) }) {
            throw FileSaveError(errno: failure.code, doing: "flush", path)
        }
        return try FileFingerprint.of(descriptor: descriptor, path: path)
    }

    private static func flushFolder(_ folder: String) throws(FileSaveError) {
        let descriptor = open(FileSystemName.cString(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSaveError(errno: errno, doing: "flush", folder) }
        defer { close(descriptor) }
        if case .failure(let failure) = SystemCall.retryingInterrupts({ fsync(descriptor) }), failure.code != EINVAL {
            throw FileSaveError(errno: failure.code, doing: "flush", folder)
        }
    }
}
