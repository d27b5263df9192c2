import FolioCore

/// One option of `set NAME VALUE`, declared once: its name, the values it takes, its default,
/// what it does, and where its value goes in a ``Configuration``.
///
/// ``all`` is the one table of options: the parser reads `set` lines with it (so
/// `--check-config` reports against it), and docs/CONFIG.md's option table is generated from it
/// (``OptionReference``).
public struct ConfigurationOption: Sendable {
    /// The name a configuration file sets, such as `scroll-overlap`. Never renamed: files set it.
    public let name: String
    /// Other spellings a file may set the option by (`highlight-color` for `highlight-colour`),
    /// which messages and the documentation name less loudly.
    public private(set) var otherNames: [String] = []
    /// What the option does, as the documentation's table says it.
    public let summary: String
    /// The values the option takes, for messages ("true or false", "0 to 20 lines").
    public let allowed: String
    /// The values as the documentation's table writes them (`` `true`, `false` ``).
    public let documentedValues: String
    /// The default, as the documentation's table writes it (`` `false` ``, "reverse video").
    public let documentedDefault: String
    /// Whether the option is yes-or-no, so that naming it alone (`set wrap`) turns it on.
    public let isBoolean: Bool
    /// Whether an empty value (`set clipboard-command ""`) is a value rather than a missing one.
    let acceptsEmpty: Bool
    /// Puts `value` into `configuration`; false when `value` is not one the option takes.
    private let store: @Sendable (_ value: String, _ configuration: inout Configuration) -> Bool

    /// Sets the option to `value` in `configuration`, or says why `value` is not one it takes.
    func set(_ value: String, in configuration: inout Configuration) throws(ConfigurationLineError) {
        guard store(value, &configuration) else {
            throw ConfigurationLineError("invalid \(name) '\(value)' (\(allowed))")
        }
    }

    /// The option called `name` (or spelt so, ``otherNames``), or nil when there is none.
    public static func named(_ name: String) -> ConfigurationOption? {
        all.first { $0.name == name || $0.otherNames.contains(name) }
    }
}

