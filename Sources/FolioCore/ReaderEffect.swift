/// Work the reader asks its owner to do; the state itself never touches MuPDF or curses.
///
/// The screen is redrawn after every event, so there is no effect for an ordinary redraw.
public enum ReaderEffect: Sendable, Equatable {
    /// Load these pages (0-based), in priority order: the page on screen first when it is
    /// missing, then neighbours to prefetch. Each result comes back as
    /// ``ReaderEvent/pageLoaded(page:text:)`` or ``ReaderEvent/pageFailed(page:message:)``.
    case loadPages([Int])
    /// Drop queued or running loads of any page not in `keeping`: the reader moved away.
    case cancelLoads(keeping: Set<Int>)
    /// Repaint the whole screen from scratch (Ctrl-L), not just what changed.
    case clearScreen
    /// Leave the reader.
    case quit
}
