public import FolioCore
import Foundation

/// Runs the reader's searches in the background on a document of its own, page by page, so
/// searching never delays page loads. Matching uses ``SearchPattern`` on the lines of each
/// page's text, exactly as `folio --search` does.
public final class DocumentSearcher: @unchecked Sendable {
    /// What a search reports, on the searcher's thread.
    public enum Report: Sendable {
        case progress(id: Int, searched: Int, total: Int)
        case found(id: Int, page: Int)
        case notFound(id: Int)
        case failed(id: Int, reason: String)
    }

    private let source: Document
    private let report: @Sendable (Report) -> Void
    private let queue = DispatchQueue(label: "folio.search")
    private let lock = NSLock()
    private var document: Document?
    private var activeID: Int?
    private var cancellation: Cancellation?

    /// Reports are delivered through `report`; searches open their own copy of `source`.
    public init(source: Document, report: @escaping @Sendable (Report) -> Void) {
        self.source = source
        self.report = report
    }

    /// Starts `request`, replacing any search still running.
    public func start(_ request: SearchRequest) {
        lock.withLock {
            cancellation?.cancel()
            activeID = request.id
        }
        queue.async { [self] in run(request) }
    }

    /// Stops the running search; it reports nothing more.
    public func cancel() {
        lock.withLock {
            activeID = nil
            cancellation?.cancel()
        }
    }

    private func isActive(_ id: Int) -> Bool {
        lock.withLock { activeID == id }
    }

    private func run(_ request: SearchRequest) {
        guard isActive(request.id) else { return }
        let document: Document
        if let opened = self.document {
            document = opened
        } else {
            do throws(DocumentError) {
                document = try source.reopened()
                self.document = document
            } catch {
                report(.failed(id: request.id, reason: error.description))
                return
            }
        }
        let documentPages = (try? document.pageCount) ?? 0
        var lastReport = DispatchTime.now()
        for index in 0..<min(request.pageCount, documentPages) {
            let cancellation = Cancellation(timeLimit: 10)
            guard lock.withLock({ () -> Bool in
                guard activeID == request.id else { return false }
                self.cancellation = cancellation
                return true
            }) else { return }
            let page = request.page(at: index, documentPages: documentPages)
            // A page that cannot be read has no matches; the search goes on.
            let text = (try? document.plainText(page: page, cancellation: cancellation)) ?? ""
            if text.split(separator: "\n").contains(where: { request.pattern.matches($0) }) {
                if isActive(request.id) {
                    report(.found(id: request.id, page: page))
                }
                return
            }
            let now = DispatchTime.now()
            if now.uptimeNanoseconds - lastReport.uptimeNanoseconds > 100_000_000 {
                lastReport = now
                report(.progress(id: request.id, searched: index + 1, total: request.pageCount))
            }
        }
        if isActive(request.id) {
            report(.notFound(id: request.id))
        }
    }
}
