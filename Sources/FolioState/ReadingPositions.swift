import FolioCore
import Glibc

/// Where the reader left each document, so that `folio FILE` opens it again at that page.
///
/// The positions live in one small file, `$XDG_STATE_HOME/folio/positions` (by default
/// `~/.local/state/folio/positions`): a line per document, `PAGE<TAB>PATH`, the most recently
/// read last, at most ``capacity`` of them. Several readers may run at once and any of them may
/// be killed at any moment, so the file is never written in place: a writer takes an exclusive
/// lock (`flock` on `positions.lock`), reads the file again, changes its own line, writes the
/// whole into a temporary file in the same folder, flushes it to disk and renames it over the
/// old one. A reader of the file sees the old version or the new one, never a mix; two writers
/// each keep the other's line.
public struct ReadingPositions: Sendable {
    /// The file with the positions.
    public let path: String
    /// How many documents are remembered; reading one more forgets the least recently read.
    public static let capacity = 1000

    /// The positions kept in `path`.
    public init(path: String) {
        self.path = path
    }

    /// The standard place for the positions file, from `XDG_STATE_HOME` or else `HOME`; nil
    /// when neither is set (then nothing is remembered).
    public static func standardPath(environment: [String: String]) -> String? {
        StateFolder.standard(environment: environment).map { $0 + "/positions" }
    }

    /// The page (0-based) where `document` (an absolute path) was left, if it is remembered.
    public func page(of document: String) -> Int? {
        Self.parse(Self.contents(of: path)).last { $0.document == document }?.page
    }

    /// Remembers that `document` (an absolute path) was left at `page` (0-based).
    public func remember(page: Int, of document: String) throws(StateError) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try Self.makeFolders(folder)
        let lock = open(FileSystemName.cString(path + ".lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw StateError.failed("cannot open \(path).lock", errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StateError.failed("cannot lock \(path).lock", errno) }
        }
        var entries = Self.parse(Self.contents(of: path)).filter { $0.document != document }
        entries.append(Entry(page: page, document: document))
        entries = Array(entries.suffix(Self.capacity))
        try Self.replace(path, in: folder, with: Self.format(entries))
    }

    struct Entry: Equatable {
        var page: Int
        var document: String
    }

    /// The entries of a positions file; lines that do not parse are skipped.
    static func parse(_ bytes: [UInt8]) -> [Entry] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")),
                let page = Int(String(decoding: line[..<tab], as: UTF8.self)), page >= 0,
                let document = unescape(line[(tab + 1)...]), document.hasPrefix("/")
            else { return nil }
            return Entry(page: page, document: document)
        }
    }

    static func format(_ entries: [Entry]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries {
            bytes += Array("\(entry.page)\t".utf8) + escape(entry.document) + [UInt8(ascii: "\n")]
        }
        return bytes
    }

    /// A path's bytes with `\`, tab and newline written as `\\`, `\t` and `\n`, so that any
    /// path fits on one line.
    private static func escape(_ document: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for byte in FileSystemName.bytes(document) {
            switch byte {
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            default: bytes.append(byte)
            }
        }
        return bytes
    }

    private static func unescape(_ escaped: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        var iterator = escaped.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            switch iterator.next() {
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
            default: return nil
            }
        }
        return FileSystemName.decode(bytes)
    }

    /// The whole file, or nothing when it cannot be read.
    private static func contents(of path: String) -> [UInt8] {
        let descriptor = open(FileSystemName.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// Creates `folder` and the folders above it that are missing (private to the user).
    private static func makeFolders(_ folder: String) throws(StateError) {
        var made = ""
        for component in folder.split(separator: "/") {
            made += "/" + component
            if mkdir(FileSystemName.cString(made), 0o700) != 0 && errno != EEXIST {
                throw StateError.failed("cannot create \(made)", errno)
            }
        }
    }

    /// Writes `bytes` to a new file in `folder`, flushes it to disk and renames it to `path`.
    private static func replace(_ path: String, in folder: String, with bytes: [UInt8]) throws(StateError) {
        var template = FileSystemName.cString(folder + "/.positions.XXXXXX")
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw StateError.failed("cannot create a file in \(folder)", errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var written = 0
        var failure: Int32?
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil && rename(template, FileSystemName.cString(path)) != 0 { failure = errno }
        if let failure {
            unlink(template)
            throw StateError.failed("cannot write \(path)", failure)
        }
    }
}

/// Why the reading positions could not be saved.
public enum StateError: Error, Equatable, CustomStringConvertible {
    /// An operation failed with `errno`.
    case failed(String, Int32)

    public var description: String {
        switch self {
        case .failed(let what, let code): "\(what): \(String(cString: strerror(code)))"
        }
    }
}
