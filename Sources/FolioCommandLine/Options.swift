public import FolioCore

/// What `folio` was asked to do, parsed by hand from the command line.
///
/// A library of its own (not part of the executable) so that tests can call the parser directly.
public struct Options: Sendable, Equatable {
    /// The non-interactive modes; nil means the interactive reader (or browser).
    public enum Mode: Sendable, Equatable {
        case info
        case text
        case outline
        case search(String)
        case sixel
        /// `--image`: pages as images in the protocol `--graphics` names.
        case image
        /// `--preview`: one page fitted to `--size` cells, for file managers and fzf: an image
        /// when the terminal's protocol is known, else reflowed text.
        case preview
        /// `--annotations`: the document's annotations, a line each (or JSON, or Markdown).
        case annotations
    }

    /// A box in cells (`--size COLSxROWS`) that `--image` fits each page in, and `--preview` its
    /// one page.
    public struct CellBox: Sendable, Equatable {
        public var columns: Int
        public var rows: Int

        /// A box of `columns` × `rows` cells.
        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// One cell of the terminal in pixels (`--cell-size WxH`), for `--preview` and `--image`.
    public struct CellPixels: Sendable, Equatable {
        public var width: Int
        public var height: Int

        /// A cell `width` × `height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// How `--text` arranges a page: MuPDF's own text, or one of the reader's text views.
    public enum TextView: Sendable, Equatable {
        /// MuPDF's text, as `mutool draw -F txt` prints it.
        case plain
        /// The reflow view: one paragraph per line (wrapped at `--width`), a blank line between.
        case reflow
        /// The page layout view: the page's words on a grid of cells.
        case layout
    }

    public var mode: Mode?
    /// What `--text` prints (`--reflow`, `--layout`).
    public var textView: TextView = .plain
    public var path: String?
    public var pages: PageRange?
    public var password: String?
    /// The image width for `--sixel` and `--image`, in pixels; the width in cells for
    /// `--text --reflow` and `--text --layout`.
    public var width: Int?
    /// The box `--image` fits each page in, and `--preview` its one page, in cells.
    public var size: CellBox?
    /// The page the reader opens at, as typed: a 1-based page number, or a printed page label
    /// (`@xiv`, `@714`, or `xiv` alone), resolved once the document is open as `--pages` is
    /// (``PageNumberRule/numbersFirst``).
    public var startPage: String?
    /// Add each page's printed label to `--outline` and `--search` (`--labels`).
    public var showsLabels = false
    /// Print `--info`, `--outline`, `--search` and `--annotations` as JSON (`--json`).
    public var json = false
    /// Print `--annotations` as reading notes in Markdown (`--markdown`).
    public var markdown = false
    public var showHelp = false
    public var showVersion = false
    /// Print what the terminal supports for the image view, then exit.
    public var diagnose = false
    /// How the image view may draw (`--graphics auto|kitty|sixel|iterm|halfblock|none`); nil when not given, so the
    /// configuration file's choice holds.
    public var graphics: GraphicsPreference?
    /// The configuration file to read instead of the default one (`--config FILE`).
    public var configPath: String?
    /// Read no configuration file (`--no-config`).
    public var ignoresConfig = false
    /// Report every problem in the configuration file, then exit (`--check-config`).
    public var checkConfig = false
    /// Print every command with its default keys and help, then exit (`--list-commands`).
    public var listCommands = false
    /// Whether grey pages go out as compact sixel (`--compact-sixel auto|on|off`).
    public var compactSixel: CompactSixelPreference = .auto
    /// `--graphics kitty-placeholders`: kitty images drawn as Unicode placeholder cells (for fzf,
    /// or inside tmux); `graphics` is then `.kitty`.
    public var kittyPlaceholders = false
    /// The cell size `--preview` and `--image` render for, when given (`--cell-size WxH`).
    public var cellSize: CellPixels?
    /// `--remote`: drive a running reader instead of starting one.
    public var remote = false
    /// What `--remote` asks the reader: the COMMAND words after the options, parsed; nil with
    /// `--list`.
    public var remoteRequest: RemoteRequest?
    /// The reader `--remote` drives (`--to FILE|PID`): the one showing FILE, or the one with
    /// that process ID; nil for the only one running.
    public var remoteTarget: String?
    /// `--remote --list`: list the running readers.
    public var listsReaders = false
    /// `--synctex-forward LINE:COLUMN:TEXFILE`: open FILE at the place typeset from that line of
    /// a TeX source, as typed.
    public var synctexForward: String?
    /// `--synctex-editor COMMAND`: what inverse search runs, as typed (checked by the
    /// configuration's rules once read).
    public var synctexEditor: String?

