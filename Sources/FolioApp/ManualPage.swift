import FolioCommandLine
import FolioConfiguration
import FolioCore

/// The man page, docs/folio.1, generated from the tables it documents so it cannot drift from
/// them: the command-line options (``CommandLineOption/all``), the configuration options
/// (`ConfigurationOption.all`) and every mode's default keys (`KeyTables.standard`).
///
/// The page is plain man(7) that both groff and mandoc read; every character outside ASCII is
/// written as a `\[uXXXX]` escape, so the page needs no input encoding.
public enum ManualPage {
    /// The whole page, ending with a newline.
    public static var text: String {
        var page = Page()
        page.comment("folio(1), generated from Folio's option and key tables: do not edit.")
        page.comment("FOLIO_UPDATE_DOCS=1 swift test --filter ManualPageTests rewrites it (docs/TESTING.md).")
        page.request("TH", "FOLIO", "1", Version.date, "folio \(Version.current)", "User Commands")
        // Options and commands must not be hyphenated where they are broken: they are copied.
        page.request("nh")
        page.request("ad", "l")
        page.section("NAME")
        page.line("folio \\- read documents in the terminal, and print their text, outline and search hits")
        synopsis(&page)
        page.section("DESCRIPTION")
        page.text(CommandLineReference.description)
        page.paragraph()
        page.text(
            "The same program is a scriptable tool: --info, --text, --outline, --search, --sixel, --image and "
                + "--preview print to standard output and exit. They read no configuration file. Errors are one "
                + "line on standard error: folio: FILE: reason.")
        options(&page)
        keys(&page)
        configuration(&page)
        environment(&page)
        files(&page)
        page.section("EXIT STATUS")
        page.text(CommandLineReference.exitStatus)
        page.section("SEE ALSO")
        page.line("\\fBmutool\\fR(1), \\fBpdftotext\\fR(1), \\fBless\\fR(1)")
        page.paragraph()
        page.text(
            "The guides READER.md, CLI.md and CONFIG.md say more, with examples. Folio's package installs them "
                + "in /usr/share/doc/folio compressed, as READER.md.gz, CLI.md.gz and CONFIG.md.gz (zless reads them).")
        return page.lines.joined(separator: "\n") + "\n"
    }

    private static func synopsis(_ page: inout Page) {
        page.section("SYNOPSIS")
        page.line("\\fBfolio\\fR [\\fIOPTIONS\\fR] [\\fIFILE\\fR | \\fIDIR\\fR]")
        page.request("br")
        page.line(
            "\\fBfolio \\-\\-remote\\fR [\\fB\\-\\-to\\fR \\fIFILE\\fR|\\fIPID\\fR] \\fICOMMAND\\fR...")
        page.request("br")
        page.line("\\fBfolio \\-\\-remote \\-\\-list\\fR")
    }

    private static func options(_ page: inout Page) {
        page.section("OPTIONS")
        for option in CommandLineOption.all {
            let names = option.names.map { "\\fB" + Page.escaped($0) + "\\fR" }.joined(separator: ", ")
            let value = option.value.placeholder.map { " \\fI" + Page.escaped($0) + "\\fR" } ?? ""
            page.request("TP")
            page.line(names + value)
            page.text(option.description)
        }
    }

    private static func keys(_ page: inout Page) {
        page.section("KEYS")
        page.text(
            "Each mode has its own keys; a heading names its mode as a configuration file's map and unmap "
                + "lines do. The command after each binding is the name a configuration file maps keys to "
                + "(map J next-page, map outline <C-n> down); folio --list-commands lists them too. The reader takes a count "
                + "before a key: 5 Right moves five pages, 12G goes to page 12.")
        for mode in KeyMode.allCases {
            page.subsection("\(mode.name) mode")
            for row in KeyTables.standard.rows(in: mode) {
                let keys = row.keys.map { sequence in
                    "\\fB" + Page.escaped(sequence.map(\.displayName).joined()) + "\\fR"
                }
                page.request("TP")
                page.line(keys.isEmpty ? "(no key)" : keys.joined(separator: ", "))
                page.text(row.summary + " (" + row.command + ")")
            }
        }
    }

