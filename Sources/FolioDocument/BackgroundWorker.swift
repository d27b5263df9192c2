import Foundation

/// One background thread that works through requests one at a time, most wanted first: the
/// reader's page loader, its image renderer and its searcher are each one of these.
///
/// Requests come in priority order (``submit(_:)``); requests the reader no longer wants are
/// dropped from the queue, and the one in flight is cancelled through its ``Job``
/// (``cancel(keeping:)``). Each MuPDF operation a job runs gets a ``Cancellation`` from
/// ``Job/operation()``, bounded by the worker's time limit, which cancelling the job fires.
public final class BackgroundWorker<Request: Hashable & Sendable>: @unchecked Sendable {
    /// The request being worked on, as the work sees it.
    public final class Job: @unchecked Sendable {
        /// What to do.
        public let request: Request
        private let timeLimit: Double?
        private let lock = NSLock()
        private var cancelled = false
        private var stopped = false
        /// The operation running now: a job runs its operations one after another.
        private var currentOperation: Cancellation?

        init(request: Request, timeLimit: Double?) {
            self.request = request
            self.timeLimit = timeLimit
        }

        /// Whether the job is no longer wanted (cancelled, or the worker stopped): its
        /// operations are cancelled, and a result it could not finish is to be dropped.
        public var isCancelled: Bool {
            lock.withLock { cancelled }
        }

        /// Whether the worker was stopped: nothing the job made is to be delivered.
        public var isStopped: Bool {
            lock.withLock { stopped }
        }

        /// A cancellation for one MuPDF operation of this job, with the worker's time limit;
        /// already cancelled when the job is.
        public func operation() -> Cancellation {
            let cancellation = Cancellation(timeLimit: timeLimit)
            lock.withLock {
                currentOperation = cancellation
                if cancelled {
                    cancellation.cancel()
                }
            }
            return cancellation
        }

        func cancel(stopping: Bool = false) {
            lock.withLock {
                cancelled = true
                stopped = stopped || stopping
                currentOperation?.cancel()
            }
        }
    }

    private let name: String
    private let work: @Sendable (Job) -> Void
    private let timeLimit: Double?
    private let condition = NSCondition()
    private var queue: [Request] = []
    private var inFlight: Job?
    private var isStarted = false
    private var isStopped = false

    /// A worker whose thread, called `name`, starts with the first request (a reader that never
    /// searches never starts a search thread) and runs until ``stop()``; `work` runs each job on
    /// it. `timeLimit` (seconds) bounds each operation of a job.
    public init(name: String, timeLimit: Double?, work: @escaping @Sendable (Job) -> Void) {
        self.name = name
        self.work = work
        self.timeLimit = timeLimit
    }

    /// Asks for `requests`, most wanted first. Requests already queued move to the front in this
    /// order; the request in flight is not asked for twice, unless it was cancelled (the reader
    /// left it and came back): then it is queued again.
    public func submit(_ requests: [Request]) {
        condition.withLock {
            queue.removeAll { requests.contains($0) }
            let running = inFlight.flatMap { $0.isCancelled ? nil : $0.request }
            queue.insert(contentsOf: requests.filter { $0 != running }, at: 0)
            if !isStarted, !isStopped, !queue.isEmpty {
                isStarted = true
                DocumentThread.start(name: name) { [weak self] in self?.run() }
            }
            condition.signal()
        }
    }

    /// Drops every queued request not in `requests`, and cancels the one in flight if it is not
    /// wanted.
    public func cancel(keeping requests: Set<Request>) {
        condition.withLock {
            queue.removeAll { !requests.contains($0) }
            if let inFlight, !requests.contains(inFlight.request) {
                inFlight.cancel()
            }
        }
    }

    /// Drops every queued request and cancels the one in flight.
    public func cancelAll() {
        cancel(keeping: [])
    }

    /// Stops the thread after the job in flight, which is cancelled; nothing more runs.
    public func stop() {
        condition.withLock {
            isStopped = true
            queue.removeAll()
            inFlight?.cancel(stopping: true)
            condition.signal()
        }
    }

    private func run() {
        while let job = next() {
            work(job)
            condition.withLock { inFlight = nil }
        }
    }

    private func next() -> Job? {
        condition.withLock {
            while queue.isEmpty && !isStopped {
                condition.wait()
            }
            guard !isStopped else { return nil }
            let job = Job(request: queue.removeFirst(), timeLimit: timeLimit)
            inFlight = job
            return job
        }
    }
}

/// A copy of a document, opened on first use by the one thread that uses it: background work
/// reads its own copy, so it never waits for the reader's page loads, and a MuPDF context is
/// never shared between threads.
public final class WorkerDocument: @unchecked Sendable {
    private let source: Document
    private var copy: Document?

    /// A copy of `source`, to be opened on first use.
    public init(reopening source: Document) {
        self.source = source
    }

    /// The copy, opened now when it is not yet. Call from the worker's thread only.
    public func document() throws(DocumentError) -> Document {
        if let copy {
            return copy
        }
        let opened = try source.reopened()
        copy = opened
        return opened
    }
}
