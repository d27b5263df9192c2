import Foundation

/// A tmpfs of a few kilobytes mounted on a new folder, for tests of a full or a read-only file
/// system; unmounted and removed at the end. Mounting needs root: see ``canMount``.
public final class SmallFileSystem {
    /// The mounted folder.
    public let path: String

    /// Whether this process may mount one (it tries once).
    public static let canMount: Bool = {
        guard geteuid() == 0, (try? SmallFileSystem(kilobytes: 64)) != nil else { return false }
        return true
    }()

    /// Mounts a tmpfs of `kilobytes` on a new folder.
    public init(kilobytes: Int) throws {
        path = NSTemporaryDirectory() + "folio-tmpfs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path])
    }

    /// Makes the file system read-only.
    public func remountReadOnly() throws {
        try Self.mount(["-o", "remount,ro", path])
    }

    /// The names in the folder, sorted.
    public var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    deinit {
        _ = try? FolioProcess.run(program: "/bin/umount", [path])
        rmdir(path)
    }

    private static func mount(_ arguments: [String]) throws {
        let result = try FolioProcess.run(program: "/bin/mount", arguments)
        guard result.status == 0 else { throw MountFailure(message: result.stderr) }
    }

    private struct MountFailure: Error {
        var message: String
    }
}
