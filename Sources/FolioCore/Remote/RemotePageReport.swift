/// Where a reader is, as it answers the remote `page` request: the text of its `ok` reply.
///
/// The format, fields in this order, one space between them:
///
///     page=12 label=xii view=text file=/home/me/paper.pdf
///
/// - `page`: the physical page shown, from 1.
/// - `label`: the page's printed label, empty when it has none; a space in it is written `%20`
///   and a `%` as `%25`, so the field holds no space.
/// - `view`: `text` or `image`.
/// - `file`: the document's absolute path, to the end of the line (so a path with spaces needs
///   no quoting). The reply line replaces control characters in it with U+FFFD, as every reply
///   does (``RemoteReply``).
///
/// `folio --remote --to FILE` finds the reader showing FILE by this `file`, and
/// `folio --remote --list` prints these fields.
public struct RemotePageReport: Sendable, Equatable {
    /// The physical page shown, from 1.
    public var page: Int
    /// The page's printed label; nil when it has none.
    public var label: String?
    /// The view the reader shows.
    public var view: ViewMode
    /// The document's absolute path.
    public var file: String

    /// A report of page `page` (labelled `label`) of `file`, shown in `view`.
    public init(page: Int, label: String?, view: ViewMode, file: String) {
        self.page = page
        self.label = label
        self.view = view
        self.file = file
    }

    /// The report as the `ok` reply's text (without the `ok `).
    public var line: String {
        let label = (label ?? "").replacing("%", with: "%25").replacing(" ", with: "%20")
        return "page=\(page) label=\(label) view=\(view == .text ? "text" : "image") file=\(file)"
    }

    /// The report in `line`, the text of an `ok` reply (``line``'s format); nil when it is not
    /// in that format.
    public init?(line: String) {
        let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0].hasPrefix("page="), fields[1].hasPrefix("label="),
            fields[2].hasPrefix("view="), fields[3].hasPrefix("file="),
            let page = Int(fields[0].dropFirst(5)), page >= 1
        else { return nil }
        let view: ViewMode
        switch fields[2].dropFirst(5) {
        case "text": view = .text
        case "image": view = .image
        default: return nil
        }
        let file = String(fields[3].dropFirst(5))
        guard !file.isEmpty else { return nil }
        let label = String(fields[1].dropFirst(6)).replacing("%20", with: " ").replacing("%25", with: "%")
        self.init(page: page, label: label.isEmpty ? nil : label, view: view, file: file)
    }
}
