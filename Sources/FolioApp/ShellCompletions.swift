import FolioCommandLine
import FolioDocument

/// Completions for bash, zsh and fish (completions/folio.bash, \_folio and folio.fish),
/// generated from ``CommandLineOption/all`` so they cannot drift from the options: every
/// option, the words an option with a fixed set of values takes (`--graphics`), the forms of a
/// page range, files for `--config`, and folders and documents (by extension) for the file
/// argument.
public enum ShellCompletions {
    /// The shells, each with the name of its completion file under completions/.
    public enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish

        /// The file's name: where each shell's loader looks for it in an installed system.
        public var fileName: String {
            switch self {
            case .bash: "folio.bash"
            case .zsh: "_folio"
            case .fish: "folio.fish"
            }
        }
    }

    /// The completion script for `shell`, ending with a newline.
    public static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// The extensions of the documents the file argument completes to, sorted.
    static var extensions: [String] { FileSniffer.documentExtensions.sorted() }

    private static let header = [
        "folio's completions, generated from its option table: do not edit.",
        "FOLIO_UPDATE_DOCS=1 swift test --filter ShellCompletionTests rewrites it (docs/TESTING.md).",
    ]

    private static var bash: String {
        let valued = CommandLineOption.all.filter { $0.value != .none }
        var lines =
            header.map { "# " + $0 } + [
                "_folio() {",
                "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
                "    # bash splits --graphics=sixel into three words: --graphics, = and sixel.",
                "    if [[ $cur == = ]]; then",
                "        prev=${COMP_WORDS[COMP_CWORD-1]} cur=",
                "    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then",
                "        prev=${COMP_WORDS[COMP_CWORD-2]}",
                "    fi",
                "    COMPREPLY=()",
                "    case $prev in",
            ]
        for option in valued {
            let names = option.names.joined(separator: "|")
            switch option.value {
            case .choice(_, let choices):
                lines.append(
                    "        \(names)) mapfile -t COMPREPLY < <(compgen -W '\(choices.joined(separator: " "))' -- \"$cur\")"
                        + "; return ;;")
            case .file:
                lines.append("        \(names)) mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return ;;")
            case .none, .pageRange, .page, .text:
                lines.append("        \(names)) return ;;")
            }
        }
        let names = CommandLineOption.all.flatMap(\.names).joined(separator: " ")
        let patterns = extensions.map { "*.\($0)" }.joined(separator: "|")
        lines += [
            "    esac",
            "    if [[ $cur == -* ]]; then",
            "        mapfile -t COMPREPLY < <(compgen -W '\(names)' -- \"$cur\")",
            "        return",
            "    fi",
            "    local entry",
            "    while IFS= read -r entry; do",
            "        if [[ -d $entry ]]; then",
            "            COMPREPLY+=(\"$entry\")",
            "        else",
            "            case ${entry,,} in \(patterns)) COMPREPLY+=(\"$entry\") ;; esac",
            "        fi",
            "    done < <(compgen -f -- \"$cur\")",
            "}",
            "complete -o filenames -F _folio folio",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static var zsh: String {
        var lines =
            ["#compdef folio"] + header.map { "# " + $0 } + [
                "",
                "_folio_documents() {",
                "    _files -g '*.(#i)(\(extensions.joined(separator: "|")))(-.)'",
                "}",
                "",
                "_arguments -s \\",
            ]
        for option in CommandLineOption.all {
            let description = "[" + zshEscaped(option.summary) + "]"
            let action: String
            switch option.value {
            case .none: action = ""
            case .choice(let placeholder, let choices):
                action = ":\(placeholder.lowercased()):(\(choices.joined(separator: " ")))"
            case .pageRange: action = ":page range (\(zshEscaped(CommandLineOption.pageRangeForms))):"
            case .page: action = ":page number or printed label:"
            case .file: action = ":file:_files"
            case .text(let placeholder): action = ":\(placeholder.lowercased()):"
            }
            let long = option.value == .none ? "" : "="
            if option.names.count == 1 {
                lines.append("    '\(option.names[0])\(long)\(description)\(action)' \\")
            } else {
                let exclusions = "(" + option.names.joined(separator: " ") + ")"
                let spellings = option.names.map { $0.hasPrefix("--") ? $0 + long : $0 }
                lines.append(
                    "    '\(exclusions)'{\(spellings.joined(separator: ","))}'\(description)\(action)' \\")
            }
        }
        lines.append("    '*:document or folder:_folio_documents'")
        return lines.joined(separator: "\n") + "\n"
    }

    private static var fish: String {
        var lines = header.map { "# " + $0 } + ["complete -c folio -f"]
        for option in CommandLineOption.all {
            var words = ["complete -c folio"]
            for name in option.names {
                words.append(name.hasPrefix("--") ? "-l " + name.dropFirst(2) : "-s " + name.dropFirst())
            }
            switch option.value {
            case .none: break
            case .choice(_, let choices): words.append("-x -a '\(choices.joined(separator: " "))'")
            case .file: words.append("-r -F")
            case .pageRange, .page, .text: words.append("-x")
            }
            words.append("-d " + fishQuoted(option.summary))
            lines.append(words.joined(separator: " "))
        }
        lines += [
            "# Folders and the documents folio opens (fish 3.6's __fish_complete_suffix takes one suffix",
            "# and offers every other file too).",
            "function __folio_documents",
            "    for entry in (commandline -ct)*",
            "        if test -d \"$entry\"",
            "            echo $entry/",
            "        else if string match -qir -- '\\.(\(extensions.joined(separator: "|")))$' $entry",
            "            echo $entry",
            "        end",
            "    end",
            "end",
            "complete -c folio -n 'not string match -q -- \"-*\" (commandline -ct)' -a '(__folio_documents)'",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` inside a single-quoted `_arguments` spec: brackets and colons escaped, and a
    /// single quote closed, escaped and reopened.
    private static func zshEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "[", "]", ":", "\\": result += "\\" + String(character)
            case "'": result += "'\\''"
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` as one single-quoted fish word.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
