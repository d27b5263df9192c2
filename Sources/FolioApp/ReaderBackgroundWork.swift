import Dispatch
import FolioCore
import FolioDocument
import FolioState
import FolioTerminal

/// The workers of one version of the document that the reader's effects go to: the page
/// loader, the searcher, the query worker (outline and links), the copy worker, and a queue for
/// clipboard programs and state files. Results come back through the session's mailbox.
final class ReaderBackgroundWork {
    private let services: SessionServices
    private let searchHistory: SearchHistory?
    private let marks: (store: MarkStore, document: String)?
    private let mailbox: SessionMailbox<ReaderMail>
    /// Page text, for ``ReaderEffect/loadPages(_:)``.
    let loader: PageLoader
    /// Searches and match counts.
    let searcher: DocumentSearcher
    /// The outline and links, read on a copy of the document of their own.
    let queries: BackgroundWorker<DocumentQuery>
    /// Copying the whole document (the request is its page count), on a copy of its own.
    let copier: BackgroundWorker<Int>
    /// Clipboard programs and state files, in order (no MuPDF work).
    private let background = DispatchQueue(label: "folio.reader.background")

    init(
        document: Document, services: SessionServices, searchHistory: SearchHistory?,
        marks: (store: MarkStore, document: String)?, mailbox: SessionMailbox<ReaderMail>
    ) {
        self.marks = marks
        self.services = services
        self.searchHistory = searchHistory
        self.mailbox = mailbox
        let queryCopy = WorkerDocument(reopening: document)
        let queries = BackgroundWorker<DocumentQuery>(
            name: "folio.reader.queries", timeLimit: TimeLimits.outlineAndLinks
        ) { job in
            Self.answer(job, in: queryCopy, mailbox: mailbox)
        }
        self.queries = queries
        let copyingCopy = WorkerDocument(reopening: document)
        copier = BackgroundWorker(name: "folio.reader.copy", timeLimit: TimeLimits.pageText) { job in
            Self.extractAll(job, in: copyingCopy, mailbox: mailbox)
        }
        loader = PageLoader(document: document) { page, result in
            switch result {
            case .success(let text):
                mailbox.post(.event(.pageLoaded(page: page, text: text)))
                // The text view marks the page's links: they follow its text.
                queries.submit([.pageLinks(page: page)])
            case .failure(let error): mailbox.post(.event(.pageFailed(page: page, reason: DocumentFailure(error))))
            }
        }
        searcher = DocumentSearcher(source: document) { report in
            switch report {
            case .progress(let id, let searched, let total):
                mailbox.post(.event(.searchProgress(id: id, searched: searched, total: total)))
            case .found(let id, let page): mailbox.post(.event(.searchFound(id: id, page: page)))
            case .notFound(let id): mailbox.post(.event(.searchFailed(id: id, reason: nil)))
            case .failed(let id, let error):
                mailbox.post(.event(.searchFailed(id: id, reason: .documentFailed(DocumentFailure(error)))))
            case .tooCostly(let id, let page, let seconds):
                mailbox.post(.event(.searchFailed(id: id, reason: .tooCostly(page: page, seconds: seconds))))
            case .counted(let id, let matches, let counted, let total):
                mailbox.post(.event(.matchesCounted(id: id, matches: matches, counted: counted, total: total)))
            }
        }
    }

    /// Stops the loader, the searcher and the document queries.
    func stop() {
        loader.stop()
        searcher.stop()
        queries.stop()
        copier.stop()
    }

    /// Keeps `pattern` in the search history, in the background (nothing when there is none).
    func recordSearch(_ pattern: String) {
        guard let searchHistory else { return }
        let mailbox = mailbox
        background.async {
            do throws(StateError) {
                try searchHistory.record(pattern)
            } catch {
                mailbox.post(.event(.notice(.searchHistoryNotSaved(reason: "\(error)"))))
            }
        }
    }

    /// Keeps `mark` in the mark store, in the background (nothing when marks are not kept).
    func saveMark(_ mark: Mark) {
        guard let marks else { return }
        let mailbox = mailbox
        background.async {
            do throws(StateError) {
                try marks.store.save(mark, in: marks.document)
            } catch {
                mailbox.post(.event(.notice(.markNotSaved(letter: mark.letter, reason: "\(error)"))))
            }
        }
    }

    /// Hands `text` to a clipboard program in the background, then reports the copy.
    func copyWithTool(_ text: String, description: String, sentOSC52: Bool) {
        let services = services
        let mailbox = mailbox
        background.async {
            let tool = services.copyWithTool(text)
            let outcome = CopyOutcome(
                characters: text.count, description: description, sentOSC52: sentOSC52, tool: tool,
                osc52Enabled: services.sendsOSC52, osc52Limit: Clipboard.osc52Limit)
            mailbox.post(.event(.notice(.copied(outcome))))
        }
    }

    /// Reads what `job` asks of the document (on `copy`, with the job's time limit) and posts it.
    private static func answer(
        _ job: BackgroundWorker<DocumentQuery>.Job, in copy: WorkerDocument, mailbox: SessionMailbox<ReaderMail>
    ) {
        switch job.request {
        case .outline:
            do throws(DocumentError) {
                mailbox.post(.event(.outlineLoaded(try copy.document().outline(cancellation: job.operation()).entries)))
            } catch {
                mailbox.post(.event(.outlineFailed(DocumentFailure(error))))
            }
        case .links(let page):
            let links = (try? copy.document().links(page: page, cancellation: job.operation())) ?? []
            mailbox.post(.event(.linksLoaded(page: page, links: links)))
        case .pageLinks(let page):
            guard let links = try? copy.document().links(page: page, cancellation: job.operation()), !links.isEmpty
            else { return }
            mailbox.post(.event(.pageLinksLoaded(page: page, links: links)))
        }
    }

    /// Extracts every page's text (on a document of its own, so page loads don't wait), with
    /// progress notices, and hands the result back for the clipboard. The request is the page count.
    private static func extractAll(
        _ job: BackgroundWorker<Int>.Job, in copy: WorkerDocument, mailbox: SessionMailbox<ReaderMail>
    ) {
        let pageCount = job.request
        do throws(DocumentError) {
            let document = try copy.document()
            var text = ""
            var lastNotice = DispatchTime.now()
            for page in 0..<pageCount {
                // The reader has ended (or a newer copy was asked for): nothing waits for the text.
                if job.isCancelled { return }
                text += (try? document.plainText(page: page, cancellation: job.operation())) ?? ""
                text += "\u{0C}"
                if DispatchTime.now().uptimeNanoseconds - lastNotice.uptimeNanoseconds > 200_000_000 {
                    lastNotice = DispatchTime.now()
                    mailbox.post(.event(.notice(.copyProgress(done: page + 1, pageCount: pageCount))))
                }
            }
            mailbox.post(.copy(text: text, description: "the whole document (\(pageCount) pages)"))
        } catch {
            mailbox.post(.event(.notice(.documentNotCopied(DocumentFailure(error)))))
        }
    }
}

/// What the reader asks of its document besides page text and searches.
enum DocumentQuery: Hashable, Sendable {
    /// The outline, for the outline list.
    case outline
    /// A page's links, for the links list.
    case links(page: Int)
    /// A page's links, for the text view's link marks (nothing is posted when it has none).
    case pageLinks(page: Int)
}
