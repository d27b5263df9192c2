import FolioCore

/// One option of `folio`'s command line, declared once: its names, the value it takes, and what
/// it does.
///
/// ``all`` is the one table of options: `--help` (``Options/usage``), the man page
/// (docs/folio.1), README's option summary and the shell completions are generated from it, and
/// tests check that the parser takes every row as the row says.
public struct CommandLineOption: Sendable {
    /// What an option takes after its name.
    public enum Value: Sendable, Equatable {
        /// Nothing: the option is a switch or a mode.
        case none
        /// One of a fixed set of words, such as `--graphics MODE`.
        case choice(placeholder: String, choices: [String])
        /// A page range such as `2-5` (`--pages RANGE`).
        case pageRange
        /// A page number or a printed page label (`-p N`).
        case page
        /// A file's path (`--config FILE`).
        case file
        /// Free text, such as a search pattern or a number, named by `placeholder`.
        case text(placeholder: String)

        /// The value's name in the usage text (`RANGE`, `MODE`), nil for ``none``.
        public var placeholder: String? {
            switch self {
            case .none: nil
            case .choice(let placeholder, _), .text(let placeholder): placeholder
            case .pageRange: "RANGE"
            case .page: "N"
            case .file: "FILE"
            }
        }
    }

    /// The option's names, the short one first (`-p`, `--page`).
    public let names: [String]
    /// What the option takes after its name.
    public let value: Value
    /// What the option does, in a line short enough for README's summary and a completion menu.
    public let summary: String
    /// What `--help` and the man page add after the summary (joined with "; "), if anything.
    public let details: String?

    /// The summary followed by the details, as `--help` and the man page say it.
    public var description: String {
        details.map { summary + "; " + $0 } ?? summary
    }

    /// The names and the value as the usage text writes them: `-p, --page N`.
    public var synopsis: String {
        names.joined(separator: ", ") + (value.placeholder.map { " " + $0 } ?? "")
    }

    init(_ names: String..., value: Value = .none, summary: String, details: String? = nil) {
        self.names = names
        self.value = value
        self.summary = summary
        self.details = details
    }
}

extension CommandLineOption {
    /// The forms a page range takes, as the documentation and completions give them.
    public static let pageRangeForms = "3 | 2-5 | 7- | 1,4,9-12"

