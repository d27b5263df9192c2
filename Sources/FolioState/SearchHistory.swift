public import FolioCore

/// The patterns searched for, kept across runs so the search prompt's Up brings back last
/// week's search: `$XDG_STATE_HOME/folio/search-history`, one pattern a line, oldest first,
/// the newest ``PromptHistory/limit`` of them. Replaced whole under a lock, as
/// ``ReadingPositions`` is, so two Folios searching at once both keep their patterns.
public struct SearchHistory: Sendable {
    /// The history file.
    public let path: String

    /// The history kept in `path`.
    public init(path: String) {
        self.path = path
    }

    /// The standard place for the history, from `XDG_STATE_HOME` or else `HOME`; nil when
    /// neither is set (then nothing is remembered).
    public static func standardPath(environment: [String: String]) -> String? {
        StateFolder.standard(environment: environment).map { $0 + "/search-history" }
    }

    /// The patterns, oldest first.
    public func patterns() -> PromptHistory {
        PromptHistory(Self.parse(StateFile.contents(of: path)))
    }

    /// Adds `pattern` as the newest one (moving it there when it was kept already).
    public func record(_ pattern: String) throws(StateError) {
        try StateFile.update(path) { bytes in
            var history = PromptHistory(Self.parse(bytes))
            history.record(pattern)
            return Self.format(history.entries)
        }
    }

    /// The lines of a history file, `\\` and `\n` unescaped; lines that do not decode are
    /// skipped.
    static func parse(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            var unescaped: [UInt8] = []
            var iterator = line.makeIterator()
            while let byte = iterator.next() {
                guard byte == UInt8(ascii: "\\") else {
                    unescaped.append(byte)
                    continue
                }
                switch iterator.next() {
                case UInt8(ascii: "\\"): unescaped.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "n"): unescaped.append(UInt8(ascii: "\n"))
                default: return nil
                }
            }
            return String(validating: unescaped, as: UTF8.self)
        }
    }

    static func format(_ patterns: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for pattern in patterns {
            for byte in pattern.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}