extension ConfigurationOption {
    /// Every option, in the order messages list them and the documentation's table shows them.
    public static let all: [ConfigurationOption] = [
        .boolean(
            "wrap", \.reader.paging, on: .wrapAround, off: .bounded,
            summary: "start with wrap-around paging (`w` still toggles it)"),
        .choice(
            "view", \.reader.view, [("text", .text), ("image", .image)],
            summary: "start in the text view or on page images (text where the terminal shows no images)"),
        .choice(
            "layout", \.reader.layout, [("reflow", .reflow), ("layout", .physical)], aliases: [("physical", .physical)],
            summary: "reflowed paragraphs, or the page's layout (`L` toggles)"),
        .choice(
            "graphics", \.graphics, GraphicsPreference.allCases.map { ($0.rawValue, $0) },
            summary: "how page images are drawn (as `--graphics`, which wins)"),
        .choice(
            "fit", \.reader.imageFit, [("width", .width), ("page", .page), ("height", .height)],
            summary: "page images fit the width, the whole page or the height (`z` cycles)"),
        .boolean("invert", \.reader.invertsImages, summary: "start with inverted page images (`i` toggles)"),
        .boolean(
            "recolor", \.reader.startsRecolored,
            summary:
                "start in dark mode that keeps colour: pages and text light on dark, red still red (`C` toggles); wins over `invert`"
        ),
        .recolorColour(
            "recolor-dark", \.reader.recolor.dark, default: PageRecolor.defaultDark,
            summary: "the colour paper (white) becomes in dark mode, and the text views' background"),
        .recolorColour(
            "recolor-light", \.reader.recolor.light, default: PageRecolor.defaultLight,
            summary: "the colour black ink becomes in dark mode, and the text views' text"),
        .boolean(
            "recolor-images", \.reader.recolor.recolorsImages,
            summary:
                "dark mode recolours photographs and other raster images too (by default they are left as they are; a scanned page is always recoloured)"
        ),
        .choice(
            "crop", \.reader.crop, [("off", .off), ("auto", .auto), ("even-odd", .evenOdd)],
            summary: "page images trimmed to their content box, or facing pages to one box (`c` cycles)"),
        .boolean(
            "spread", \.reader.spreads,
            summary: "start the image view with facing pages side by side when they fit together (`d` toggles)"),
        .boolean(
            "spread-first-alone", \.reader.spreadFirstPageAlone,
            summary: "spreads keep the first page alone, as a book's cover: 1, 2–3, 4–5 (else 1–2, 3–4)"),
        .choice(
            "spread-direction", \.reader.spreadDirection, [("ltr", .leftToRight), ("rtl", .rightToLeft)],
            summary: "a spread's earlier page on the left (`ltr`), or on the right (`rtl`, for manga)"),
        .boolean(
            "continuous", \.reader.continuous,
            summary: "the image view scrolls on from a page's end into the next page's top, below a seam (`s` toggles)"),
        .boolean("mouse", \.mouse, summary: "mouse reporting: the wheel scrolls, clicks choose (below)"),
        .boolean(
            "reload", \.reload, summary: "reopen the document when its file changes (`R` reloads by hand either way)"),
        .boolean("remember-position", \.remembersPosition, summary: "reopen each document where it was left"),
        .lines(
            "scroll-overlap", \.reader.scrollOverlap, 0...ReaderPreferences.maximumScrollOverlap,
            summary: "lines of the previous screen a screenful (Space, PageDown, `b`) keeps"),
        .color(
            "status-fg", default: "reverse video", summary: "the status line's text",
            store: { $0.colors.statusForeground = $1 }),
        .color(
            "status-bg", default: "reverse video", summary: "the status line's background",
            store: { $0.colors.statusBackground = $1 }),
        .color(
            "highlight-fg", default: "`black`", summary: "search matches' text",
            store: { $0.colors.highlightForeground = $1 }),
        .color(
            "highlight-bg", default: "`yellow`", summary: "search matches' background",
            store: { $0.colors.highlightBackground = $1 }),
        .color(
            "dim-fg", default: "the faint attribute", summary: "notes such as \"Loading page 2…\"",
            store: { $0.colors.dimForeground = $1 }),
        .boolean(
            "osc52", \.sendsOSC52,
            summary:
                "copies go to the terminal's clipboard as OSC 52 (works over ssh and in tmux with `set-clipboard on`)"),
        ConfigurationOption(
            name: "clipboard-command",
            summary: "the program a copy is piped to; `\"\"` pipes to none",
            allowed: "a command such as \"xclip -selection clipboard\", or \"\" for none",
            documentedValues: "a command, or `\"\"`", documentedDefault: "the first of wl-copy, xclip, xsel",
            isBoolean: false, acceptsEmpty: true,
            store: { value, configuration in
                configuration.clipboardCommand = value.split(whereSeparator: \.isWhitespace).map(String.init)
                return true
            }),
        .syncTeXEditor,
        .choice(
            "arabic-shaping", \.arabicShaping, ArabicShapingPreference.allCases.map { ($0.rawValue, $0) },
            summary:
                "send Arabic letters in their joined shapes (presentation forms), for terminals that draw each letter alone (only where Folio reorders, `bidi`: a terminal that reorders shapes too); `auto` is on except in VTE 0.58 and later (GNOME Terminal and others), which shapes itself; see [READER.md](READER.md). Display only: search, copy and `--text` keep the letters"
        ),
        .choice(
            "bidi", \.bidi, BidiPreference.allCases.map { ($0.rawValue, $0) },
            summary:
                "who puts right-to-left lines in the order they are drawn: `on`, Folio (in visual order, right-aligned, the terminal asked not to reorder); `off`, the terminal (lines go out in logical order); `auto` is `off` in mlterm and Konsole, which reorder every line themselves, `on` elsewhere; see [READER.md](READER.md)"
        ),
        .choice(
            "annotations", \.reader.showsAnnotations, [("show", true), ("hide", false)],
            summary: "draw the document's annotations on page images and mark them in the text views"),
        .highlightColour,
        .annotationAuthor,
        .choice(
            "annotation-store", \.annotationStore, AnnotationStorePreference.allCases.map { ($0.rawValue, $0) },
            summary:
                "keep annotations in the PDF, as an incremental update (in a sidecar in `$XDG_DATA_HOME/folio/annotations/` when the file cannot be written or is not a PDF), or always in a sidecar"
        ),
    ]

