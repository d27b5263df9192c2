import FolioCore

/// One screen's runtime as the session loop drives it: its state machine, the effects it carries
/// out, and the frame it draws. The reader and the file browser are screens; so is any mode that
/// takes the whole terminal next.
protocol SessionScreen: AnyObject {
    /// How the screen ends, for whoever runs it next.
    associatedtype Ending

    /// Carries out the screen's first effects and draws its first frame; an ending when the
    /// screen is done before any key.
    func start() -> Ending?
    /// Handles one terminal event: a key, a mouse event, a paste, a resize, a suspend, a signal,
    /// an image the terminal dropped. An ending when the event ends the screen.
    func handle(_ event: TerminalEvent) -> Ending?
    /// Handles the background results that arrived since the last turn.
    func takeMail() -> Ending?
    /// Draws the frame of the state as it is now.
    func draw()
}

/// The one loop every screen runs in: wait for the terminal (keys, signals, a worker's wake-up),
/// handle the signals, then the background results, then each key typed, then draw. Keys are
/// read one at a time, so the keys typed after the one that ends a screen stay for the next.
enum SessionLoop {
    /// Runs `screen` on `terminal` until it ends.
    static func run<Screen: SessionScreen>(_ screen: Screen, on terminal: some TerminalBackend) -> Screen.Ending {
        if let ending = screen.start() {
            return ending
        }
        while true {
            for event in terminal.waitForEvents(readingKeys: true) {
                if let ending = screen.handle(event) {
                    return ending
                }
            }
            if let ending = screen.takeMail() {
                return ending
            }
            while let input = terminal.readInput() {
                if let ending = screen.handle(input) {
                    return ending
                }
            }
            screen.draw()
        }
    }
}
