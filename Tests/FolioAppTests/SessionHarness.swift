import FolioApp
import FolioConfiguration
import FolioCore
import FolioDocument
import FolioGraphics
import FolioState
import FolioTerminal
import FolioTestSupport
import Foundation

/// What the sessions under test were given for the world beyond the terminal: a clipboard
/// program that records what it was handed, and a password prompt that answers from a list.
final class RecordingServices: @unchecked Sendable {
    private let lock = NSLock()
    private var copiedTexts: [String] = []
    private var prompts: [String] = []
    private var answers: [String]

    /// Services whose password prompt answers `answers` in order, then nothing.
    init(passwords answers: [String] = []) {
        self.answers = answers
    }

    /// The texts handed to the clipboard program.
    var copied: [String] {
        lock.withLock { copiedTexts }
    }

    /// The password prompts shown.
    var passwordPrompts: [String] {
        lock.withLock { prompts }
    }

    var services: SessionServices {
        SessionServices(
            copyWithTool: { [self] text in
                lock.withLock { copiedTexts.append(text) }
                return "fake-clipboard"
            },
            readPassword: { [self] prompt in
                lock.withLock {
                    prompts.append(prompt)
                    return answers.isEmpty ? nil : answers.removeFirst()
                }
            },
            trace: nil)
    }
}

/// Terminal capabilities for the sessions under test, as the probe would find them: the probe's
/// queries answered by a ``StandInTerminal`` (scripts/foliokit/terminal-answers.json).
enum TestGraphics {
    /// The replies of a terminal of `kind` to the probe's queries.
    private static func replies(
        _ kind: String, cell: (width: Int, height: Int), cells: (columns: Int, rows: Int), version: String = "",
        queries: [String] = TerminalReplies.Query.allCases.map(\.sequence),
        temporaryFiles: StandInTerminal.KittyHandling? = nil
    ) -> TerminalReplies {
        let terminal = StandInTerminal(kind, cell: cell, cells: cells, version: version, temporaryFiles: temporaryFiles)
        return TerminalReplies.parse(terminal.replies(to: queries))
    }

    /// A sixel terminal with 256 colour registers, 10×20-pixel cells and xterm's default
    /// 1000×1000 image limit.
    static let sixel = GraphicsSupport.decide(
        replies: replies("xterm-defaults", cell: (10, 20), cells: (80, 24)),
        ioctlPixels: PixelSize(width: 0, height: 0), cells: (columns: 80, rows: 24), environment: [:],
        preference: .auto)
    /// kitty 0.26.5 in a 1280×884-pixel window of 8×17-pixel cells, which did not find the
    /// probe's temporary file.
    static let kitty = GraphicsSupport.decide(
        replies: replies("kitty", cell: (8, 17), cells: (160, 52)),
        ioctlPixels: PixelSize(width: 0, height: 0), cells: (columns: 160, rows: 52), environment: [:],
        preference: .auto)
    /// iTerm2 (by `TERM_PROGRAM`), reporting 10×20-pixel cells.
    static let iterm = GraphicsSupport.decide(
        replies: replies("iterm2", cell: (10, 20), cells: (80, 24)),
        ioctlPixels: PixelSize(width: 0, height: 0), cells: (columns: 80, rows: 24),
        environment: ["TERM_PROGRAM": "iTerm.app"], preference: .auto)
    /// kitty as above, having read the probe's temporary file: it runs on this machine.
    static let kittyReadingFiles = GraphicsSupport.decide(
        replies: replies("kitty", cell: (8, 17), cells: (160, 52), temporaryFiles: .ok),
        ioctlPixels: PixelSize(width: 0, height: 0), cells: (columns: 160, rows: 52), environment: [:],
        preference: .auto)
    /// tmux with passthrough on inside kitty 0.35 (8×17-pixel cells): the kitty protocol through
    /// tmux, with Unicode placeholders.
    static let kittyThroughTmux = GraphicsSupport.decide(
        replies: replies(
            "tmux", cell: (8, 17), cells: (80, 30),
            queries: TerminalReplies.Query.allCases.filter { !$0.isAPC }.map(\.sequence)),
        ioctlPixels: PixelSize(width: 0, height: 0), cells: (columns: 80, rows: 30),
        environment: ["TMUX": "/tmp/t,1,0"],
        preference: .auto, tmux: TmuxState(passthrough: true, clientTerminal: "xterm-kitty"),
        outside: replies(
            "kitty-placeholders", cell: (8, 17), cells: (80, 30), version: "kitty(0.35.2)",
            queries: TerminalReplies.passthroughQueryKinds.map(\.sequence)))
    /// Half blocks in 24-bit colour (tmux 3.3).
    static let halfBlocks = GraphicsSupport.decide(
        replies: TerminalReplies(), ioctlPixels: PixelSize(width: 0, height: 0), cells: (columns: 80, rows: 24),
        environment: ["COLORTERM": "truecolor"], preference: .auto)
}

/// A reader session on a corpus document, running on a fake terminal.
struct ReaderUnderTest {
    let terminal: FakeTerminal
    let running: RunningSession<ReaderSession.Ending>

    /// Opens corpus file `name` and starts the reader on a fake terminal of `size`, saving the
    /// position in `positions` as it reads, when given.
    init(
        _ name: String, size: ScreenSize = ScreenSize(rows: 24, columns: 80), startPage: Int = 0,
        graphics: GraphicsSupport = TestGraphics.halfBlocks, services: SessionServices = RecordingServices().services,
        configuration: Configuration = Configuration(), positions: ReadingPositions? = nil
    ) throws {
        try self.init(
            path: Corpus.path(name), size: size, startPage: startPage, graphics: graphics, services: services,
            configuration: configuration, positions: positions)
    }

    /// Opens the document at `path` and starts the reader on a fake terminal of `size`, its
    /// annotations journaled and kept as `annotations` says (unread without), answering
    /// `remote`'s requests, and showing `syncTeXTarget` once started, when given.
    init(
        path: String, size: ScreenSize = ScreenSize(rows: 24, columns: 80), startPage: Int = 0,
        graphics: GraphicsSupport = TestGraphics.halfBlocks, services: SessionServices = RecordingServices().services,
        configuration: Configuration = Configuration(), positions: ReadingPositions? = nil,
        annotations: AnnotationPlaces? = nil, remote: RemoteControl? = nil, syncTeXTarget: SyncTeXTarget? = nil
    ) throws {
        let document = try Document(path: path)
        let session = ReaderSession(
            document: document, path: path, startPage: startPage, notes: [], graphics: graphics, services: services,
            quitReturnsToBrowser: false, configuration: configuration, positions: positions.map { ($0, path) },
            annotations: annotations, remote: remote, syncTeXTarget: syncTeXTarget)
        terminal = FakeTerminal(size: size)
        running = terminal.run { session.run(on: $0) }
    }

    /// Types `q` and waits for the session to end.
    func quit() -> ReaderSession.Ending? {
        terminal.type("q")
        return running.wait()
    }
}
