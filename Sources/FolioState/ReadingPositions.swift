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
    /// The largest page a state file may name: a document's pages are numbered by a C `int`
    /// (MuPDF's), so a larger number is damage, and taking it would overflow `page + 1`.
    static let largestPage = Int(Int32.max) - 1

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
        Self.parse(StateFile.contents(of: path)).last { $0.document == document }?.page
    }

    /// Remembers that `document` (an absolute path) was left at `page` (0-based).
    public func remember(page: Int, of document: String) throws(StateError) {
        try StateFile.update(path) { bytes in
            var entries = Self.parse(bytes).filter { $0.document != document }
            entries.append(Entry(page: page, document: document))
            return Self.format(Array(entries.suffix(Self.capacity)))
        }
    }

    struct Entry: Equatable {
        var page: Int
        var document: String
    }

    /// The entries of a positions file; lines that do not parse are skipped.
    static func parse(_ bytes: [UInt8]) -> [Entry] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")),
                let page = Int(String(decoding: line[..<tab], as: UTF8.self)), (0...largestPage).contains(page),
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
    static func escape(_ document: String) -> [UInt8] {
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

    static func unescape(_ escaped: ArraySlice<UInt8>) -> String? {
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
