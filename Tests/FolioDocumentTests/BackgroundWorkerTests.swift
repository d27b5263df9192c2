import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// The one background worker the reader's loader, renderer and searcher are built on.
@Suite struct BackgroundWorkerTests {
    /// What the work saw, shared with the test.
    final class Log: @unchecked Sendable {
        private let condition = NSCondition()
        private var started: [Int] = []
        private var finished: [(request: Int, cancelled: Bool)] = []
        private var gateOpen = false

        func start(_ request: Int) {
            condition.withLock {
                started.append(request)
                condition.broadcast()
            }
        }

        func finish(_ request: Int, cancelled: Bool) {
            condition.withLock {
                finished.append((request, cancelled))
                condition.broadcast()
            }
        }

        /// Blocks the first job until ``open()`` or until it is cancelled.
        func holdUntilOpen(_ job: BackgroundWorker<Int>.Job) {
            condition.withLock {
                while !gateOpen && !job.isCancelled {
                    _ = condition.wait(until: Date(timeIntervalSinceNow: 0.01))
                }
            }
        }

        func open() {
            condition.withLock {
                gateOpen = true
                condition.broadcast()
            }
        }

        /// Waits until `count` jobs have finished; returns them.
        func waitForFinished(_ count: Int) -> [(request: Int, cancelled: Bool)] {
            condition.withLock {
                let deadline = Date(timeIntervalSinceNow: 10)
                while finished.count < count, condition.wait(until: deadline) {}
                return finished
            }
        }

        func waitForStarted(_ count: Int) -> [Int] {
            condition.withLock {
                let deadline = Date(timeIntervalSinceNow: 10)
                while started.count < count, condition.wait(until: deadline) {}
                return started
            }
        }
    }

    private func worker(_ log: Log) -> BackgroundWorker<Int> {
        BackgroundWorker(name: "folio.test-worker", timeLimit: nil) { job in
            log.start(job.request)
            if job.request == 0 {
                log.holdUntilOpen(job)
            }
            log.finish(job.request, cancelled: job.isCancelled)
        }
    }

    @Test func requestsRunMostWantedFirstAndTheOneInFlightIsNotAskedTwice() {
        let log = Log()
        let worker = worker(log)
        defer { worker.stop() }
        worker.submit([0])
        #expect(log.waitForStarted(1) == [0])
        worker.submit([1, 2])
        // 0 is in flight: asking again does not queue it; 3 and 2 move to the front.
        worker.submit([3, 2, 0])
        log.open()
        #expect(log.waitForFinished(4).map(\.request) == [0, 3, 2, 1])
    }

    @Test func cancellingDropsTheQueueAndCancelsTheJobInFlight() {
        let log = Log()
        let worker = worker(log)
        defer { worker.stop() }
        worker.submit([0, 1, 2, 3])
        #expect(log.waitForStarted(1) == [0])
        worker.cancel(keeping: [2])
        let finished = log.waitForFinished(2)
        #expect(finished.map(\.request) == [0, 2])
        #expect(finished.map(\.cancelled) == [true, false])
    }

    @Test func anOperationOfACancelledJobIsCancelledAndCarriesTheTimeLimit() {
        let seen = Log()
        let worker = BackgroundWorker<Int>(name: "folio.test-worker", timeLimit: 7) { job in
            seen.start(job.request)
            seen.holdUntilOpen(job)
            let operation = job.operation()
            seen.finish(operation.timeLimit == 7 ? 1 : 0, cancelled: operation.isCancelled)
        }
        defer { worker.stop() }
        worker.submit([0])
        #expect(seen.waitForStarted(1) == [0])
        worker.cancelAll()
        #expect(seen.waitForFinished(1).map { [$0.request, $0.cancelled ? 1 : 0] } == [[1, 1]])
    }

    @Test func aCancelledRequestInFlightAskedForAgainRunsAgain() {
        let log = Log()
        let worker = worker(log)
        defer { worker.stop() }
        worker.submit([0])
        #expect(log.waitForStarted(1) == [0])
        // The reader leaves the page and comes back before its job has noticed.
        worker.cancel(keeping: [])
        worker.submit([0])
        log.open()
        let finished = log.waitForFinished(2)
        #expect(finished.map(\.request) == [0, 0])
        #expect(finished.map(\.cancelled) == [true, false])
    }

    @Test func stoppingMarksTheJobInFlightStopped() {
        let stopped = Log()
        let worker = BackgroundWorker<Int>(name: "folio.test-worker", timeLimit: nil) { job in
            stopped.start(job.request)
            stopped.holdUntilOpen(job)
            stopped.finish(job.isStopped ? 1 : 0, cancelled: job.isCancelled)
        }
        worker.submit([0])
        #expect(stopped.waitForStarted(1) == [0])
        worker.stop()
        let finished = stopped.waitForFinished(1)
        #expect(finished.map(\.request) == [1])
        #expect(finished.map(\.cancelled) == [true])
    }

    @Test func nothingRunsAfterStop() {
        let log = Log()
        let worker = worker(log)
        worker.submit([0, 1])
        #expect(log.waitForStarted(1) == [0])
        worker.stop()
        #expect(log.waitForFinished(1).map(\.request) == [0])
        worker.submit([5])
        Thread.sleep(forTimeInterval: 0.1)
        #expect(log.waitForStarted(1) == [0])
    }
}
