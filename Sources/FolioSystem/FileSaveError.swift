import FolioCore
import Glibc

/// Why a user's file was not written, in words a user understands (shown as
/// `folio: FILE: reason`). Whatever the reason, the file is as it was.
public enum FileSaveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file on disk is no longer the one that was opened: another program changed, replaced
    /// or removed it. It was left alone.
    case changedByAnotherProgram
    /// The file is read-only (no write permission for anyone, or none for this user).
    case readOnlyFile
    /// The file is on a file system mounted read-only (`EROFS`).
    case readOnlyMount
    /// The file system is full, or the user's quota is (`ENOSPC`, `EDQUOT`).
    case noSpace
    /// No permission to write in this folder or file (`EACCES`, `EPERM`).
    case permissionDenied(String)
    /// The path is not a regular file (a folder, a device, a pipe).
    case notARegularFile
    /// The program that writes the new version failed, for this reason.
    case writerFailed(String)
    /// Another failure: what could not be done, and the system's reason.
    case failed(String, String)

    /// The error for `code` (an `errno`) when `verb` (such as "create a file in") failed on
    /// `path`. A permission refused to "read" or "look at" is said as the system says it.
    public init(errno code: Int32, doing verb: String, _ path: String) {
        switch code {
        case EROFS: self = .readOnlyMount
        case ENOSPC, EDQUOT: self = .noSpace
        case EACCES, EPERM:
            let reading = verb == "read" || verb == "look at"
            self = reading ? Self.systemFailure(verb, path, code) : .permissionDenied(path)
        default: self = Self.systemFailure(verb, path, code)
        }
    }

    private static func systemFailure(_ verb: String, _ path: String, _ code: Int32) -> FileSaveError {
        .failed("\(verb) \(FileSystemName.displayed(path))", String(cString: strerror(code)))
    }

    public var description: String {
        switch self {
        case .changedByAnotherProgram:
            "another program changed the file since Folio opened it, so Folio did not overwrite it"
        case .readOnlyFile: "the file is read-only"
        case .readOnlyMount: "the file is on a read-only file system"
        case .noSpace: "no space left on the device"
        case .permissionDenied(let path): "no permission to write \(FileSystemName.displayed(path))"
        case .notARegularFile: "not a regular file"
        case .writerFailed(let reason): "cannot write the new version: \(reason)"
        case .failed(let what, let reason): "cannot \(what): \(reason)"
        }
    }
}
