import FolioTestSupport

@testable import FolioCore

/// What a browser state must be after every step of any key script, in one place: the
/// selection and the top of the list within the entries shown, at most one of the filter
/// prompt, the password prompt and help open, and the frame keeping ``FrameInvariants``.
enum BrowserInvariants {
    static func violations(of state: BrowserState, frame: Frame) -> [String] {
        var found: [String] = []
        let shown = state.visibleEntries.count
        if shown > 0 ? !(0..<shown).contains(state.selectedIndex) : state.selectedIndex != 0 {
            found.append("entry \(state.selectedIndex) selected of \(shown)")
        }
        if state.topIndex < 0 || (shown > 0 && state.topIndex > state.selectedIndex) {
            found.append("list top \(state.topIndex) past the selection \(state.selectedIndex)")
        }
        let open = [state.isEditingFilter, state.passwordEntry != nil, state.showingHelp].filter { $0 }
        if open.count > 1 {
            found.append(
                "several modes open (filter \(state.isEditingFilter), password \(state.passwordEntry != nil), help \(state.showingHelp))"
            )
        }
        return found + FrameInvariants.violations(of: frame, screen: state.screen)
    }
}

/// Runs key scripts through the browser's pure core, answering listings (hostile names,
/// folders that cannot be listed), previews and opens (encrypted documents, failures) as the
/// session would, and checks ``BrowserInvariants`` after every step.
struct BrowserKeyScriptRunner {
    private var state: BrowserState
    private var open: [BrowserEffect] = []
    private let seed: UInt64
    /// How many requests have been answered: each answer's own seed.
    private var answered: UInt64 = 0

    init(seed: UInt64) {
        var random = SeededRandom(seed: seed ^ 0xB0B)
        self.seed = seed
        state = BrowserState(
            directory: random.pick(["/", "/home/reader/books", "relative/./../x", ""]),
            screen: KeyScriptGenerator.screenSize(&random), selecting: random.pick([nil, "b.pdf", "\u{1B}"]))
    }

    mutating func run(_ steps: [KeyScriptStep]) -> (step: Int, violations: [String])? {
        open += state.start(note: .readerNotice("Folder \u{1B}[2J"))
        for (index, step) in steps.enumerated() {
            switch step {
            case .key(let key): open += state.handle(.key(key))
            case .paste(let text): open += state.handle(.paste(text))
            case .mouse(let mouse): open += state.handle(.mouse(mouse))
            case .resize(let size): open += state.handle(.resize(size))
            case .answer(let count):
                for _ in 0..<count where !open.isEmpty {
                    answer(open.removeFirst())
                }
            case .fileChanged: open += state.handle(.interrupted)
            }
            let found = BrowserInvariants.violations(of: state, frame: BrowserView.render(state))
            if !found.isEmpty {
                return (index, found)
            }
        }
        return nil
    }

    private mutating func answer(_ effect: BrowserEffect) {
        answered += 1
        var random = SeededRandom(seed: seed &* 31 &+ answered)
        switch effect {
        case .list(let path):
            if Int.random(in: 0..<6, using: &random) == 0 {
                open += state.handle(.listFailed(path: path, reason: "permission \u{1B}]0;denied"))
                return
            }
            let entries = (0..<random.pick([0, 1, 3, 30, 300])).map { index in
                BrowserEntry(
                    name: random.pick([
                        "b.pdf", ".hidden\(index)", "folder\(index)", random.troublesomeString(count: 8), "كتاب.epub",
                        String(repeating: "long", count: 40) + ".pdf", "\u{F780}\u{F7FF}.cbz",
                    ]) + "\(index)",
                    kind: random.pick([BrowserEntry.Kind.folder, .document, .document, .other(reason: "a FIFO \u{9B}")])
                )
            }
            open += state.handle(.listed(path: path, entries: entries))
        case .preview(let path):
            if Bool.random(using: &random) {
                let preview = BrowserPreview(
                    title: random.pick([nil, "T\u{1B}[1mitle", "عنوان"]), format: "PDF 1.7",
                    pageCount: random.pick([0, 1, Int.max]), firstLines: random.troublesomeString(count: 40))
                open += state.handle(.previewReady(path: path, preview: preview))
            } else {
                open += state.handle(.previewFailed(path: path, reason: "broken \u{7}xref"))
            }
        case .open(let path), .unlock(let path, _):
            if Bool.random(using: &random) {
                open += state.handle(.passwordNeeded(path: path, note: .readerNotice("wrong \u{1B}password")))
            } else {
                open += state.handle(.openFailed(path: path, reason: "no \u{90}pages"))
            }
        case .clearScreen, .quit:
            break
        }
    }
}
