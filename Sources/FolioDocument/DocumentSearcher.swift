import Dispatch
public import FolioCore

/// Runs the reader's searches in the background on a document of its own, page by page, so
/// searching never delays page loads. Matching uses ``SearchPattern`` on the lines of each
/// page's text, exactly as `folio --search` does, and for a phrase of a script written without
/// spaces also on the page's reflowed paragraphs, where it may run across a line break.
public final class DocumentSearcher: Sendable {
    /// What a search reports, on the searcher's thread.
    public enum Report: Sendable {
        case progress(id: Int, searched: Int, total: Int)
        case found(id: Int, page: Int)
        case notFound(id: Int)
        case failed(id: Int, reason: String)
    }

    private let worker: BackgroundWorker<SearchRequest>

    /// Reports are delivered through `report`; searches open their own copy of `source`.
    public init(source: Document, report: @escaping @Sendable (Report) -> Void) {
        let copy = WorkerDocument(reopening: source)
        worker = BackgroundWorker(name: "folio.search", timeLimit: TimeLimits.searchPage) { job in
            Self.run(job, in: copy, report: report)
        }
    }

    /// Starts `request`, replacing any search still running.
    public func start(_ request: SearchRequest) {
        worker.cancelAll()
        worker.submit([request])
    }

    /// Stops the running search; it reports nothing more.
    public func cancel() {
        worker.cancelAll()
    }

    /// Stops the searcher's thread.
    public func stop() {
        worker.stop()
    }

    /// Whether a paragraph of `page`, reflowed as the reader shows it (lines of Chinese or
    /// Japanese joined without a space), contains `pattern`.
    private static func paragraphsMatch(
        _ pattern: SearchPattern, page: Int, in document: Document, _ job: BackgroundWorker<SearchRequest>.Job
    ) -> Bool {
        guard let text = try? document.text(page: page, cancellation: job.operation()) else { return false }
        return TextLayout.reflow(text, width: TextLayout.unlimitedWidth).contains { pattern.matches($0.text) }
    }

    private static func run(
        _ job: BackgroundWorker<SearchRequest>.Job, in copy: WorkerDocument, report: @Sendable (Report) -> Void
    ) {
        let request = job.request
        let document: Document
        do throws(DocumentError) {
            document = try copy.document()
        } catch {
            report(.failed(id: request.id, reason: error.description))
            return
        }
        let documentPages = (try? document.pageCount) ?? 0
        var lastReport = DispatchTime.now()
        for index in 0..<min(request.pageCount, documentPages) {
            guard !job.isCancelled else { return }
            let page = request.page(at: index, documentPages: documentPages)
            // A page that cannot be read has no matches; the search goes on.
            let text = (try? document.plainText(page: page, cancellation: job.operation())) ?? ""
            if text.split(separator: "\n").contains(where: { request.pattern.matches($0) })
                || (request.pattern.mayCrossLines && paragraphsMatch(request.pattern, page: page, in: document, job))
            {
                if !job.isCancelled {
                    report(.found(id: request.id, page: page))
                }
                return
            }
            let now = DispatchTime.now()
            if !job.isCancelled, now.uptimeNanoseconds - lastReport.uptimeNanoseconds > 100_000_000 {
                lastReport = now
                report(.progress(id: request.id, searched: index + 1, total: request.pageCount))
            }
        }
        if !job.isCancelled {
            report(.notFound(id: request.id))
        }
    }
}
