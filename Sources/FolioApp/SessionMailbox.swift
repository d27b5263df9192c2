import Foundation

/// Where background work leaves results for the session's loop: ``post(_:)`` queues one and
/// wakes the terminal backend's wait, and the loop takes everything queued after each wake.
/// Once the session has ended (``close()``), posts are dropped: work left over from it must not
/// wake the next session on the same terminal.
final class SessionMailbox<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var queued: [Event] = []
    private var isClosed = false
    private let wakeUp: @Sendable () -> Void

    /// A mailbox that calls `wakeUp` (the backend's) on each post.
    init(wakeUp: @escaping @Sendable () -> Void) {
        self.wakeUp = wakeUp
    }

    /// Queues `event` for the loop, unless the mailbox is closed; callable from any thread.
    /// Returns whether it was queued.
    @discardableResult
    func post(_ event: Event) -> Bool {
        let isOpen = lock.withLock {
            if !isClosed {
                queued.append(event)
            }
            return !isClosed
        }
        if isOpen {
            wakeUp()
        }
        return isOpen
    }

    /// Drops everything posted from now on; what is queued stays for a last ``take()``.
    func close() {
        lock.withLock { isClosed = true }
    }

    /// Everything posted since the last call, in order.
    func take() -> [Event] {
        lock.withLock {
            defer { queued.removeAll() }
            return queued
        }
    }
}
