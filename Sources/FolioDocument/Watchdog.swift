import Dispatch

/// Holds time-limited document work to its limit: it waits for a job, cancels it when the limit
/// passes, and gives up on it when it has not stopped ``stopGrace`` seconds after it was cancelled
/// (by the limit or from outside). It remembers what it gave up on: an abandoned page is not tried
/// again, and while ``maxStuckJobs`` abandoned jobs still run, further work is refused rather than
/// started, so stuck work cannot pile up. ``Document`` keeps one, used under its lock, and leaves
/// an abandoned job's opening of the file behind.
struct Watchdog {
    /// How long work that was asked to stop may take to stop before it is abandoned, in seconds,
    /// unless the watchdog is made with another grace.
    static let defaultStopGrace = 1.0
    /// How many abandoned jobs may still be running before further work is refused.
    static let maxStuckJobs = 2
    /// How often a wait looks whether its work was cancelled from outside, in seconds.
    private static let pollInterval = 0.05

    /// Pages whose work was abandoned, and the error they now fail with.
    private var abandonedPages: [Int: DocumentError] = [:]
    /// Abandoned work, each job as a way to ask whether it has ended.
    private var abandonedJobs: [@Sendable () -> Bool] = []
    /// How long work that was asked to stop may take to stop before it is abandoned, in seconds.
    let stopGrace: Double

    /// Makes a watchdog that abandons work `stopGrace` seconds after it was asked to stop.
    init(stopGrace: Double = Self.defaultStopGrace) {
        self.stopGrace = stopGrace
    }

    /// How a waited-for job ended.
    enum Verdict<Value: Sendable> {
        /// It finished (or stopped by itself) with this result.
        case finished(Result<Value, DocumentError>)
        /// It was given up on: the caller fails with `error` and leaves the job's opening behind.
        case abandoned(DocumentError)
    }

    /// Throws when work on `page` (nil: on the whole document) may not start: the page was
    /// abandoned before, or too many abandoned jobs still run.
    mutating func admit(page: Int?) throws(DocumentError) {
        if let page, let error = abandonedPages[page] { throw error }
        abandonedJobs.removeAll { hasEnded in hasEnded() }
        guard abandonedJobs.count < Self.maxStuckJobs else {
            throw .skipped("skipped: \(abandonedJobs.count) earlier pages are still stuck in MuPDF")
        }
    }

    /// How many abandoned jobs are still running.
    mutating func runningAbandonedJobs() -> Int {
        abandonedJobs.removeAll { hasEnded in hasEnded() }
        return abandonedJobs.count
    }

    /// Waits for `outcome`, the job on `page` run with `cancellation`, as the type's
    /// documentation describes.
    mutating func wait<Value: Sendable>(
        for outcome: JobOutcome<Value>, page: Int?, _ cancellation: Cancellation
    ) -> Verdict<Value> {
        let start = DispatchTime.now()
        let limit = cancellation.timeLimit.map { start + $0 }
        var expired = false
        var stopBy: DispatchTime?
        while true {
            var next = DispatchTime.now() + Self.pollInterval
            if let limit, !expired { next = min(next, limit) }
            if let stopBy { next = min(next, stopBy) }
            if let result = outcome.wait(until: next) {
                if expired, case .failure(.cancelled) = result, let seconds = cancellation.timeLimit {
                    return .finished(.failure(.timedOut(seconds: seconds)))
                }
                return .finished(result)
            }
            let now = DispatchTime.now()
            if let limit, !expired, now >= limit {
                expired = true
                cancellation.cancel()
            }
            if stopBy == nil, cancellation.isCancelled {
                stopBy = now + stopGrace
            }
            if let stopBy, now >= stopBy {
                guard !outcome.isFinished else { continue }
                abandonedJobs.append { outcome.isFinished }
                let elapsed = Double(now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                let seconds = expired ? cancellation.timeLimit ?? elapsed : elapsed
                let error = DocumentError.timedOut(seconds: (seconds * 10).rounded(.down) / 10)
                if let page {
                    abandonedPages[page] = error
                }
                return .abandoned(expired ? error : .cancelled)
            }
        }
    }
}