    /// A dark-mode colour written `#rrggbb` (quoted, since `#` starts a comment) or `rrggbb`,
    /// stored at `property`.
    private static func recolorColour(
        _ name: String, _ property: any WritableKeyPath<Configuration, PageRecolor.Colour> & Sendable,
        default: PageRecolor.Colour,
        summary: String
    ) -> ConfigurationOption {
        ConfigurationOption(
            name: name, summary: summary,
            allowed: "a colour written \"#rrggbb\" (quoted: # starts a comment) or rrggbb",
            documentedValues: "a colour such as `\"#002b36\"` (quoted) or `002b36`",
            documentedDefault: "`\"\(`default`.hex)\"`",
            isBoolean: false, acceptsEmpty: false,
            store: { value, configuration in
                guard let colour = PageRecolor.Colour(hex: value) else { return false }
                configuration[keyPath: property] = colour
                return true
            })
    }

    /// `set synctex-editor`: the command inverse search runs, checked as it is read.
    private static let syncTeXEditor = ConfigurationOption(
        name: "synctex-editor",
        summary:
            "what inverse search (`S`, Ctrl-click) runs to open the source, with `%{input}`, `%{line}` and `%{column}` replaced inside its words (never through a shell); `\"\"` runs none; setups for Neovim, VimTeX and Emacs in [INTEGRATION.md](INTEGRATION.md)",
        allowed:
            "a command such as \"emacsclient +%{line}:%{column} %{input}\" (quotes closed; placeholders %{input}, %{line}, %{column}), or \"\" for none",
        documentedValues: "a command, or `\"\"`", documentedDefault: "none: the source is named on the status line",
        isBoolean: false, acceptsEmpty: true,
        store: { value, configuration in
            guard !value.allSatisfy(\.isWhitespace) else {
                configuration.syncTeXEditor = nil
                return true
            }
            guard let command = EditorCommand(parsing: value) else { return false }
            configuration.syncTeXEditor = command
            return true
        })

    /// `set highlight-colour`: a preset's name or a colour written `#rrggbb` (quoted, since `#`
    /// starts a comment) or `rrggbb`.
    private static let highlightColour = ConfigurationOption(
        name: "highlight-colour", otherNames: ["highlight-color"],
        summary:
            "the colour `H` makes highlights in (`1H`…`4H` pick the four presets, in this order); search matches keep `highlight-bg`",
        allowed: "yellow, green, blue, pink, or a colour written \"#rrggbb\" (quoted: # starts a comment) or rrggbb",
        documentedValues: "`yellow`, `green`, `blue`, `pink`, or `\"#rrggbb\"` (quoted) or `rrggbb`",
        documentedDefault: "`\(AnnotationColour.presets[0].name)`",
        isBoolean: false, acceptsEmpty: false,
        store: { value, configuration in
            guard
                let colour = AnnotationColour.presets.first(where: { $0.name == value })?.colour
                    ?? AnnotationColour(hex: value)
            else { return false }
            configuration.reader.highlightColour = colour
            return true
        })

    /// `set annotation-author`: any name without control characters, which would reach other
    /// readers' screens and Folio's exports.
    private static let annotationAuthor = ConfigurationOption(
        name: "annotation-author",
        summary: "the name new annotations are signed with (their /T), as other readers show it",
        allowed: "a name without control characters, such as \"Ada Lovelace\"",
        documentedValues: "a name (quoted when it has spaces)", documentedDefault: "the login name",
        isBoolean: false, acceptsEmpty: false,
        store: { value, configuration in
            guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return false
            }
            configuration.reader.annotationAuthor = value
            return true
        })
}

