public import FolioConfiguration
import FolioCore

/// What `folio --check-config` and `folio --list-commands` print.
public enum ConfigurationReport {
    /// `--check-config`: every problem as a `CONFIG:LINE: reason` line (for `folio: ` to
    /// prefix), or what was read when there are none. The exit status is 1 with problems.
    public static func check(
        _ configuration: Configuration, location: (path: String, named: Bool)?
    ) -> (problems: [String], summary: String?, status: Int32) {
        if !configuration.problems.isEmpty {
            return (configuration.problems.map(\.description), nil, 1)
        }
        guard let location else {
            return ([], "no configuration file: HOME is not set, so the defaults apply", 0)
        }
        let path = TerminalSafeText.sanitized(FileSystemName.displayed(location.path))
        guard ConfigurationFile.exists(location.path) else {
            return ([], "no configuration file at \(path), so the defaults apply", 0)
        }
        return ([], "\(path): no problems", 0)
    }

    /// `--list-commands`: for each mode, every command's name, its default keys in the
    /// notation a configuration file uses, and its help text, in columns.
    public static func commandList() -> String {
        let keys = KeyTables.standard
        var sections: [String] = []
        for mode in KeyMode.allCases {
            let rows = keys.rows(in: mode).map { row in
                (row.command, row.keys.map(KeyNotation.text(of:)).joined(separator: " "), row.summary)
            }
            let nameWidth = rows.map(\.0.count).max() ?? 0
            let keysWidth = rows.map { DisplayWidth.of($0.1) }.max() ?? 0
            let lines = rows.map { name, written, summary in
                "  " + name.padding(to: nameWidth) + "  "
                    + written.padding(to: keysWidth, width: DisplayWidth.of(written))
                    + "  " + summary
            }
            sections.append(
                "\(mode.name) mode (map \(mode == .reader ? "" : mode.name + " ")KEYS COMMAND)\n"
                    + lines.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }
}

extension String {
    /// The string followed by spaces up to `length` cells, its own width being `width`.
    fileprivate func padding(to length: Int, width: Int? = nil) -> String {
        self + String(repeating: " ", count: max(length - (width ?? count), 0))
    }
}
