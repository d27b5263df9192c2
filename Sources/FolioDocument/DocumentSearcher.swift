import Dispatch
public import FolioCore

/// Runs the reader's searches in the background on a document of its own, page by page, so
/// searching never delays page loads. Matching uses ``SearchPattern`` on the lines of each
/// page's text, exactly as `folio --search` does (a match may run on from one line into the next), and for a phrase of a script written without
/// spaces also on the page's reflowed paragraphs, where it may run across a line break.
public final class DocumentSearcher: Sendable {
    /// What a search reports, on the searcher's thread.
    public enum Report: Sendable {
        case progress(id: Int, searched: Int, total: Int)
        case found(id: Int, page: Int)
        case notFound(id: Int)
        /// Search `id` could not open its copy of the document.
        case failed(id: Int, error: DocumentError)
        /// Search `id` gave up on `page` (0-based): its pattern took longer than `seconds` there.
        case tooCostly(id: Int, page: Int, seconds: Double)
        /// Count `id` looked through pages up to `counted` (of `total`); `matches` holds the
        /// pages among them not reported before that have matches, with how many.
        case counted(id: Int, matches: [PageMatchCount], counted: Int, total: Int)
    }

    private let worker: BackgroundWorker<SearchRequest>
    private let counter: BackgroundWorker<MatchCountRequest>

    /// Reports are delivered through `report`; searches open their own copy of `source`.
    public init(source: Document, report: @escaping @Sendable (Report) -> Void) {
        let copy = WorkerDocument(reopening: source)
        worker = BackgroundWorker(name: "folio.search", timeLimit: TimeLimits.searchPage) { job in
            Self.run(job, in: copy, report: report)
        }
        let countingCopy = WorkerDocument(reopening: source)
        counter = BackgroundWorker(name: "folio.search.count", timeLimit: TimeLimits.searchPage) { job in
            Self.count(job, in: countingCopy, report: report)
        }
    }

    /// Starts counting every match of `request`'s pattern, replacing any count still running.
    public func count(_ request: MatchCountRequest) {
        counter.cancelAll()
        counter.submit([request])
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

    /// Stops the searcher's threads.
    public func stop() {
        worker.stop()
        counter.stop()
    }

    /// Goes through every page in order, counting the pattern's matches on the lines of each,
    /// and reports the counts in batches (about ten a second).
    private static func count(
        _ job: BackgroundWorker<MatchCountRequest>.Job, in copy: WorkerDocument, report: @Sendable (Report) -> Void
    ) {
        let request = job.request
        guard let document = try? copy.document() else { return }
        let pageCount = (try? document.pageCount) ?? 0
        var batch: [PageMatchCount] = []
        var lastReport = DispatchTime.now()
        for page in 0..<pageCount {
            guard !job.isCancelled else { return }
            let text = (try? document.plainText(page: page, cancellation: job.operation())) ?? ""
            // A pattern too costly on a page stops the count there: the count stays unfinished.
            guard
                let matches = try? request.pattern.lineMatches(
                    in: text.split(separator: "\n", omittingEmptySubsequences: false),
                    until: .after(seconds: TimeLimits.searchPage)
                ).count
            else { return }
            if matches > 0 {
                batch.append(PageMatchCount(page: page, matches: matches))
            }
            let now = DispatchTime.now()
            if page == pageCount - 1 || now.uptimeNanoseconds - lastReport.uptimeNanoseconds > 100_000_000 {
                lastReport = now
                guard !job.isCancelled else { return }
                report(.counted(id: request.id, matches: batch, counted: page + 1, total: pageCount))
                batch = []
            }
        }
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
            report(.failed(id: request.id, error: error))
            return
        }
        let documentPages = (try? document.pageCount) ?? 0
        var lastReport = DispatchTime.now()
        for index in 0..<min(request.pageCount, documentPages) {
            guard !job.isCancelled else { return }
            let page = request.page(at: index, documentPages: documentPages)
            // A page that cannot be read has no matches; the search goes on.
            let text = (try? document.plainText(page: page, cancellation: job.operation())) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let found: Bool
            do throws(SearchTooCostly) {
                found =
                    try !request.pattern.matchingLineIndices(in: lines, until: .after(seconds: TimeLimits.searchPage))
                    .starts.isEmpty
            } catch {
                if !job.isCancelled {
                    report(.tooCostly(id: request.id, page: page, seconds: TimeLimits.searchPage))
                }
                return
            }
            if found
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
