import FolioCore
import Glibc

/// The folder of a user's running readers' sockets, checked to be the user's alone before
/// anything in it is trusted or made: a real folder (not a symbolic link), owned by the user,
/// with mode 0700 exactly.
///
/// A folder that fails a check is refused, never repaired, and the reason says what to do. A
/// looser mode is refused even on the user's own folder: while it was open, another user could
/// have put a socket or a link in it, which a repair would then trust. Folio makes the folder
/// 0700 itself, so only a folder changed by hand, or one made by someone else in `/tmp`, is
/// refused.
public struct RuntimeFolder: Sendable, Equatable {
    /// The folder's path.
    public let path: String

    /// Where the sockets of user `userID` live: `$XDG_RUNTIME_DIR/folio` when `XDG_RUNTIME_DIR`
    /// is an absolute path (systemd makes it per user, mode 0700, emptied at logout), else
    /// `/tmp/folio-UID`.
    public static func standardPath(environment: [String: String], userID: UInt32) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/folio"
        }
        return "/tmp/folio-\(userID)"
    }

    /// The folder at `path`, checked, and made with mode 0700 first when it is missing and
    /// `creating` (its parent must exist). `userID` is the user it must belong to.
    public static func prepare(
        at path: String, userID: UInt32, creating: Bool
    ) -> Result<RuntimeFolder, RuntimeFolderError> {
        if creating {
            if mkdir(FileSystemName.cString(path), 0o700) == 0 {
                // The umask may have taken bits away; the folder is ours, just made.
                guard chmod(FileSystemName.cString(path), 0o700) == 0 else {
                    return .failure(.failed(path, doing: "set the mode of", SystemError.last))
                }
            } else if errno != EEXIST {
                return .failure(.failed(path, doing: "create", SystemError.last))
            }
        }
        var status = stat()
        guard lstat(FileSystemName.cString(path), &status) == 0 else {
            let failure = SystemError.last
            return .failure(failure.code == ENOENT ? .missing(path) : .failed(path, doing: "look at", failure))
        }
        switch status.st_mode & S_IFMT {
        case S_IFLNK: return .failure(.symbolicLink(path))
        case S_IFDIR: break
        default: return .failure(.notAFolder(path))
        }
        guard status.st_uid == userID else { return .failure(.ownedByAnotherUser(path, owner: status.st_uid)) }
        let mode = status.st_mode & 0o7777
        guard mode == 0o700 else { return .failure(.wrongMode(path, mode: mode)) }
        return .success(RuntimeFolder(path: path))
    }

    /// The path of the entry `name` in the folder.
    public func path(of name: String) -> String {
        path + "/" + name
    }

    /// The names of the folder's entries that end with `suffix` (such as `.sock`), in no set
    /// order.
    public func names(endingWith suffix: String) -> [String] {
        guard let listing = opendir(FileSystemName.cString(path)) else { return [] }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                FileSystemName.decode(raw.prefix { $0 != 0 })
            }
            if name.hasSuffix(suffix) && name.count > suffix.count { names.append(name) }
        }
        return names
    }
}

/// Why a ``RuntimeFolder`` was refused or could not be made.
public enum RuntimeFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no folder at the path (and it was not to be made).
    case missing(String)
    /// The path is a symbolic link.
    case symbolicLink(String)
    /// The path is not a folder.
    case notAFolder(String)
    /// The folder belongs to another user (`owner`).
    case ownedByAnotherUser(String, owner: UInt32)
    /// The folder's mode is not 0700.
    case wrongMode(String, mode: UInt32)
    /// A system call failed.
    case failed(String, doing: String, SystemError)

    public var description: String {
        switch self {
        case .missing(let path): "\(Self.shown(path)) does not exist"
        case .symbolicLink(let path): "\(Self.shown(path)) is a symbolic link; remove it, Folio makes a folder there"
        case .notAFolder(let path): "\(Self.shown(path)) is not a folder; remove it, Folio makes a folder there"
        case .ownedByAnotherUser(let path, let owner):
            "\(Self.shown(path)) belongs to another user (uid \(owner)), so it cannot be trusted; "
                + "set XDG_RUNTIME_DIR to a folder of yours"
        case .wrongMode(let path, let mode):
            "\(Self.shown(path)) has mode \(String(mode, radix: 8)), not 700, so others may have put files in it; "
                + "remove it and Folio makes it again"
        case .failed(let path, let doing, let failure): "cannot \(doing) \(Self.shown(path)): \(failure)"
        }
    }

    private static func shown(_ path: String) -> String {
        TerminalSafeText.sanitized(FileSystemName.displayed(path))
    }
}
