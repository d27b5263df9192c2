import FolioTestSupport
import Foundation
import Testing

/// `--check-config`, `--list-commands`, `--config` and `--no-config`, run as a user would.
@Suite struct ConfigurationCLITests {
    private func configuration(_ text: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.url.appendingPathComponent("config").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func checkConfigReportsEveryProblemAndExits1() throws {
        let directory = try TemporaryDirectory()
        let path = try configuration(
            "set wrap true\nmap J next-pgae\nunmap h\ninclude missing\nset view sideways\n", in: directory)
        let result = try FolioProcess.run(["--config", path, "--check-config"])
        #expect(result.status == 1)
        #expect(
            result.stderr.split(separator: "\n") == [
                "folio: \(path):2: unknown command 'next-pgae' in reader mode (did you mean next-page?)",
                "folio: \(path):4: cannot include missing: no such file",
                "folio: \(path):5: invalid view 'sideways' (text or image)",
            ])
        #expect(result.stdout.isEmpty)
    }

    @Test func aGoodConfigurationChecksClean() throws {
        let directory = try TemporaryDirectory()
        let path = try configuration("map <C-n> next-page\nmap outline <C-n> down\n", in: directory)
        let result = try FolioProcess.run(["--check-config"], environment: ["FOLIO_CONFIG": path])
        #expect(result.status == 0)
        #expect(result.output == "\(path): no problems\n")
        let none = try FolioProcess.run(
            ["--check-config"], environment: ["XDG_CONFIG_HOME": directory.url.appendingPathComponent("none").path])
        #expect(none.status == 0)
        #expect(none.output.hasPrefix("no configuration file at "))
        #expect(none.output.hasSuffix("/none/folio/config, so the defaults apply\n"))
    }

    @Test func aNamedConfigurationThatIsMissingIsAProblem() throws {
        let result = try FolioProcess.run(["--config", "/nonexistent/folio.conf", "--check-config"])
        #expect(result.status == 1)
        #expect(result.stderr == "folio: /nonexistent/folio.conf: no such file\n")
    }

    @Test func anUnfinishedKeyNameIsReportedWithItsLine() throws {
        let directory = try TemporaryDirectory()
        let path = try configuration("# keys\nmap <C-q quit\n", in: directory)
        let result = try FolioProcess.run(["--config", path, "--check-config"])
        #expect(result.status == 1)
        #expect(
            result.stderr == "folio: \(path):2: unfinished key name <C-q (no closing >; write <lt> for the < key)\n")
    }

    @Test func listCommandsNamesEveryModeAndItsDefaultKeys() throws {
        let result = try FolioProcess.run(["--list-commands"])
        #expect(result.status == 0)
        for mode in ["reader", "goto", "search", "outline", "links", "select", "browser", "filter"] {
            #expect(
                result.output.contains("\n\(mode) mode (map ") || result.output.hasPrefix("\(mode) mode"), "\(mode)")
        }
        let lines = result.output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(lines.contains { $0.first == "next-page" && $0.dropFirst().prefix(2) == ["<Right>", "l"] })
        #expect(lines.contains { $0.first == "reload" && $0.dropFirst().first == "R" })
        #expect(
            lines.contains {
                $0.first == "scroll-screen-down" && $0.dropFirst().prefix(2) == ["<Space>", "<PageDown>"]
            })
    }

    @Test func noConfigCannotBeCombinedWithConfig() throws {
        let result = try FolioProcess.run(["--no-config", "--config", "x", "a.pdf"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--no-config cannot be combined with --config or --check-config"))
    }
}
