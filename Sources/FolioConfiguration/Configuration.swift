public import FolioCore

/// What a configuration file sets: the reader's preferences, every mode's keys, and the choices
/// the runtime makes (graphics, where annotations are kept, mouse, reload, colours, the
/// clipboard).
///
/// Read with ``ConfigurationParser``; every line that cannot be applied becomes a
/// ``ConfigurationProblem`` and the rest still applies, so a configuration never stops Folio
/// from starting.
public struct Configuration: Sendable {
    /// Wrap-around, first view and layout, image fit and inversion, scroll overlap.
    public var reader = ReaderPreferences()
    /// Every mode's keys, with the file's `map` and `unmap` lines applied.
    public var keys = KeyTables.standard
    /// How the image view may draw (`set graphics`, as `--graphics`).
    public var graphics: GraphicsPreference = .auto
    /// Where annotations are kept (`set annotation-store`): in the PDF when it can be written, or
    /// always in a sidecar.
    public var annotationStore: AnnotationStorePreference = .pdf
    /// Whether Arabic letters are sent in their joined shapes (`set arabic-shaping`).
    public var arabicShaping: ArabicShapingPreference = .auto
    /// Whether Folio or the terminal reorders right-to-left lines (`set bidi`).
    public var bidi: BidiPreference = .auto

    /// Whether Folio reorders right-to-left lines itself (and asks the terminal not to), by
    /// `set bidi` and the terminal's `environment` (see ``BidiPreference``).
    public func reordersRightToLeft(environment: [String: String]) -> Bool {
        bidi.reorders(environment: environment)
    }

    /// Whether Arabic letters go out joined, by `set arabic-shaping` and the terminal's
    /// `environment`: only where Folio reorders lines itself (a terminal that reorders also
    /// shapes).
    public func shapesArabic(environment: [String: String]) -> Bool {
        reordersRightToLeft(environment: environment) && arabicShaping.shapes(environment: environment)
    }

    /// The environment variables the two decisions above read.
    public static let rightToLeftTerminalVariables =
        BidiPreference.terminalVariables + ArabicShapingPreference.terminalVariables
    /// Whether the mouse scrolls and clicks (`set mouse`).
    public var mouse = true
    /// Whether the open document is reopened when its file changes (`set reload`).
    public var reload = true
    /// Whether documents reopen where they were left (`set remember-position`).
    public var remembersPosition = true
    /// Colours of the status line, matches and dimmed notes.
    public var colors = ColorScheme()
    /// Whether copies are sent to the terminal as OSC 52 (`set osc52`).
    public var sendsOSC52 = true
    /// The program and arguments a copy is piped to (`set clipboard-command`), instead of the
    /// first of wl-copy, xclip and xsel found; an empty list sends to no program.
    public var clipboardCommand: [String]?
    /// What inverse search runs to open a source line (`set synctex-editor`); nil when none is set.
    public var syncTeXEditor: EditorCommand?
    /// The lines that could not be applied, in the order they were read.
    public var problems: [ConfigurationProblem] = []

    /// Folio's defaults.
    public init() {}
}

/// A line of a configuration file that could not be applied, reported as
/// `folio: CONFIG:LINE: reason`.
public struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file, as it was named (by the user or by an `include`).
    public var file: String
    /// The 1-based line number; 0 when the file itself could not be read.
    public var line: Int
    /// What is wrong, in words a user understands.
    public var reason: String

    /// A problem with line `line` of `file`.
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `FILE:LINE: reason`, or `FILE: reason` when the file itself could not be read.
    public var description: String {
        let place = line > 0 ? "\(TerminalSafeText.sanitized(file)):\(line)" : TerminalSafeText.sanitized(file)
        return "\(place): \(TerminalSafeText.sanitized(reason))"
    }
}
