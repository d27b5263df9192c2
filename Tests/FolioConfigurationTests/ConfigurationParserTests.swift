import FolioConfiguration
import FolioCore
import Testing

/// Files held in memory, named by absolute path; `~` is `/home/reader`.
struct MemoryFiles: ConfigurationFiles {
    var files: [String: String]

    func contents(of path: String) -> Result<String, ConfigurationFileProblem> {
        files[path].map { .success($0) } ?? .failure(ConfigurationFileProblem(reason: "no such file"))
    }

    func resolve(_ path: String, relativeTo including: String) -> String {
        if path.hasPrefix("~/") {
            return "/home/reader/" + path.dropFirst(2)
        }
        if path.hasPrefix("/") {
            return path
        }
        let folder = including.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return folder + "/" + path
    }

    func identity(of path: String) -> String {
        path
    }
}

@Suite struct ConfigurationParserTests {
    static let file = "/home/reader/.config/folio/config"

    func read(_ text: String, files: [String: String] = [:], environment: [String: String] = [:]) -> Configuration {
        ConfigurationParser(files: MemoryFiles(files: files), environment: environment).read(
            text: text, file: Self.file)
    }

    func problems(_ text: String, files: [String: String] = [:]) -> [String] {
        read(text, files: files).problems.map(\.description)
    }

    @Test func anEmptyFileKeepsTheDefaults() {
        let configuration = read("\n# nothing but a comment\n   \n")
        #expect(configuration.problems.isEmpty)
        #expect(configuration.reader == ReaderPreferences())
        #expect(configuration.graphics == .auto)
        #expect(configuration.arabicShaping == .auto)
        #expect(configuration.bidi == .auto)
        #expect(configuration.mouse && configuration.reload && configuration.remembersPosition)
        #expect(configuration.sendsOSC52 && configuration.clipboardCommand == nil)
        #expect(configuration.keys.reader.command(for: .character("h")) == .previousPage)
    }

