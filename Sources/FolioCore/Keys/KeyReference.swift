/// The key reference of the documentation, generated from the key tables so it cannot drift
/// from them: a markdown table per mode for docs/READER.md, and the key page of the sample
/// guide (docs/sample.pdf, written by scripts/make-sample from ``sampleGuideKeys``).
///
/// Each mode's table lists its bindings in table order, each binding's summary followed by
/// its details; a mode whose printable keys type text (or digits, a number) says so in a
/// first row.
public enum KeyReference {
    /// The sections of the sample guide's Reading page, and the commands each lists.
    static let sampleGuideSections: [(heading: String, commands: [ReaderCommand])] = [
        (
            "Paging keys",
            [.nextPage, .previousPage, .scrollLineDown, .scrollLineUp, .scrollScreenDown, .scrollScreenUp]
        ),
        ("Jumping", [.firstPage, .lastPage, .goToPagePrompt, .goToCountOrLast]),
        ("Other keys", [.toggleWrap, .toggleLayout, .help, .quit]),
    ]

    /// The comment that opens `mode`'s generated section in docs/READER.md.
    public static func startMarker(for mode: KeyMode) -> String {
        "<!-- keys:\(mode.name) -->"
    }

    /// The comment that closes `mode`'s generated section in docs/READER.md.
    public static func endMarker(for mode: KeyMode) -> String {
        "<!-- /keys:\(mode.name) -->"
    }