    /// Every option, in the order `--help` lists them.
    public static let all: [CommandLineOption] = [
        .init("--info", summary: "print document facts as \"Key: value\" lines, then exit"),
        .init("--text", summary: "print the text of the selected pages, each followed by a form feed"),
        .init(
            "--reflow", summary: "with --text: print the reader's reflowed text",
            details: "one paragraph a line, a blank line between paragraphs"),
        .init("--layout", summary: "with --text: print the reader's page layout (words on a grid)"),
        .init(
            "--pages", value: .pageRange,
            summary: "pages for --text, --search, --annotations and images, from 1: \(pageRangeForms)",
            details:
                "printed page labels after @: @xiv, @1-3, @i-@iv (a word that is no number, such as xiv, is one too)"
        ),
        .init("--sixel", summary: "write the selected pages as sixel images", details: "for scripts and previews"),
        .init(
            "--image", summary: "write the selected pages as images in the --graphics protocol",
            details: "kitty, sixel, iterm or halfblock (auto detects), for previews"),
        .init(
            "--width", value: .text(placeholder: "N"), summary: "image width in pixels for --sixel and --image",
            details:
                "default: the terminal's width, or 800; with --reflow, wrap at N cells; with --layout, scale wide pages to fit N cells"
        ),
        .init(
            "--size", value: .text(placeholder: "COLSxROWS"),
            summary: "fit --image or --preview pages in COLS×ROWS cells",
            details: "instead of --width for --image; --preview needs it"),
        .init(
            "--preview", summary: "print one page fitted to --size, for file managers and fzf",
            details:
                "the first of --pages: an image in the --graphics protocol, or reflowed text when images are off or unknown (docs/INTEGRATION.md)"
        ),
        .init(
            "--cell-size", value: .text(placeholder: "WxH"), summary: "with --preview or --image: one cell in pixels",
            details: "default: from the terminal, else 10x20"),
        .init("--outline", summary: "print the outline: two spaces of indent per level, \"title<TAB>page\""),
        .init(
            "--search", value: .text(placeholder: "PATTERN"),
            summary: "print \"PAGE:LINE\" for each line that matches; exit 1 when none",
            details:
                "smart case: case-sensitive only when PATTERN has capitals; \"re:EXPR\" for a regular expression"),
        .init(
            "--labels", summary: "with --outline and --search: add each page's printed label",
            details: "\"title<TAB>page<TAB>@label\", \"PAGE:@LABEL:LINE\""),
        .init(
            "--annotations", summary: "print each annotation as \"PAGE<TAB>TYPE<TAB>MARKED TEXT<TAB>NOTE\"",
            details:
                "tabs, line breaks and backslashes in a field written \\t, \\n and \\\\; --json or --markdown for more"),
        .init(
            "--markdown", summary: "with --annotations: print reading notes in Markdown, grouped by page",
            details: "each marked passage as a quote with its note below"),
        .init("--json", summary: "print --info, --outline, --search and --annotations as JSON (docs/CLI.md)"),
        .init("--password", value: .text(placeholder: "PW"), summary: "password for an encrypted document"),
        .init(
            "-p", "--page", value: .page,
            summary: "open the reader at page N (from 1), or at a printed label: @xiv, @714",
            details: "xiv alone is a label too; default: where you left off"),
        .init(
            "--graphics", value: .choice(placeholder: "MODE", choices: GraphicsPreference.allCases.map(\.rawValue)),
            summary: "image view: " + listed(GraphicsPreference.allCases.map(\.rawValue)),
            details:
                "auto detects kitty, else sixel, else iterm, else halfblock; --diagnose says what it found; with --preview also kitty-placeholders"
        ),
        .init(
            "--compact-sixel",
            value: .choice(placeholder: "WHEN", choices: CompactSixelPreference.allCases.map(\.rawValue)),
            summary: "grey pages as sixel in 12 greys, about half the bytes: "
                + listed(CompactSixelPreference.allCases.map(\.rawValue)),
            details: "auto means over ssh, when SSH_CONNECTION is set"),
        .init(
            "--synctex-forward", value: .text(placeholder: "LINE:COLUMN:TEXFILE"),
            summary: "open FILE at the place typeset from LINE of TEXFILE (SyncTeX)",
            details: "COLUMN 0 for anywhere on the line; FILE is the typeset PDF"),
        .init(
            "--synctex-editor", value: .text(placeholder: "COMMAND"),
            summary: "inverse search (S, Ctrl-click) runs COMMAND, instead of set synctex-editor",
            details: "%{input}, %{line} and %{column} replaced inside its words, never through a shell"),
        .init(
            "--remote", summary: "send COMMAND to a running reader and print its one-line reply",
            details:
                "the words after the options: goto PAGE (@LABEL for a printed label), reload, search TEXT, page, "
                + "view text|image, synctex LINE:COLUMN:TEXFILE, quit; exit 1 on \"error: ...\" (docs/INTEGRATION.md)"),
        .init(
            "--to", value: .text(placeholder: "FILE|PID"),
            summary: "with --remote: the reader showing FILE, or with process ID PID",
            details: "needed when several readers run"),
        .init("--list", summary: "with --remote: list the running readers as \"PID<TAB>PAGE<TAB>FILE\""),
        .init(
            "--config", value: .file, summary: "read FILE instead of ~/.config/folio/config",
            details: "FOLIO_CONFIG names one too"),
        .init("--no-config", summary: "read no configuration file"),
        .init("--check-config", summary: "report every problem in the configuration file; exit 1 if any"),
        .init(
            "--list-commands", summary: "print every command a configuration file can map, by mode",
            details: "with its default keys"),
        .init("--diagnose", summary: "print what the terminal supports for the image view, then exit"),
        .init(
            "--version", summary: "print the version and exit",
            details: "it names the MuPDF and ncurses versions folio was built with"),
        .init("-h", "--help", summary: "print this help and exit"),
    ]

    /// `words` as a sentence lists them: "auto, on or off".
    static func listed(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