    @Test func everyOptionIsSet() {
        let configuration = read(
            """
            set wrap true
            set view image            # text | image at start
            set layout layout
            set graphics none
            set fit page
            set invert on
            set crop even-odd
            set spread true
            set spread-first-alone on
            set spread-direction rtl
            set continuous yes
            set mouse false
            set reload no
            set remember-position off
            set scroll-overlap 3
            set status-fg white
            set status-bg 24
            set highlight-fg default
            set highlight-bg bright-cyan
            set dim-fg grey
            set osc52 false
            set clipboard-command "xclip -selection clipboard"
            set arabic-shaping off
            set bidi off
            """)
        #expect(configuration.problems == [])
        #expect(configuration.reader.paging == .wrapAround)
        #expect(configuration.reader.view == .image)
        #expect(configuration.reader.layout == .physical)
        #expect(configuration.graphics == GraphicsPreference.none)
        #expect(configuration.reader.imageFit == .page)
        #expect(configuration.reader.invertsImages)
        #expect(configuration.reader.crop == .evenOdd)
        #expect(configuration.reader.spreads && configuration.reader.spreadFirstPageAlone)
        #expect(configuration.reader.spreadDirection == .rightToLeft)
        #expect(configuration.reader.continuous)
        #expect(!configuration.mouse && !configuration.reload && !configuration.remembersPosition)
        #expect(configuration.reader.scrollOverlap == 3)
        #expect(configuration.colors.statusForeground == .indexed(7))
        #expect(configuration.colors.statusBackground == .indexed(24))
        #expect(configuration.colors.highlightForeground == .terminalDefault)
        #expect(configuration.colors.highlightBackground == .indexed(14))
        #expect(configuration.colors.dimForeground == .indexed(8))
        #expect(!configuration.sendsOSC52)
        #expect(configuration.clipboardCommand == ["xclip", "-selection", "clipboard"])
        #expect(configuration.arabicShaping == .off)
        #expect(configuration.bidi == .off)
        #expect(
            read("set arabic-shaping sometimes").problems.map(\.reason) == [
                "invalid arabic-shaping 'sometimes' (auto, on, off)"
            ])
    }

    @Test func fitTakesWidthPageOrHeight() {
        #expect(read("set fit height").reader.imageFit == .height)
        #expect(read("set fit width").reader.imageFit == .width)
        #expect(
            read("set fit tall").problems.map(\.reason) == ["invalid fit 'tall' (width, page, height)"])
    }

    @Test func aYesOrNoOptionAloneIsTurnedOn() {
        #expect(read("set wrap").reader.paging == .wrapAround)
        #expect(read("set clipboard-command \"\"").clipboardCommand == [])
    }

    @Test func badLinesAreReportedWithTheirNumberAndTheRestStillApplies() {
        let configuration = read(
            """
            set wrap maybe
            set colour red
            set wrapp true
            map J fly
            set scroll-overlap 99
            set status-bg 256
            set wrap true false
            set view
            frobnicate now
            map J
            map sideways J next-page
            map J next-pgae
            map <Foo> next-page
            unmap Q
            map 5 last-page
            map outline gg first
            set layout "reflow
            map J next-page
            """)
        let file = Self.file
        #expect(
            configuration.problems.map(\.description) == [
                "\(file):1: invalid wrap 'maybe' (true or false)",
                "\(file):2: unknown option 'colour' (options: wrap, view, layout, graphics, fit, invert, recolor, "
                    + "recolor-dark, recolor-light, recolor-images, crop, spread, spread-first-alone, spread-direction, "
                    + "continuous, mouse, reload, remember-position, scroll-overlap, status-fg, status-bg, highlight-fg, highlight-bg, "
                    + "dim-fg, osc52, clipboard-command, synctex-editor, arabic-shaping, bidi, annotations, "
                    + "highlight-colour, annotation-author, annotation-store)",
                "\(file):3: unknown option 'wrapp' (did you mean wrap?)",
                "\(file):4: unknown command 'fly' in reader mode (see folio --list-commands)",
                "\(file):5: invalid scroll-overlap '99' (0 to 20 lines)",
                "\(file):6: invalid status-bg '256' (default, a colour name such as cyan or bright-black, or 0 to 255)",
                "\(file):7: wrap takes one value; quote a value with spaces",
                "\(file):8: view needs a value (text or image)",
                "\(file):9: unknown command 'frobnicate' (a line is set, map, unmap or include)",
                "\(file):10: usage: map [MODE] KEYS COMMAND",
                "\(file):11: unknown mode 'sideways' (reader, goto, search, outline, links, hints, select, visual, annotations, note, browser, filter, password, prompt)",
                "\(file):12: unknown command 'next-pgae' in reader mode (did you mean next-page?)",
                "\(file):13: unknown key <Foo>",
                "\(file):14: Q is not bound in reader mode",
                "\(file):15: digits type a number in reader mode, so cannot be mapped there",
                "\(file):16: key sequences such as 'gg' can be mapped in reader mode only",
                "\(file):17: a quote is not closed",
            ])
        // Line 18 applies although every line before it failed.
        #expect(configuration.keys.reader.command(for: .character("J")) == .nextPage)
        #expect(configuration.reader.paging == .bounded, "the bad wrap lines change nothing")
    }

    @Test func mapTakesTheKeyFromItsOldCommandAndListsItFirst() {
        let keys = read("map h first-page\nmap outline <C-n> down\nmap <F5> redraw").keys
        #expect(keys.reader.command(for: .character("h")) == .firstPage)
        #expect(keys.reader.command(for: .left) == .previousPage, "the other key of previous-page stays")
        #expect(keys.reader.firstKey(for: .firstPage) == .character("h"))
        #expect(keys.reader.keyName(for: .redraw) == "F5")
        #expect(keys.outline.command(for: .control("n")) == .shared(.down))
        #expect(keys.outline.command(for: .down) == .shared(.down))
        #expect(keys.reader.helpEntries.first { $0.summary == "First page" }?.keys == "h, Home")
    }

    @Test func unmapLeavesTheCommandWithoutThatKey() {
        let keys = read("unmap h\nunmap <Left>").keys
        #expect(keys.reader.command(for: .character("h")) == nil)
        #expect(keys.reader.command(for: .left) == nil)
        #expect(keys.reader.helpEntries.first { $0.summary == "Previous page" }?.keys == "(no key)")
        #expect(keys.reader.unboundMessage(for: .character("h"), help: .help) == "h is not a key here (? for help)")
    }

    @Test func unmapAllClearsAModeForAConfigurationOfItsOwn() {
        let keys = read("unmap browser --all\nmap browser x quit").keys
        #expect(keys.browser.command(for: .character("q")) == nil)
        #expect(keys.browser.command(for: .character("x")) == .own(.quit))
        #expect(keys.reader.command(for: .character("q")) == .quit, "other modes keep their keys")
    }

    @Test func promptMapsEveryPromptThatHasTheCommand() {
        let configuration = read("map prompt <C-h> delete-backward\nmap prompt <C-g> first-page")
        #expect(configuration.problems.isEmpty)
        #expect(configuration.keys.goToPrompt.command(for: .control("h")) == .own(.deleteBackward))
        #expect(configuration.keys.searchPrompt.command(for: .control("h")) == .own(.deleteBackward))
        #expect(configuration.keys.filter.command(for: .control("h")) == .own(.deleteBackward))
        #expect(
            configuration.keys.goToPrompt.command(for: .control("g")) == .own(.firstPage), "only goto has first-page")
    }

    @Test func keysAreWrittenAsVimAndZathuraUsersWriteThem() throws {
        let text = "map <C-x> quit\nmap <Space> next-page\nmap <PageDown> last-page\nmap <F12> help\nmap gg first-page"
        let keys = read(text).keys
        #expect(keys.reader.command(for: .control("x")) == .quit)
        #expect(keys.reader.command(for: .character(" ")) == .nextPage)
        #expect(keys.reader.command(for: .pageDown) == .lastPage)
        #expect(keys.reader.command(for: .function(12)) == .help)
        #expect(keys.reader.lookUp([.character("g")]) == .pending)
        #expect(keys.reader.lookUp([.character("g"), .character("g")]) == .command(.firstPage))
        for written in ["x", "<C-d>", "<Space>", "<lt>", "gg", "<S-Tab>", "<F5>", "<Esc><Enter>"] {
            #expect(KeyNotation.text(of: try KeyNotation.keys(written)) == written)
        }
        #expect(try KeyNotation.keys("<c-D>") == [.control("d")], "names are case-insensitive")
        #expect(try KeyNotation.keys("<") == [.character("<")])
    }

    @Test func anUnfinishedKeyNameIsAProblemOnItsLine() throws {
        let configuration = read("set wrap true\nmap <C-q quit")
        #expect(
            configuration.problems.map(\.description) == [
                "\(Self.file):2: unfinished key name <C-q (no closing >; write <lt> for the < key)"
            ])
        #expect(configuration.keys.reader.lookUp([.character("<")]) == .command(.scrollLeft), "< still scrolls left")
        #expect(try KeyNotation.keys("g<") == [.character("g"), .character("<")])
        #expect(throws: KeyNotation.Problem.self) { try KeyNotation.keys("<Left") }
        #expect(throws: KeyNotation.Problem.self) { try KeyNotation.keys("<F5") }
        #expect(throws: KeyNotation.Problem.self) { try KeyNotation.keys("<Esc><C-w") }
    }

    /// Only what reads as a key name is taken for one left unfinished: `<` before another `<`
    /// or a single letter is the `<` key, as it always was.
    @Test func aLessThanSignBeforeWhatNamesNoKeyIsTheKeyItself() throws {
        let configuration = read("map << first-page\nmap <a last-page\nmap <-x help")
        #expect(configuration.problems.isEmpty, "\(configuration.problems)")
        #expect(configuration.keys.reader.lookUp([.character("<"), .character("<")]) == .command(.firstPage))
        #expect(configuration.keys.reader.lookUp([.character("<"), .character("a")]) == .command(.lastPage))
        #expect(try KeyNotation.keys("<<") == [.character("<"), .character("<")])
        #expect(try KeyNotation.keys("<a") == [.character("<"), .character("a")])
        #expect(try KeyNotation.keys("<-x") == [.character("<"), .character("-"), .character("x")])
    }

    @Test func includesReadRelativeToTheirFileAndFromHome() {
        let files = [
            "/home/reader/.config/folio/keys": "map J next-page\ninclude more/extra",
            "/home/reader/.config/folio/more/extra": "set wrap true",
            "/home/reader/shared-keys": "map K previous-page",
        ]
        let configuration = read("include keys\ninclude ~/shared-keys\nset invert true", files: files)
        #expect(configuration.problems.isEmpty)
        #expect(configuration.keys.reader.command(for: .character("J")) == .nextPage)
        #expect(configuration.keys.reader.command(for: .character("K")) == .previousPage)
        #expect(configuration.reader.paging == .wrapAround)
        #expect(configuration.reader.invertsImages)
    }

    @Test func aMissingIncludeAndAnIncludeLoopAreReportedWhereTheyAre() {
        let files = [
            "/home/reader/.config/folio/a": "map J next-page\ninclude b",
            "/home/reader/.config/folio/b": "\ninclude a\nmap K previous-page",
        ]
        let configuration = read("include missing\ninclude a\nset wrap true", files: files)
        #expect(
            configuration.problems.map(\.description) == [
                "\(Self.file):1: cannot include missing: no such file",
                "/home/reader/.config/folio/b:2: include loop: a is already being read",
            ])
        #expect(configuration.keys.reader.command(for: .character("J")) == .nextPage)
        #expect(configuration.keys.reader.command(for: .character("K")) == .previousPage)
        #expect(configuration.reader.paging == .wrapAround)
        let selfInclude = read("include config")
        #expect(selfInclude.problems.map(\.reason) == ["include loop: config is already being read"])
    }

    @Test func anUnreadableFileIsOneProblem() {
        let parser = ConfigurationParser(files: MemoryFiles(files: [:]), environment: [:])
        let configuration = parser.read(file: "/etc/folio/none")
        #expect(configuration.problems.map(\.description) == ["/etc/folio/none: no such file"])
        #expect(configuration.keys.reader.command(for: .character("q")) == .quit)
    }

    @Test func windowsLineEndingsAndAByteOrderMarkAreLinesAsAnyOther() {
        let configuration = read("\u{FEFF}# keys\r\nset wrap true\r\nmap J next-page\r\nset wrap maybe\r\n")
        #expect(configuration.problems.map(\.description) == ["\(Self.file):4: invalid wrap 'maybe' (true or false)"])
        #expect(configuration.reader.paging == .wrapAround)
        #expect(configuration.keys.reader.command(for: .character("J")) == .nextPage)
        #expect(read("set wrap true\rmap J next-page").keys.reader.command(for: .character("J")) == .nextPage)
    }

    @Test func printableKeysCannotBeMappedWhereTheyTypeText() {
        #expect(
            read("map search q cancel").problems.map(\.reason) == [
                "printable keys type text in search mode, so cannot be mapped there (use <C-x> or a named key)"
            ])
        #expect(read("map search <C-g> cancel").problems.isEmpty)
        #expect(read("map prompt q last-page").keys.goToPrompt.command(for: .character("q")) == .own(.lastPage))
    }

    @Test func quotesAndCommentsSplitWords() {
        let configuration = read(
            #"set clipboard-command "my copy \"tool\"" # a comment"# + "\nset clipboard-command2 'x' #")
        #expect(configuration.clipboardCommand == ["my", "copy", "\"tool\""])
        #expect(configuration.problems.count == 1)
        #expect(read("map # quit").problems.map(\.reason) == ["usage: map [MODE] KEYS COMMAND"])
    }

    @Test func noColorTurnsColoursOffWhateverTheFileSays() {
        #expect(read("set status-bg blue").colors.usesColor)
        #expect(!read("set status-bg blue", environment: ["NO_COLOR": "1"]).colors.usesColor)
        #expect(read("", environment: ["NO_COLOR": ""]).colors.usesColor, "an empty NO_COLOR is not set")
    }

    @Test func problemsNeverCarryControlCharactersToTheScreen() {
        let problem = read("set wrap \u{1B}[2J").problems.first?.description ?? ""
        #expect(!problem.unicodeScalars.contains { $0.value == 0x1B })
    }
}

/// Who reorders right-to-left lines, and whether Arabic is shaped, by the configuration and the
/// terminal's environment.
@Suite struct RightToLeftTerminalTests {
    @Test func folioReordersAndShapesUnlessTheTerminalDoes() {
        let standard = Configuration()
        #expect(standard.reordersRightToLeft(environment: [:]) && standard.shapesArabic(environment: [:]))
        // VTE reorders only in its implicit mode, which Folio turns off; it shapes itself.
        let vte = ["VTE_VERSION": "7600"]
        #expect(standard.reordersRightToLeft(environment: vte) && !standard.shapesArabic(environment: vte))
        // mlterm and Konsole reorder, align and shape every line themselves.
        for terminal in [["MLTERM": "3.9.0"], ["KONSOLE_VERSION": "230805"]] {
            #expect(!standard.reordersRightToLeft(environment: terminal))
            #expect(!standard.shapesArabic(environment: terminal))
        }
        var forced = Configuration()
        forced.bidi = .on
        #expect(forced.reordersRightToLeft(environment: ["MLTERM": "3.9.0"]))
        forced.bidi = .off
        forced.arabicShaping = .on
        #expect(!forced.shapesArabic(environment: [:]), "shaping follows reordering")
    }
}