    /// `mode`'s default key table as a markdown table (Keys | Command | What they do), one row
    /// per binding, ending with a newline. The command column gives the stable name a
    /// configuration file maps keys to (`map J next-page`).
    public static func markdown(for mode: KeyMode) -> String {
        var rows: [(keys: String, command: String, text: String)] =
            typedText(in: mode).map { [($0.keys, "", $0.text)] } ?? []
        rows += bindingRows(in: mode).map { binding in
            (
                binding.keys.map(markdownName).joined(separator: ", "), "`\(binding.command)`",
                binding.summary + (binding.details.map { " — " + $0 } ?? "")
            )
        }
        let lines =
            ["| Keys | Command | What they do |", "|---|---|---|"]
            + rows.map { "| \($0.keys) | \($0.command) | \($0.text) |" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `document` (the text of docs/READER.md) with every mode's section between its markers
    /// replaced by ``markdown(for:)``. Modes whose markers are missing are left out; see
    /// ``modesWithoutSection(in:)``.
    public static func withGeneratedSections(_ document: String) -> String {
        var text = document
        for mode in KeyMode.allCases {
            guard let range = sectionRange(of: mode, in: text) else { continue }
            text.replaceSubrange(range, with: "\n" + markdown(for: mode))
        }
        return text
    }

    /// The modes `document` has no generated section for (no pair of markers, in order).
    public static func modesWithoutSection(in document: String) -> [KeyMode] {
        KeyMode.allCases.filter { sectionRange(of: $0, in: document) == nil }
    }

    /// The key page of the sample guide, as scripts/make-sample reads it (docs/sample-keys.txt):
    /// comment lines starting with "#", a "## heading" line per section, then one
    /// "KEYS<tab>SUMMARY" line per binding.
    public static var sampleGuideKeys: String {
        let keymap = ReaderKeymap.standard
        var lines = [
            "# The key page of the sample guide (docs/sample.pdf), generated from Folio's key tables:",
            "# do not edit. FOLIO_UPDATE_DOCS=1 swift test --filter KeyReferenceTests rewrites it;",
            "# then run scripts/make-sample. Sections start with \"## \"; rows are KEYS<tab>SUMMARY.",
        ]
        for section in sampleGuideSections {
            lines.append("## " + section.heading)
            for command in section.commands {
                guard let binding = keymap.bindings.first(where: { $0.command == command }) else { continue }
                lines.append(binding.keys.map(\.displayName).joined(separator: ", ") + "\t" + binding.summary)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text between `mode`'s markers, newlines included.
    private static func sectionRange(of mode: KeyMode, in text: String) -> Range<String.Index>? {
        guard let start = text.firstRange(of: startMarker(for: mode)),
            let end = text[start.upperBound...].firstRange(of: endMarker(for: mode))
        else {
            return nil
        }
        return start.upperBound..<end.lowerBound
    }

    /// What a binding shows in the reference, whatever its command type.
    private struct BindingRow {
        var keys: [Key]
        var command: String
        var summary: String
        var details: String?

        init<Command>(_ binding: KeyBinding<Command>) {
            keys = binding.keys
            command = binding.command.name
            summary = binding.summary
            details = binding.details
        }
    }

    private static func bindingRows(in mode: KeyMode) -> [BindingRow] {
        switch mode {
        case .reader: ReaderKeymap.standard.bindings.map(BindingRow.init)
        case .goToPrompt: GoToPromptKeymap.standard.bindings.map(BindingRow.init)
        case .searchPrompt: SearchPromptKeymap.standard.bindings.map(BindingRow.init)
        case .outline: OutlineKeymap.standard.bindings.map(BindingRow.init)
        case .links: LinkListKeymap.standard.bindings.map(BindingRow.init)
        case .linkHints: LinkHintKeymap.standard.bindings.map(BindingRow.init)
        case .selection: SelectionKeymap.standard.bindings.map(BindingRow.init)
        case .textSelection: TextSelectionKeymap.standard.bindings.map(BindingRow.init)
        case .annotations: AnnotationListKeymap.standard.bindings.map(BindingRow.init)
        case .notePrompt: NotePromptKeymap.standard.bindings.map(BindingRow.init)
        case .browser: BrowserKeymap.standard.bindings.map(BindingRow.init)
        case .filter: FilterKeymap.standard.bindings.map(BindingRow.init)
        case .password: PasswordPromptKeymap.standard.bindings.map(BindingRow.init)
        }
    }

    /// The row for the keys a mode takes as text, which are state rather than table entries.
    private static func typedText(in mode: KeyMode) -> (keys: String, text: String)? {
        switch mode {
        case .reader:
            (
                "`0`–`9`",
                "a count for the next key: `5` Right moves five pages, `12G` goes to page 12, `3j` scrolls three lines"
            )
        case .goToPrompt:
            (
                "any character",
                "type the page number or printed label (`xiv`); a number out of range (`g 999` on a 36-page file) says `No page 999 (1–36)` and stays put, or with wrap-around on wraps and says so (`Page 40 wraps to 4`)"
            )
        case .searchPrompt:
            ("any character", "type the pattern at the cursor")
        case .links:
            ("`0`–`9`", "type a link's number: one that no more digits could extend is followed at once")
        case .filter:
            ("any character", "type the filter: the list narrows as you type")
        case .linkHints:
            ("`a`–`l`", "type the hint drawn before a link's words (`a`, `s`, …; two letters when many) to follow it")
        case .outline:
            (
                "any character",
                "filter the entries as you type: fuzzy (`inst` finds Installing) and ignoring case, the letters matched highlighted"
            )
        case .password:
            ("any character", "type the password (shown as `•`, never as typed)")
        case .textSelection:
            (
                "`1`–`9`",
                "a count for the next key: `3w` moves three words, `2H` highlights in the second colour (green)"
            )
        case .notePrompt:
            ("any character", "type the note at the cursor")
        case .annotations:
            (
                "any character, after `/`",
                "type the filter: the list narrows to the annotations whose page, kind, colour, text or note hold the words"
            )
        case .selection, .browser:
            nil
        }
    }

    /// A key as the reference writes it: characters as code (`` `l` ``), named keys plain.
    private static func markdownName(_ key: Key) -> String {
        if case .character(let scalar) = key, scalar != " " {
            return "`" + String(Character(scalar)) + "`"
        }
        return key.displayName
    }
}
