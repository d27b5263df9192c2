/// When the reading position is saved: not only when the reader ends, but once the reader has
/// stayed on a page a moment, so that a crash or a killed terminal loses nothing; flipping
/// through pages saves only the page the flipping stops on.
extension ReaderState {
    /// What the page on screen calls for, asked after the events of a turn of the loop: when
    /// it is not the page asked about last time, ``ReaderEffect/settlePosition(page:)``, whose
    /// answer a moment later (``ReaderEvent/positionSettled(page:)``) saves the page if the
    /// reader is still on it.
    public mutating func positionEffects() -> [ReaderEffect] {
        guard currentPage != jumps.pageAskedToSettle else { return [] }
        jumps.pageAskedToSettle = currentPage
        return [.settlePosition(page: currentPage)]
    }

    /// The effect that saves the current page now unless it is saved already: before the
    /// process stops (Ctrl-Z), when it may be killed without another word.
    public mutating func savePositionNow() -> [ReaderEffect] {
        positionSettled(on: currentPage)
    }

    /// A moment has passed since `page` was asked about: saved if the reader is still on it
    /// and it is not saved already.
    mutating func positionSettled(on page: Int) -> [ReaderEffect] {
        guard page == currentPage, page != jumps.savedPage else { return [] }
        jumps.savedPage = page
        return [.savePosition(page: page)]
    }
}