/// The kinds of option, each taking its values one way.
extension ConfigurationOption {
    /// A yes-or-no option (`true`, `on`, `yes` or `false`, `off`, `no`) stored at `property` as
    /// `on` or `off`.
    static func boolean<Value: Equatable & Sendable>(
        _ name: String, _ property: any WritableKeyPath<Configuration, Value> & Sendable, on: Value, off: Value,
        summary: String
    ) -> ConfigurationOption {
        ConfigurationOption(
            name: name, summary: summary, allowed: "true or false", documentedValues: "`true`, `false`",
            documentedDefault: Configuration()[keyPath: property] == on ? "`true`" : "`false`",
            isBoolean: true, acceptsEmpty: false,
            store: { value, configuration in
                switch value.lowercased() {
                case "true", "on", "yes": configuration[keyPath: property] = on
                case "false", "off", "no": configuration[keyPath: property] = off
                default: return false
                }
                return true
            })
    }

    /// A yes-or-no option stored at `property` as a `Bool`.
    static func boolean(
        _ name: String, _ property: any WritableKeyPath<Configuration, Bool> & Sendable, summary: String
    ) -> ConfigurationOption {
        boolean(name, property, on: true, off: false, summary: summary)
    }

    /// An option that takes one of `choices` (each a word and the value it stores at
    /// `property`), or one of `aliases`, which messages and the documentation name less loudly.
    static func choice<Value: Equatable & Sendable>(
        _ name: String, _ property: any WritableKeyPath<Configuration, Value> & Sendable,
        _ choices: [(word: String, value: Value)], aliases: [(word: String, value: Value)] = [], summary: String
    ) -> ConfigurationOption {
        let words = choices.map(\.word)
        let defaultWord = choices.first { $0.value == Configuration()[keyPath: property] }?.word
        return ConfigurationOption(
            name: name, summary: summary,
            allowed: words.count == 2 ? words.joined(separator: " or ") : words.joined(separator: ", "),
            documentedValues: words.map { "`\($0)`" }.joined(separator: ", ")
                + (aliases.isEmpty ? "" : " (or " + aliases.map { "`\($0.word)`" }.joined(separator: ", ") + ")"),
            documentedDefault: defaultWord.map { "`\($0)`" } ?? "",
            isBoolean: false, acceptsEmpty: false,
            store: { value, configuration in
                guard let chosen = (choices + aliases).first(where: { $0.word == value }) else { return false }
                configuration[keyPath: property] = chosen.value
                return true
            })
    }

    /// A number of lines in `range`, stored at `property`.
    static func lines(
        _ name: String, _ property: any WritableKeyPath<Configuration, Int> & Sendable, _ range: ClosedRange<Int>,
        summary: String
    ) -> ConfigurationOption {
        ConfigurationOption(
            name: name, summary: summary, allowed: "\(range.lowerBound) to \(range.upperBound) lines",
            documentedValues: "`\(range.lowerBound)`–`\(range.upperBound)`",
            documentedDefault: "`\(Configuration()[keyPath: property])`", isBoolean: false, acceptsEmpty: false,
            store: { value, configuration in
                guard let lines = Int(value), range.contains(lines) else { return false }
                configuration[keyPath: property] = lines
                return true
            })
    }

    /// A colour (`default`, a name, or 0 to 255) given to `store`; `default` describes what the
    /// part looks like when no colour is set.
    static func color(
        _ name: String, default documentedDefault: String, summary: String,
        store: @escaping @Sendable (inout Configuration, TerminalColor) -> Void
    ) -> ConfigurationOption {
        ConfigurationOption(
            name: name, summary: summary,
            allowed: "default, a colour name such as cyan or bright-black, or 0 to 255",
            documentedValues: "a colour", documentedDefault: documentedDefault, isBoolean: false,
            acceptsEmpty: false,
            store: { value, configuration in
                guard let color = TerminalColor(value) else { return false }
                store(&configuration, color)
                return true
            })
    }
}
