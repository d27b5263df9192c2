/// Remote control (`folio --remote`): a request from an editor or a script, carried out as the
/// keys would, and the reply to send back. `synctex` is not among them: its place is found by the
/// owner first, then comes in as ``ReaderEvent/syncTeXPlaceFound(page:boxes:)``.
extension ReaderState {
    /// Carries out `request` (any but `synctex`) on the reader showing the document at `file`
    /// (its absolute path, for the `page` reply): the work it calls for, and the reply.
    ///
    /// A request that moves the reader (goto, search, view) closes a list or prompt on the page
    /// first, as a jump does; a note being typed is never lost: every request but `page` is
    /// refused instead (``remoteRefusal``).
    public mutating func answer(_ request: RemoteRequest, file: String) -> (effects: [ReaderEffect], reply: RemoteReply)
    {
        if request != .page, let refusal = remoteRefusal {
            return ([], .failure(refusal))
        }
        switch request {
        case .page:
            return ([], .ok(pageReport(file: file).line))
        case .goTo(let typed):
            return goTo(remote: typed, file: file)
        case .reload:
            message = .reloading(fileName: document.fileName)
            return ([.reloadDocument], .ok("reloading"))
        case .search(let text):
            guard !text.isEmpty else { return ([], .failure("search needs the text to look for")) }
            if let error = SearchPattern.regexError(in: text) {
                return ([], .failure("\(text) is no pattern: \(error)"))
            }
            leaveForRemote()
            let effects = searchFor(SearchPrompt(editor: LineEditor(text: text), direction: .forward, selection: nil))
            return (effects, .ok("searching for \(text)"))
        case .view(let view):
            if view == images.viewMode {
                return ([], .ok(pageReport(file: file).line))
            }
            if case .unavailable(let reason) = images.availability, view == .image {
                return ([], .failure("no image view here: \(reason)"))
            }
            leaveForRemote()
            let effects = toggleView()
            return (effects, .ok(pageReport(file: file).line))
        case .syncTeX:
            return ([], .failure("synctex is answered by the reader's SyncTeX worker"))
        case .quit:
            return ([.quit], .ok("quitting"))
        }
    }

    /// Why the reader takes no request that would move or end it now, if it takes none: a note
    /// is being typed, which the request would lose.
    public var remoteRefusal: String? {
        if case .notePrompt = mode { return "a note is being typed in the reader: try again once it is saved" }
        return nil
    }

    /// Where the reader is, for the `page` reply and for the reply to a request that moved it.
    public func pageReport(file: String) -> RemotePageReport {
        RemotePageReport(
            page: currentPage + 1, label: document.pageLabels.distinctLabel(ofPage: currentPage),
            view: images.viewMode, file: file)
    }

    /// `goto`: a number is a physical page (from 1), `@LABEL` the page printed LABEL.
    private mutating func goTo(remote typed: String, file: String) -> (effects: [ReaderEffect], reply: RemoteReply) {
        let pageCount = document.pageCount
        let page: Int
        if typed.hasPrefix(PageNumberRule.labelMark) {
            let label = String(typed.dropFirst())
            guard let labelled = document.pageLabels.page(labelled: label) else {
                let labels = document.pageLabels
                return (
                    [],
                    .failure(
                        labels.isEmpty
                            ? "the document has no page labels" : "no page is labelled \(label) (\(labels.summary))")
                )
            }
            page = labelled
        } else {
            guard let number = Int(typed), number >= 1, number <= pageCount else {
                return (
                    [], .failure("no page \(typed): the document has \(pageCount) page\(pageCount == 1 ? "" : "s")")
                )
            }
            page = number - 1
        }
        leaveForRemote()
        let effects = jump(to: page)
        return (effects, .ok(pageReport(file: file).line))
    }

    /// Closes what a remote request that moves the reader would leave stale: a prompt, a list,
    /// a selection (a note prompt never gets here).
    private mutating func leaveForRemote() {
        if mode != .reading {
            mode = .reading
        }
    }
}
