internal import CFolioSystem
import FolioCore
import Glibc

/// What tells "the file on disk is still the one that was opened", as editors check before they
/// overwrite a file: its size, its modification time to the nanosecond, which file it is (inode
/// and device: a file renamed over it is another one) and a hash of its first and last 64 KiB
/// (a program that rewrites the file within one tick of the clock, keeping its size, still
/// changes its bytes). A change of the same size, inside the same tick and wholly between the
/// first and last 64 KiB goes unseen; nothing cheaper than reading the whole file would see it.
public struct FileFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The file's size in bytes.
    public var size: Int64
    /// When its contents last changed: seconds since 1970 (`st_mtim.tv_sec`).
    public var modifiedSeconds: Int64
    /// The nanoseconds of that second (`st_mtim.tv_nsec`).
    public var modifiedNanoseconds: Int64
    /// Its inode number.
    public var inode: UInt64
    /// The device it is on.
    public var device: UInt64
    /// A hash (64-bit FNV-1a) of its first ``edgeLength`` bytes and of its last ``edgeLength``.
    public var edgeHash: UInt64

    /// How many bytes at each end of the file are hashed.
    public static let edgeLength = 64 * 1024

    /// Creates a fingerprint from its parts.
    public init(
        size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, inode: UInt64, device: UInt64,
        edgeHash: UInt64
    ) {
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.inode = inode
        self.device = device
        self.edgeHash = edgeHash
    }

    /// The fingerprint of the file at `path` (symbolic links followed).
    public static func of(path: String) throws(FileSaveError) -> FileFingerprint {
        let descriptor = open(FileSystemName.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSaveError(errno: errno, doing: "read", path) }
        defer { close(descriptor) }
        return try of(descriptor: descriptor, path: path)
    }

    /// The fingerprint of the file open as `descriptor` (named `path` in errors).
    public static func of(descriptor: Int32, path: String) throws(FileSaveError) -> FileFingerprint {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSaveError(errno: errno, doing: "read", path) }
        let size = Int64(status.st_size)
        var hash = FNV1a()
        let head = min(size, Int64(edgeLength))
        try hashBytes(of: descriptor, from: 0, count: Int(head), into: &hash, path: path)
        let tailStart = max(size - Int64(edgeLength), 0)
        try hashBytes(of: descriptor, from: tailStart, count: Int(size - tailStart), into: &hash, path: path)
        return FileFingerprint(
            size: size, modifiedSeconds: Int64(status.st_mtim.tv_sec),
            modifiedNanoseconds: Int64(status.st_mtim.tv_nsec),
            inode: UInt64(status.st_ino), device: UInt64(status.st_dev), edgeHash: hash.value)
    }

    public var description: String {
        "\(size) bytes, modified \(modifiedSeconds).\(modifiedNanoseconds), inode \(inode) on device \(device), "
            + "edges \(String(edgeHash, radix: 16))"
    }

    private static func hashBytes(
        of descriptor: Int32, from offset: Int64, count: Int, into hash: inout FNV1a, path: String
    ) throws(FileSaveError) {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = buffer.withUnsafeMutableBytes { raw in
                SystemCall.retryingInterrupts {
                    pread(descriptor, raw.baseAddress! + done, count - done, off_t(offset) + off_t(done))
                }
            }
            switch result {
            case .success(0): throw FileSaveError.failed("read \(path)", "it ended early (it is being changed)")
            case .success(let read): done += read
            case .failure(let failure): throw FileSaveError(errno: failure.code, doing: "read", path)
            }
        }
        hash.add(buffer)
    }
}

/// 64-bit FNV-1a: a fast hash for telling versions of a file, or names, apart (not against an
/// adversary).
public struct FNV1a: Sendable {
    /// The hash of the bytes added so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet.
    public init() {}

    /// Adds `bytes` to the hash.
    public mutating func add(_ bytes: [UInt8]) {
        var value = self.value
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        self.value = value
    }
}
