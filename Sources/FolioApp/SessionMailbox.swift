import Foundation

/// Where background work leaves results for the session's loop: ``post(_:)`` queues one and
/// wakes the terminal backend's wait, and the loop takes everything queued after each wake.
final class SessionMailbox<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var queued: [Event] = []
    private let wakeUp: @Sendable () -> Void

    /// A mailbox that calls `wakeUp` (the backend's) on each post.
    init(wakeUp: @escaping @Sendable () -> Void) {
        self.wakeUp = wakeUp
    }

    /// Queues `event` for the loop; callable from any thread.
    func post(_ event: Event) {
        lock.withLock { queued.append(event) }
        wakeUp()
    }

    /// Everything posted since the last call, in order.
    func take() -> [Event] {
        lock.withLock {
            defer { queued.removeAll() }
            return queued
        }
    }
}
