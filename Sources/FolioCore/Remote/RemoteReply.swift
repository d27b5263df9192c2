/// A reader's answer to a ``RemoteRequest``: one line on the wire, `ok` or `ok TEXT` when the
/// request was carried out, `error: REASON` when it was not.
///
/// The line is always one line: a control character in the text (a newline, an escape) is
/// replaced by U+FFFD as ``TerminalSafeText`` does, so the client can print it as it is, and the
/// text is cut to ``longestText`` bytes.
public enum RemoteReply: Sendable, Equatable {
    /// Done; what there is to say about it (empty for nothing).
    case ok(String)
    /// Not done, and why.
    case failure(String)

    /// The most bytes (UTF-8) of text a reply carries; longer text is cut and ends in "…".
    public static let longestText = 8192

    /// The reply as a line on the wire, without its newline.
    public var line: String {
        switch self {
        case .ok(let text): text.isEmpty ? "ok" : "ok " + Self.bounded(text)
        case .failure(let reason): "error: " + Self.bounded(reason)
        }
    }

    /// Whether the request was carried out.
    public var isOK: Bool {
        if case .ok = self { return true }
        return false
    }

    /// The reply `line` (without its newline) carries; nil when it is no reply (neither `ok`
    /// nor `error:`).
    public init?(line: String) {
        if line == "ok" {
            self = .ok("")
        } else if line.hasPrefix("ok ") {
            self = .ok(String(line.dropFirst(3)))
        } else if line.hasPrefix("error:") {
            let reason = line.dropFirst(6)
            self = .failure(String(reason.first == " " ? reason.dropFirst() : reason))
        } else {
            return nil
        }
    }

    /// `text` made safe for one line and cut to ``longestText`` bytes.
    private static func bounded(_ text: String) -> String {
        let safe = TerminalSafeText.sanitized(text)
        guard safe.utf8.count > longestText else { return safe }
        var kept = String.UnicodeScalarView()
        var length = 0
        let ellipsis: Unicode.Scalar = "…"
        let room = longestText - String(ellipsis).utf8.count
        for scalar in safe.unicodeScalars {
            length += String(scalar).utf8.count
            guard length <= room else { break }
            kept.append(scalar)
        }
        kept.append(ellipsis)
        return String(kept)
    }
}