    private static func configuration(_ page: inout Page) {
        page.section("CONFIGURATION")
        page.text(
            "Folio reads ~/.config/folio/config when it starts (see FILES). One instruction a line: set NAME VALUE "
                + "sets an option; map [MODE] KEYS COMMAND binds keys; unmap [MODE] KEYS takes them away; include "
                + "PATH reads another file; # starts a comment. A line folio cannot apply is reported and the rest "
                + "still apply; folio --check-config lists every problem. The options:")
        for option in ConfigurationOption.all {
            page.request("TP")
            let others = option.otherNames.map { "\\fB" + Page.escaped($0) + "\\fR" }
            page.line(
                "\\fB" + Page.escaped(option.name) + "\\fR"
                    + (others.isEmpty ? "" : " (or " + others.joined(separator: ", ") + ")"))
            page.line(
                Page.markdown(
                    option.summary + ". Values: " + option.documentedValues + "; default: " + option.documentedDefault)
                    + ".")
        }
    }

    private static func environment(_ page: inout Page) {
        page.section("ENVIRONMENT")
        let variables = [
            ("FOLIO_CONFIG", "the configuration file to read, as --config names one"),
            ("XDG_CONFIG_HOME", "where the configuration folder is: $XDG_CONFIG_HOME/folio"),
            (
                "XDG_STATE_HOME",
                "where Folio keeps where each document was left, its marks, searches and the tips it has shown, "
                    + "in $XDG_STATE_HOME/folio"
            ),
            ("NO_COLOR", "when set and not empty, Folio uses no colours: reverse video, bold and faint instead"),
            ("SSH_CONNECTION", "when set, --compact-sixel auto sends grey pages in 12 greys"),
        ]
        for (name, text) in variables {
            page.request("TP")
            page.line("\\fB" + Page.escaped(name) + "\\fR")
            page.text(text)
        }
    }

    private static func files(_ page: inout Page) {
        page.section("FILES")
        let files = [
            ("~/.config/folio/config", "the configuration file"),
            (
                "~/.local/state/folio/",
                "where each document was left (positions), marks (marks), search history (search-history), the "
                    + "tips already shown (tips-shown), and what a session wrote to standard error "
                    + "(messages-PID.log, kept only when it is not empty)"
            ),
        ]
        for (name, text) in files {
            page.request("TP")
            page.line("\\fI" + Page.escaped(name) + "\\fR")
            page.text(text)
        }
    }
}

/// A man(7) page being written: requests, and text escaped so that no line of it is read as
/// a request and no character needs an input encoding.
private struct Page {
    var lines: [String] = []

    mutating func comment(_ text: String) {
        lines.append(".\\\" " + text)
    }

    /// A request with its arguments, those with a space quoted (they hold no quotes or
    /// backslashes).
    mutating func request(_ name: String, _ arguments: String...) {
        lines.append("." + name + arguments.map { $0.contains(" ") ? " \"" + $0 + "\"" : " " + $0 }.joined())
    }

    mutating func section(_ name: String) {
        request("SH", name)
    }

    mutating func subsection(_ name: String) {
        request("SS", name)
    }

    mutating func paragraph() {
        lines.append(".PP")
    }

    /// Text already in man(7) markup (fonts), broken at spaces into lines of at most 80 bytes
    /// (as mandoc's style check wants), none of which may start a request.
    mutating func line(_ markup: String) {
        var line = ""
        for word in markup.split(separator: " ") {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 80 {
                append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        append(line)
    }

    private mutating func append(_ line: String) {
        lines.append(line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line)
    }

    /// Plain text, escaped.
    mutating func text(_ text: String) {
        line(Self.escaped(text))
    }

    /// `text` with the characters man(7) gives a meaning escaped: the backslash, the hyphen (a
    /// minus sign in options, which must stay one to be copied), and every non-ASCII character.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default: result += "\\[u" + hex(scalar.value) + "]"
            }
        }
        return result
    }

    /// `text` written in the documentation's markdown, with `` `code` `` set in bold and a link
    /// `[text](address)` as its text.
    static func markdown(_ text: String) -> String {
        text.replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.output.1) }.split(
            separator: "`", omittingEmptySubsequences: false
        ).enumerated().map { index, part in
            index % 2 == 1 ? "\\fB" + escaped(String(part)) + "\\fR" : escaped(String(part))
        }.joined()
    }

    /// `value` in four or more upper-case hexadecimal digits, as `\[uXXXX]` wants it.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
