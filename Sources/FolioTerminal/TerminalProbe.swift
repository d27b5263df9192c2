internal import CNcursesw
public import FolioCore
public import FolioGraphics
import FolioSystem
import Foundation
import Glibc

/// Asks the terminal about its graphics before curses starts: one write of all queries on
/// `/dev/tty` in raw mode, then replies read with `poll` until DA1's answer arrives or a hard
/// time limit passes, so a terminal that answers nothing delays start-up by a fraction of a
/// second at most.
public enum TerminalProbe {
    /// How long to wait for the terminal's answers, in milliseconds.
    public static let timeLimit: Int32 = 250
    /// How long to wait inside tmux with passthrough, where tmux answers at once and the
    /// terminal outside (a few milliseconds away, measured: 3 ms) may never answer: shorter, so
    /// that start-up stays under 0.3 s with the `tmux display` it also runs.
    public static let passthroughTimeLimit: Int32 = 180

    /// Probes the terminal and decides how the image view draws.
    public static func detect(
        preference: GraphicsPreference, compactSixel: CompactSixelPreference = .auto
    ) -> GraphicsSupport {
        let environment = ProcessInfo.processInfo.environment
        let tmux = environment["TMUX"] == nil ? nil : TmuxState.query(pane: environment["TMUX_PANE"])
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var replies = TerminalReplies()
        var outside: TerminalReplies?
        var pixels = PixelSize(width: 0, height: 0)
        var cells = (columns: 0, rows: 0)
        if tty >= 0 {
            defer { close(tty) }
            if preference != .none {
                // With passthrough, the terminal outside tmux is asked too; its answers come after
                // tmux's own (tmux answers DA1 at once), up to its own DA1 answer.
                let passthrough = tmux?.passthrough == true
                let apc = TerminalReplies.acceptsAPC(environment: environment)
                // The image the temporary-file query names; a terminal that reads it deletes it.
                let probeFile = TerminalReplies.probeFile
                if apc {
                    writeProbeImage(to: probeFile)
                }
                defer { unlink(probeFile) }
                let (bytes, arrivals) = query(tty, passthrough: passthrough, apc: apc)
                let split =
                    passthrough ? TerminalReplies.endOfFirstDeviceAttributes(in: bytes) ?? bytes.count : bytes.count
                replies = TerminalReplies.parse(Array(bytes[..<split]), arrivals: Array(arrivals[..<split]))
                if passthrough {
                    outside = TerminalReplies.parse(Array(bytes[split...]), arrivals: Array(arrivals[split...]))
                }
            }
            // The size in cells from the terminal too, not from standard output: that may be a
            // file (`folio --diagnose > notes`), and the cell size would fall back to a guess.
            (cells, pixels) = windowGeometry(of: tty)
        }
        return GraphicsSupport.decide(
            replies: replies, ioctlPixels: pixels, cells: cells, environment: environment, preference: preference,
            tmux: tmux, outside: outside, compactSixel: compactSixel)
    }

    /// What `preference` (anything but `auto`) gives without asking the terminal anything: the
    /// cell size assumed, the colours from the environment.
    public static func assume(
        preference: GraphicsPreference, compactSixel: CompactSixelPreference = .auto
    ) -> GraphicsSupport {
        GraphicsSupport.decide(
            replies: TerminalReplies(), ioctlPixels: PixelSize(width: 0, height: 0), cells: (0, 0),
            environment: ProcessInfo.processInfo.environment, preference: preference, compactSixel: compactSixel)
    }

    /// The terminal's text area width in pixels from TIOCGWINSZ, when it says.
    public static func windowPixelWidth() -> Int? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        let width = windowGeometry(of: tty).pixels.width
        return width > 0 ? width : nil
    }

    /// The size of the terminal on `descriptor` (TIOCGWINSZ): in cells, and its text area in
    /// pixels; zeros for what it leaves out, and all zeros when `descriptor` is no terminal.
    public static func windowGeometry(of descriptor: Int32) -> (cells: (columns: Int, rows: Int), pixels: PixelSize) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        folio_window_geometry(descriptor, &rows, &columns, &width, &height)
        return ((Int(columns), Int(rows)), PixelSize(width: Int(width), height: Int(height)))
    }

    /// Writes a 1×1 white RGB image to `path`, readable by this user only, never through a link.
    private static func writeProbeImage(to path: String) {
        unlink(path)
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return }
        let pixel: [UInt8] = [255, 255, 255]
        _ = pixel.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
    }

    /// Writes the queries and reads the replies: the bytes, and for each the milliseconds after
    /// the write at which it was read.
    private static func query(_ tty: Int32, passthrough: Bool, apc: Bool) -> (bytes: [UInt8], arrivals: [Int]) {
        var original = termios()
        guard tcgetattr(tty, &original) == 0 else { return ([], []) }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(tty, TCSANOW, &raw)
        defer { tcsetattr(tty, TCSANOW, &original) }
        let queries =
            Array((apc ? TerminalReplies.queries : TerminalReplies.queriesWithoutAPC).utf8)
            + (passthrough ? TerminalReplies.passthroughQueries : [])
        let answersExpected = passthrough ? 2 : 1
        let written = MonotonicClock.milliseconds()
        guard case .success = SystemCall.writeAll(tty, queries) else { return ([], []) }

        var received: [UInt8] = []
        var arrivals: [Int] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        let deadline = written + Int(passthrough ? passthroughTimeLimit : timeLimit)
        while received.count < 4096 {
            let remaining = deadline - MonotonicClock.milliseconds()
            guard remaining > 0 else { break }
            var descriptor = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
            guard case .success(let ready) = SystemCall.retryingInterrupts({ poll(&descriptor, 1, Int32(remaining)) }),
                ready > 0, case .success(let count) = SystemCall.read(tty, into: &buffer), count > 0
            else { break }
            received += buffer.prefix(count)
            arrivals += repeatElement(MonotonicClock.milliseconds() - written, count: count)
            if TerminalReplies.deviceAttributesAnswers(in: received) >= answersExpected {
                break
            }
        }
        return (received, arrivals)
    }
}
