import Dispatch
import Foundation

/// A thread that runs the time-limited work of one opened document, one job at a time, so that
/// the thread waiting for a job can give up on it: MuPDF work that ignores cancellation cannot be
/// interrupted, only left behind (see ``Document``).
final class WorkerThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var isRetired = false

    /// Starts the thread. It keeps this object alive until it has been retired and is idle.
    init(name: String) {
        DocumentThread.start(name: name) { [self] in
            while let job = next() {
                job()
            }
        }
    }

    /// Queues `job` to run after the jobs before it.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the thread end once it has run the jobs already queued.
    func retire() {
        condition.withLock {
            isRetired = true
            condition.signal()
        }
    }

    private func next() -> (@Sendable () -> Void)? {
        condition.withLock {
            while jobs.isEmpty && !isRetired {
                condition.wait()
            }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }
}

/// The outcome of one job, handed from the worker thread to the thread that waits for it.
final class JobOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, DocumentError>?

    /// Records the result.
    func finish(_ result: Result<Value, DocumentError>) {
        lock.withLock { self.result = result }
        done.signal()
    }

    /// The result, once it is in; nil when `deadline` (monotonic) passes first.
    func wait(until deadline: DispatchTime) -> Result<Value, DocumentError>? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        return lock.withLock { result }
    }

    /// Whether the result is in.
    var isFinished: Bool {
        lock.withLock { result != nil }
    }
}
