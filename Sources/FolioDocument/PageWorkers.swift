import Foundation

/// Works through a list of pages on several threads at once and hands the results back in page
/// order, for the batch modes (`--text`, `--search`) that read every page of a document.
///
/// A MuPDF context serves one thread at a time and a ``Document`` serialises every call on it, so
/// each worker needs a document of its own: the first worker uses the document it is given, each
/// other one opens a copy (``Document/reopened()``) on its own thread. Workers take the next page
/// from a shared counter, so a slow page holds up only its worker, and never run more than
/// `lookahead` pages ahead of the consumer, so memory stays bounded however long the document is.
///
/// Reflowable documents (EPUB, FB2) are laid out in full when they are opened, which costs more
/// than extracting all their text, so they get one worker.
public final class PageWorkers<Value: Sendable>: IteratorProtocol {
    /// The work for one page, run on a worker thread with that worker's document.
    public typealias Work =
        @Sendable (_ document: Document, _ page: Int, _ cancellation: Cancellation)
        throws(DocumentError) -> Value

    /// The most workers used however many processors there are: each holds its own copy of the
    /// document's parsed objects.
    public static var maximumWorkerCount: Int { 8 }

    private let shared: Shared<Value>

    /// Starts the workers on `pages` (0-based, in the order the results are wanted).
    ///
    /// - Parameters:
    ///   - workerCount: the number of threads; by default one per available processor.
    ///   - lookahead: how many pages past the one the consumer waits for may be worked on or held.
    ///   - timeLimit: seconds each page may take before its cancellation fires.
    public init(
        document: Document, pages: [Int], workerCount: Int? = nil, lookahead: Int = 64, timeLimit: Double? = nil,
        work: @escaping Work
    ) {
        var workers = workerCount ?? min(ProcessInfo.processInfo.activeProcessorCount, Self.maximumWorkerCount)
        if (try? document.isReflowable) != false {
            workers = 1
        }
        workers = max(1, min(workers, pages.count))
        shared = Shared<Value>(
            pages: pages, lookahead: max(lookahead, workers), timeLimit: timeLimit, workerCount: workers)
        for index in 0..<workers {
            let shared = shared
            DocumentThread.start(name: "folio.page-worker") {
                if index == 0 {
                    shared.run(with: document, work)
                } else if let copy = try? document.reopened() {
                    shared.run(with: copy, work)
                }
                shared.workerFinished()
            }
        }
    }

    deinit {
        stop()
    }

    /// The next page's result, in the order of `pages`; nil after the last one or after ``stop()``.
    public func next() -> (page: Int, result: Result<Value, DocumentError>)? {
        shared.next()
    }

    /// Stops handing out pages, cancels the pages being worked on and waits for the workers to
    /// finish. Called on deinit; safe to call more than once.
    public func stop() {
        shared.stop()
    }
}

/// The state the workers and the consumer share, guarded by one condition variable.
private final class Shared<Value: Sendable>: @unchecked Sendable {
    let pages: [Int]
    let lookahead: Int
    let timeLimit: Double?
    private let condition = NSCondition()
    /// The index into `pages` of the next page to hand to a worker.
    private var nextToClaim = 0
    /// The index into `pages` of the next result the consumer takes.
    private var nextToDeliver = 0
    private var results: [Int: Result<Value, DocumentError>] = [:]
    private var inFlight: [Int: Cancellation] = [:]
    private var runningWorkers: Int
    private var isStopped = false

    init(pages: [Int], lookahead: Int, timeLimit: Double?, workerCount: Int) {
        self.pages = pages
        self.lookahead = lookahead
        self.timeLimit = timeLimit
        runningWorkers = workerCount
    }

    /// A worker's loop: claim a page, work on it, post the result, until none are left.
    func run(with document: Document, _ work: PageWorkers<Value>.Work) {
        while let (index, cancellation) = claim() {
            let result: Result<Value, DocumentError>
            do throws(DocumentError) {
                result = .success(try work(document, pages[index], cancellation))
            } catch {
                result = .failure(error)
            }
            condition.withLock {
                inFlight[index] = nil
                results[index] = result
                condition.broadcast()
            }
        }
    }

    private func claim() -> (Int, Cancellation)? {
        condition.withLock { () -> (Int, Cancellation)? in
            while !isStopped, nextToClaim < pages.count, nextToClaim >= nextToDeliver + lookahead {
                condition.wait()
            }
            guard !isStopped, nextToClaim < pages.count else { return nil }
            let index = nextToClaim
            nextToClaim += 1
            // The time limit starts now, not before the wait: a consumer writing to a slow pipe
            // must not use up the page's time.
            let cancellation = Cancellation(timeLimit: timeLimit)
            inFlight[index] = cancellation
            return (index, cancellation)
        }
    }

    func workerFinished() {
        condition.withLock {
            runningWorkers -= 1
            condition.broadcast()
        }
    }

    func next() -> (page: Int, result: Result<Value, DocumentError>)? {
        condition.withLock { () -> (page: Int, result: Result<Value, DocumentError>)? in
            while !isStopped, nextToDeliver < pages.count, results[nextToDeliver] == nil, runningWorkers > 0 {
                condition.wait()
            }
            guard !isStopped, nextToDeliver < pages.count, let result = results.removeValue(forKey: nextToDeliver)
            else { return nil }
            let page = pages[nextToDeliver]
            nextToDeliver += 1
            condition.broadcast()
            return (page, result)
        }
    }

    func stop() {
        condition.withLock {
            isStopped = true
            for cancellation in inFlight.values {
                cancellation.cancel()
            }
            condition.broadcast()
            while runningWorkers > 0 {
                condition.wait()
            }
            results.removeAll()
        }
    }
}
