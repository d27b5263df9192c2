public import FolioCore
import Foundation

/// Extracts page text off the input path, one page at a time on a background thread, so flipping
/// never blocks on a slow page. Requests come in priority order (the page the reader needs first,
/// then neighbours to prefetch); pages the user has left are dropped from the queue, and the page
/// being extracted is cancelled through its cookie when it is no longer wanted.
public final class PageLoader: @unchecked Sendable {
    /// Receives each result on the loader's thread.
    public typealias Delivery = @Sendable (_ page: Int, _ result: Result<PageText, DocumentError>) -> Void

    private let document: Document
    private let timeLimit: Double
    private let deliver: Delivery
    private let condition = NSCondition()
    private var queue: [Int] = []
    private var inFlight: (page: Int, cancellation: Cancellation)?
    private var isStopped = false

    /// Starts the loader's thread. `timeLimit` bounds each page (seconds).
    public init(document: Document, timeLimit: Double = 10, deliver: @escaping Delivery) {
        self.document = document
        self.timeLimit = timeLimit
        self.deliver = deliver
        let thread = Thread { [weak self] in self?.run() }
        thread.name = "folio.page-loader"
        thread.start()
    }

    /// Asks for `pages`, most wanted first. Pages already queued move to the front in this order;
    /// the page being extracted is not asked for twice.
    public func load(_ pages: [Int]) {
        condition.withLock {
            queue.removeAll { pages.contains($0) }
            queue.insert(contentsOf: pages.filter { $0 != inFlight?.page }, at: 0)
            condition.signal()
        }
    }

    /// Drops every queued page not in `pages`, and cancels the one in flight if it is not wanted.
    public func cancel(keeping pages: Set<Int>) {
        condition.withLock {
            queue.removeAll { !pages.contains($0) }
            if let inFlight, !pages.contains(inFlight.page) {
                inFlight.cancellation.cancel()
            }
        }
    }

    /// Stops the thread after the current page; nothing more is delivered.
    public func stop() {
        condition.withLock {
            isStopped = true
            queue.removeAll()
            inFlight?.cancellation.cancel()
            condition.signal()
        }
    }

    private func run() {
        while true {
            let next: (page: Int, cancellation: Cancellation)? = condition.withLock {
                while queue.isEmpty && !isStopped {
                    condition.wait()
                }
                guard !isStopped else { return nil }
                let work = (page: queue.removeFirst(), cancellation: Cancellation(timeLimit: timeLimit))
                inFlight = work
                return work
            }
            guard let next else { return }
            let result: Result<PageText, DocumentError>
            do throws(DocumentError) {
                result = .success(try document.text(page: next.page, cancellation: next.cancellation))
            } catch {
                result = .failure(error)
            }
            let wasDropped = condition.withLock {
                inFlight = nil
                return isStopped || (next.cancellation.isCancelled && result == .failure(.cancelled))
            }
            if !wasDropped {
                deliver(next.page, result)
            }
        }
    }
}
