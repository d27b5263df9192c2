public import FolioCore
import Glibc

/// The marks set with `m`, kept across runs in `$XDG_STATE_HOME/folio/marks`: a line per mark,
/// `LETTER<TAB>PAGE<TAB>TOPLINE<TAB>PATH`. A lowercase mark belongs to its document (one per
/// letter and document), an uppercase one is global (one per letter). Replaced whole under a
/// lock, as ``ReadingPositions`` is.
public struct MarkStore: Sendable {
    /// The marks file.
    public let path: String

    /// The marks kept in `path`.
    public init(path: String) {
        self.path = path
    }

    /// The standard place for the marks, from `XDG_STATE_HOME` or else `HOME`; nil when neither
    /// is set (then marks last for the session).
    public static func standardPath(environment: [String: String]) -> String? {
        StateFolder.standard(environment: environment).map { $0 + "/marks" }
    }

    /// The marks `document` (an absolute path) can go to: its own lowercase ones and every
    /// global one, those set in other documents naming their document.
    public func marks(for document: String) -> [Mark] {
        Self.parse(StateFile.contents(of: path)).compactMap { entry in
            guard entry.mark.isGlobal || entry.document == document else { return nil }
            var mark = entry.mark
            mark.document = entry.document == document ? nil : entry.document
            return mark
        }
    }

    /// Keeps `mark`, set in `document` (an absolute path), replacing the mark it overrides.
    public func save(_ mark: Mark, in document: String) throws(StateError) {
        try StateFile.update(path) { bytes in
            var entries = Self.parse(bytes).filter { entry in
                entry.mark.letter != mark.letter || (!mark.isGlobal && entry.document != document)
            }
            var saved = mark
            saved.document = nil
            entries.append(Entry(mark: saved, document: document))
            return Self.format(entries)
        }
    }

    struct Entry {
        var mark: Mark
        var document: String
    }

    static func parse(_ bytes: [UInt8]) -> [Entry] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4,
                let letter = String(validating: fields[0], as: UTF8.self).flatMap(\.first),
                fields[0].count == 1, Mark.isLetter(letter),
                let page = Int(String(decoding: fields[1], as: UTF8.self)),
                (0...ReadingPositions.largestPage).contains(page),
                let topLine = Int(String(decoding: fields[2], as: UTF8.self)), topLine >= 0,
                let document = ReadingPositions.unescape(fields[3]), document.hasPrefix("/")
            else { return nil }
            return Entry(mark: Mark(letter: letter, page: page, topLine: topLine), document: document)
        }
    }

    static func format(_ entries: [Entry]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries {
            bytes += Array("\(entry.mark.letter)\t\(entry.mark.page)\t\(entry.mark.topLine)\t".utf8)
            bytes += ReadingPositions.escape(entry.document) + [UInt8(ascii: "\n")]
        }
        return bytes
    }
}