    /// A command-line mistake, reported with the usage hint and exit status 2.
    public struct UsageError: Error, Sendable, Equatable {
        public var message: String
    }

    /// The text `--help` prints, generated from ``CommandLineOption/all``.
    public static var usage: String { CommandLineReference.usage }

    /// Parses the arguments after the program name.
    public init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        var onlyPaths = false
        var commandWords: [String] = []
        while let argument = remaining.popFirst() {
            if remote, onlyPaths || argument == "-" || !argument.hasPrefix("-") {
                // With --remote, the first word that is no option starts the COMMAND, which takes
                // every argument after it (a search for "-x" included).
                commandWords = [argument] + remaining
                break
            }
            if onlyPaths || argument == "-" || !argument.hasPrefix("-") {
                guard path == nil else { throw UsageError(message: "only one FILE or DIR can be given") }
                path = argument
                continue
            }
            if argument == "--" {
                onlyPaths = true
                continue
            }
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            if try applyFlag(name, attached: attached) {
                continue
            }
            let given = try applyValued(name) { () throws(UsageError) -> String in
                if let attached { return attached }
                guard let next = remaining.popFirst() else { throw UsageError(message: "\(name) needs a value") }
                return next
            }
            guard given else { throw UsageError(message: "unknown option '\(name)'") }
        }
        try checkRemote(commandWords)
        try checkCombinations()
    }

    /// Applies `name` if it is an option that takes no value (`attached`, from `--name=value`,
    /// must then be nil); false when it is not such an option.
    private mutating func applyFlag(_ name: String, attached: String?) throws(UsageError) -> Bool {
        let modes: [String: Mode] = [
            "--info": .info, "--text": .text, "--outline": .outline, "--sixel": .sixel, "--image": .image,
            "--preview": .preview, "--annotations": .annotations,
        ]
        let switches: [String: WritableKeyPath<Options, Bool>] = [
            "--diagnose": \.diagnose, "--no-config": \.ignoresConfig, "--check-config": \.checkConfig,
            "--list-commands": \.listCommands, "-h": \.showHelp, "--help": \.showHelp, "--version": \.showVersion,
            "--labels": \.showsLabels, "--json": \.json, "--markdown": \.markdown, "--remote": \.remote,
            "--list": \.listsReaders,
        ]
        let isView = name == "--reflow" || name == "--layout"
        guard modes[name] != nil || switches[name] != nil || isView else { return false }
        if attached != nil { throw UsageError(message: "\(name) takes no value") }
        if let mode = modes[name] {
            try setMode(mode, name)
        } else if let flag = switches[name] {
            self[keyPath: flag] = true
        } else {
            guard textView == .plain else { throw UsageError(message: "--reflow and --layout cannot be combined") }
            textView = name == "--reflow" ? .reflow : .layout
        }
        return true
    }

