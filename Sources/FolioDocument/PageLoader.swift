public import FolioCore

/// Extracts page text off the input path, one page at a time on a background thread, so flipping
/// never blocks on a slow page. Requests come in priority order (the page the reader needs first,
/// then neighbours to prefetch); pages the user has left are dropped from the queue, and the page
/// being extracted is cancelled when it is no longer wanted.
public final class PageLoader: Sendable {
    /// Receives each result on the loader's thread.
    public typealias Delivery = @Sendable (_ page: Int, _ result: Result<PageText, DocumentError>) -> Void

    private let worker: BackgroundWorker<Int>

    /// Starts the loader's thread. `timeLimit` bounds each page (seconds).
    public init(document: Document, timeLimit: Double = TimeLimits.pageText, deliver: @escaping Delivery) {
        worker = BackgroundWorker(name: "folio.page-loader", timeLimit: timeLimit) { job in
            let result: Result<PageText, DocumentError>
            do throws(DocumentError) {
                result = .success(try document.text(page: job.request, cancellation: job.operation()))
            } catch {
                result = .failure(error)
            }
            // A page extracted all the same is worth keeping; one that was stopped is not.
            if !job.isStopped, !(job.isCancelled && result == .failure(.cancelled)) {
                deliver(job.request, result)
            }
        }
    }

    /// Asks for `pages`, most wanted first. Pages already queued move to the front in this order;
    /// the page being extracted is not asked for twice.
    public func load(_ pages: [Int]) {
        worker.submit(pages)
    }

    /// Drops every queued page not in `pages`, and cancels the one in flight if it is not wanted.
    public func cancel(keeping pages: Set<Int>) {
        worker.cancel(keeping: pages)
    }

    /// Stops the thread after the current page; nothing more is delivered.
    public func stop() {
        worker.stop()
    }
}
