import FolioCore
import FolioDocument
import Foundation
import Glibc

/// Reopens the reader's document after its file changed, on a thread of its own, and hands
/// the new version back only when it is whole: the file must open, have pages, and stay the
/// same (size, time, inode) while it is read, or the reloader waits and tries again, so a file
/// caught half-written by LaTeX or an editor never replaces a good version on screen. A version
/// with fewer pages than the one on screen (MuPDF repairs a PDF cut short and opens what it
/// has) is taken only when it is still the same a moment later.
final class DocumentReloader: @unchecked Sendable {
    /// What a reload came to.
    enum Outcome: Sendable {
        /// The new version, and the text of the page on screen in it (when it could be read).
        case reloaded(Document, currentPageText: PageText?)
        /// No new version: why, for the status line (the open copy stays on screen).
        case kept(Notice)
    }

    /// How long a file must stay unchanged while it is read, in seconds.
    static let settleTime = 0.15
    /// How long to wait before trying again after a failed or unsettled attempt, in seconds.
    static let retryTime = 0.3
    /// How many attempts a reload makes before giving up (about six seconds).
    static let attempts = 20

    private let path: String
    private let lock = NSLock()
    private var isRunning = false
    private var isWanted = false
    private var isStopped = false
    private var pageOnScreen = 0
    /// The version on screen, which the next reload reopens.
    private var current: Document?
    private let deliver: @Sendable (Outcome) -> Void

    /// A reloader of the document at `path`; `deliver` runs on the reloader's thread.
    init(path: String, deliver: @escaping @Sendable (Outcome) -> Void) {
        self.path = path
        self.deliver = deliver
    }

    /// The page on screen, whose text a reload reads straight away so the page never blanks.
    func show(page: Int) {
        lock.withLock { pageOnScreen = page }
    }

    /// Reloads `current`'s file (the version on screen): now, or once the reload running has
    /// finished.
    func reload(_ current: Document) {
        let start = lock.withLock { () -> Bool in
            self.current = current
            isWanted = true
            guard !isRunning, !isStopped else { return false }
            isRunning = true
            return true
        }
        guard start else { return }
        DocumentThread.start(name: "folio.reload") { [self] in
            while let outcome = nextReload() {
                // Stopped meanwhile: the session has ended, and nothing is delivered.
                guard !lock.withLock({ isStopped }) else { break }
                deliver(outcome)
            }
            lock.withLock { self.current = nil }
        }
    }

    /// Stops delivering: a reload running ends without a result (its attempt in progress
    /// finishes first).
    func stop() {
        lock.withLock { isStopped = true }
    }

    /// Runs the reload asked for, or returns nil (and marks the reloader idle) when none is.
    private func nextReload() -> Outcome? {
        let version = lock.withLock { () -> Document? in
            guard isWanted, !isStopped, let current else {
                isRunning = false
                return nil
            }
            isWanted = false
            return current
        }
        guard let current = version else { return nil }
        let pagesOnScreen = (try? current.pageCount) ?? 0
        var reason = "it did not settle"
        // A shorter version seen once, to be taken only when the next attempt finds it unchanged.
        var shorter: (file: FileIdentity, pages: Int)?
        for attempt in 0..<Self.attempts {
            if attempt > 0 {
                Thread.sleep(forTimeInterval: Self.retryTime)
            }
            if lock.withLock({ isStopped }) { return nil }
            guard let before = FileIdentity(path) else {
                return .kept(.fileGone(name: displayName))
            }
            do throws(DocumentError) {
                let document = try current.reloaded()
                guard !document.needsPassword else {
                    return .kept(.fileNeedsPassword(name: displayName))
                }
                let pages = try document.pageCount
                guard pages > 0 else { throw DocumentError.noPages }
                if pages < pagesOnScreen, shorter.map({ $0.file != before || $0.pages != pages }) ?? true {
                    shorter = (before, pages)
                    reason = "it got shorter and may still be being written"
                    continue
                }
                let page = min(lock.withLock { pageOnScreen }, pages - 1)
                let text = try? document.text(page: page, cancellation: Cancellation(timeLimit: TimeLimits.pageText))
                Thread.sleep(forTimeInterval: Self.settleTime)
                guard FileIdentity(path) == before else {
                    reason = "it was still being written"
                    continue
                }
                return .reloaded(document, currentPageText: text)
            } catch {
                reason = error.description
            }
        }
        return .kept(.notReloaded(name: displayName, reason: reason))
    }

    private var displayName: String {
        TerminalSafeText.sanitized(FileSystemName.displayed(path.split(separator: "/").last.map(String.init) ?? path))
    }
}

/// What tells one version of a file from another: its inode, size and modification time.
private struct FileIdentity: Equatable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    init?(_ path: String) {
        var status = stat()
        guard stat(FileSystemName.cString(path), &status) == 0 else { return nil }
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        seconds = status.st_mtim.tv_sec
        nanoseconds = status.st_mtim.tv_nsec
    }
}