    /// Applies `name` if it is an option that takes a value, reading the value through `value`;
    /// false when it is not such an option.
    private mutating func applyValued(
        _ name: String, value: () throws(UsageError) -> String
    ) throws(UsageError) -> Bool {
        switch name {
        case "--size": size = try Self.cellBox(try value())
        case "--width":
            let text = try value()
            guard let pixels = Int(text), (1...16384).contains(pixels) else {
                throw UsageError(message: "invalid width '\(text)' (1 to 16384)")
            }
            width = pixels
        case "--search":
            let pattern = try value()
            guard !pattern.isEmpty else { throw UsageError(message: "--search needs a non-empty PATTERN") }
            if let error = SearchPattern.regexError(in: pattern) {
                throw UsageError(message: "--search '\(pattern)' is \(error)")
            }
            try setMode(.search(pattern), name)
        case "--pages":
            let text = try value()
            guard let range = PageRange(text) else {
                throw UsageError(message: "invalid page range '\(text)' (examples: 3, 2-5, 7-, 1,4,9-12, @xiv, @1-3)")
            }
            pages = range
        case "--password": password = try value()
        case "-p", "--page":
            let text = try value()
            guard Self.isPageReference(text) else {
                throw UsageError(message: "invalid page '\(text)' (a page number from 1, or a page label such as @xiv)")
            }
            startPage = text
        case "--cell-size": cellSize = try Self.cellPixels(try value())
        case "--graphics":
            let text = try value()
            if text == "kitty-placeholders" {
                graphics = .kitty
                kittyPlaceholders = true
                return true
            }
            kittyPlaceholders = false
            guard let choice = GraphicsPreference(rawValue: text) else {
                throw UsageError(message: "invalid --graphics '\(text)' (auto, kitty, sixel, iterm, halfblock or none)")
            }
            graphics = choice
        case "--compact-sixel":
            let text = try value()
            guard let choice = CompactSixelPreference(rawValue: text) else {
                throw UsageError(message: "invalid --compact-sixel '\(text)' (auto, on or off)")
            }
            compactSixel = choice
        case "--to":
            let target = try value()
            guard !target.isEmpty else { throw UsageError(message: "--to needs a FILE or a PID") }
            remoteTarget = target
        case "--synctex-forward":
            let place = try value()
            do throws(SyncTeXTargetError) {
                _ = try SyncTeXTarget(parsing: place)
            } catch {
                throw UsageError(message: "--synctex-forward: \(error)")
            }
            synctexForward = place
        case "--synctex-editor":
            let command = try value()
            guard !command.allSatisfy(\.isWhitespace) else {
                throw UsageError(message: "--synctex-editor needs a COMMAND")
            }
            synctexEditor = command
        case "--config":
            let file = try value()
            guard !file.isEmpty else { throw UsageError(message: "--config needs a FILE") }
            configPath = file
        default: return false
        }
        return true
    }

    /// `--size`'s value: COLSxROWS, each from 1 to 4096.
    private static func cellBox(_ text: String) throws(UsageError) -> CellBox {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...4096).contains(columns), (1...4096).contains(rows)
        else {
            throw UsageError(message: "invalid size '\(text)' (COLSxROWS, such as 80x24)")
        }
        return CellBox(columns: columns, rows: rows)
    }

    /// `--cell-size`'s value: WxH pixels, each from 1 to 1024.
    private static func cellPixels(_ text: String) throws(UsageError) -> CellPixels {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...1024).contains(width), (1...1024).contains(height)
        else {
            throw UsageError(message: "invalid cell size '\(text)' (WxH in pixels, such as 10x20)")
        }
        return CellPixels(width: width, height: height)
    }

    /// The options given together that do not go together.
    private func checkCombinations() throws(UsageError) {
        if pages != nil, mode != .text, mode != .sixel, mode != .image, mode != .preview, mode != .annotations,
            !isSearch
        {
            throw UsageError(
                message: "--pages applies to --text, --search, --annotations, --sixel, --image and --preview")
        }
        if showsLabels, mode != .outline, !isSearch {
            throw UsageError(message: "--labels applies to --outline and --search")
        }
        if json, mode != .info, mode != .outline, mode != .annotations, !isSearch {
            throw UsageError(message: "--json applies to --info, --outline, --search and --annotations")
        }
        if markdown, mode != .annotations {
            throw UsageError(message: "--markdown applies to --annotations")
        }
        if markdown, json {
            throw UsageError(message: "--json and --markdown cannot be combined")
        }
        try checkPreview()
        if textView != .plain, mode != .text {
            throw UsageError(message: "--reflow and --layout apply to --text")
        }
        if width != nil, mode != .sixel, mode != .image, textView == .plain {
            throw UsageError(message: "--width applies to --sixel, --image, --text --reflow and --text --layout")
        }
        if size != nil, mode != .image, mode != .preview {
            throw UsageError(message: "--size applies to --image and --preview")
        }
        if size != nil, width != nil {
            throw UsageError(message: "--width and --size cannot be combined")
        }
        if mode == .image, graphics == GraphicsPreference.none {
            throw UsageError(message: "--image needs a protocol (--graphics kitty, sixel, iterm or halfblock)")
        }
        if ignoresConfig, configPath != nil || checkConfig {
            throw UsageError(message: "--no-config cannot be combined with --config or --check-config")
        }
        if mode != nil, !showHelp, !showVersion, path == nil {
            throw UsageError(message: "a FILE is needed")
        }
        if synctexForward != nil, mode != nil {
            throw UsageError(message: "--synctex-forward applies to the reader, not to a mode")
        }
        if synctexEditor != nil, mode != nil {
            throw UsageError(message: "--synctex-editor applies to the reader, not to a mode")
        }
        if synctexForward != nil, path == nil, !showHelp, !showVersion {
            throw UsageError(message: "--synctex-forward needs the document: a FILE")
        }
    }

    /// What `--remote` needs, `--to` and `--list` apply to, and what it cannot be combined with;
    /// sets ``remoteRequest`` from the COMMAND words.
    private mutating func checkRemote(_ commandWords: [String]) throws(UsageError) {
        guard remote else {
            if remoteTarget != nil { throw UsageError(message: "--to applies to --remote") }
            if listsReaders { throw UsageError(message: "--list applies to --remote") }
            return
        }
        if mode != nil || path != nil || synctexForward != nil {
            throw UsageError(message: "--remote cannot be combined with a FILE, a mode or --synctex-forward")
        }
        if listsReaders {
            guard commandWords.isEmpty else { throw UsageError(message: "--remote --list takes no COMMAND") }
            guard remoteTarget == nil else { throw UsageError(message: "--to and --list cannot be combined") }
            return
        }
        guard !commandWords.isEmpty else {
            throw UsageError(
                message: "--remote needs a COMMAND (\(RemoteRequest.commandNames.joined(separator: ", "))) or --list")
        }
        switch RemoteRequest.parse(commandWords.joined(separator: " ")) {
        case .success(.syncTeX(let place)):
            do throws(SyncTeXTargetError) {
                _ = try SyncTeXTarget(parsing: place)
            } catch {
                throw UsageError(message: "--remote synctex: \(error)")
            }
            remoteRequest = .syncTeX(place)
        case .success(let request): remoteRequest = request
        case .failure(let problem): throw UsageError(message: "--remote: \(problem)")
        }
    }

    /// What `--preview` needs and what applies to it alone.
    private func checkPreview() throws(UsageError) {
        if mode == .preview, size == nil {
            throw UsageError(message: "--preview needs --size COLSxROWS")
        }
        if cellSize != nil, mode != .preview, mode != .image {
            throw UsageError(message: "--cell-size applies to --preview and --image")
        }
        if kittyPlaceholders, mode != .preview {
            throw UsageError(message: "--graphics kitty-placeholders applies to --preview")
        }
    }

    /// Whether `text` can name a page: a number from 1, or a label, perhaps after `@`
    /// (printable, at most 64 characters, and not a number below 1).
    static func isPageReference(_ text: String) -> Bool {
        if let number = Int(text) { return number >= 1 }
        let label = text.hasPrefix(PageNumberRule.labelMark) ? String(text.dropFirst()) : text
        return !label.isEmpty && label.count <= 64
            && !label.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            && !text.hasPrefix("-")
    }

    private var isSearch: Bool {
        if case .search = mode { return true }
        return false
    }

    private mutating func setMode(_ newMode: Mode, _ name: String) throws(UsageError) {
        guard mode == nil else { throw UsageError(message: "\(name) cannot be combined with another mode") }
        mode = newMode
    }
}
