import FolioCore

/// Reads configuration text into a ``Configuration``: `set NAME VALUE`, `map [MODE] KEYS
/// COMMAND`, `unmap [MODE] KEYS`, `include PATH`, `#` comments.
///
/// Pure: files are read through ``ConfigurationFiles``, so the parser is tested (and fuzzed)
/// on text alone.
public struct ConfigurationParser {
    /// How deep includes may nest before the parser says so (a loop is caught earlier).
    static let maximumIncludeDepth = 16

    private let files: any ConfigurationFiles
    private let environment: [String: String]

    /// A parser reading includes through `files`. `environment` gives `NO_COLOR`: set and not
    /// empty, it turns colours off whatever the file says.
    public init(files: any ConfigurationFiles, environment: [String: String]) {
        self.files = files
        self.environment = environment
    }

    /// The configuration in the file at `path` (named as the user gave it), applied on top of
    /// the defaults. A file that cannot be read is one problem, on line 0 of `path`.
    public func read(file path: String) -> Configuration {
        var configuration = Configuration()
        switch files.contents(of: path) {
        case .success(let text):
            apply(text, file: path, includedFrom: [files.identity(of: path)], to: &configuration)
        case .failure(let problem):
            configuration.problems.append(ConfigurationProblem(file: path, line: 0, reason: problem.reason))
        }
        finish(&configuration)
        return configuration
    }

    /// The configuration `text` describes, as the file called `file`, applied on top of the
    /// defaults; includes are read relative to `file`'s folder.
    public func read(text: String, file: String) -> Configuration {
        var configuration = Configuration()
        apply(text, file: file, includedFrom: [files.identity(of: file)], to: &configuration)
        finish(&configuration)
        return configuration
    }

    private func finish(_ configuration: inout Configuration) {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            configuration.colors.usesColor = false
        }
    }

    /// Applies each line of `text` in order. `includedFrom` holds the identities of the files
    /// being read, outermost first, to catch include loops.
    private func apply(_ text: String, file: String, includedFrom: [String], to configuration: inout Configuration) {
        // Any line ending (a file written on Windows ends lines with CR LF, one Character), and
        // no byte order mark before the first line.
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        for (index, line) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            func report(_ reason: String) {
                configuration.problems.append(ConfigurationProblem(file: file, line: number, reason: reason))
            }
            let words: [String]
            do throws(ConfigurationLineError) {
                words = try ConfigurationLine.words(of: Substring(line))
            } catch {
                report(error.reason)
                continue
            }
            guard let directive = words.first else { continue }
            let arguments = Array(words.dropFirst())
            do throws(ConfigurationLineError) {
                switch directive {
                case "set": try Self.set(arguments, in: &configuration)
                case "map": try map(arguments, in: &configuration.keys)
                case "unmap": try unmap(arguments, in: &configuration.keys)
                case "include":
                    try include(arguments, from: file, includedFrom: includedFrom, to: &configuration)
                default:
                    let suggestion = NameSuggestion.closest(to: directive, among: ["set", "map", "unmap", "include"])
                    throw ConfigurationLineError(
                        "unknown command '\(directive)' ("
                            + (suggestion.map { "did you mean \($0)?" } ?? "a line is set, map, unmap or include") + ")"
                    )
                }
            } catch {
                report(error.reason)
            }
        }
    }

    /// `set NAME VALUE`, an option of ``ConfigurationOption/all``.
    private static func set(_ arguments: [String], in configuration: inout Configuration) throws(ConfigurationLineError)
    {
        guard let name = arguments.first else { throw ConfigurationLineError("usage: set NAME VALUE") }
        guard let option = ConfigurationOption.named(name) else {
            let names = ConfigurationOption.all.map(\.name)
            if let suggestion = NameSuggestion.closest(to: name, among: names) {
                throw ConfigurationLineError("unknown option '\(name)' (did you mean \(suggestion)?)")
            }
            throw ConfigurationLineError("unknown option '\(name)' (options: \(names.joined(separator: ", ")))")
        }
        let values = Array(arguments.dropFirst())
        // A yes-or-no option given alone (`set wrap`) is turned on.
        let value = values.first ?? (option.isBoolean ? "true" : "")
        guard values.count <= 1 else {
            throw ConfigurationLineError("\(name) takes one value; quote a value with spaces")
        }
        guard !value.isEmpty || option.acceptsEmpty else {
            throw ConfigurationLineError("\(name) needs a value (\(option.allowed))")
        }
        try option.set(value, in: &configuration)
    }

    /// `map [MODE] KEYS COMMAND`.
    private func map(_ arguments: [String], in keys: inout KeyTables) throws(ConfigurationLineError) {
        let (modes, rest) = try Self.modes(arguments, expecting: 2, usage: "map [MODE] KEYS COMMAND")
        let sequence = try Self.keys(rest[0])
        var problems: [String] = []
        for mode in modes {
            do throws(KeyTables.Problem) {
                try keys.map(sequence, to: rest[1], in: mode)
            } catch {
                problems.append(error.description)
            }
        }
        // With `prompt`, a command some of the prompts have is enough.
        if problems.count == modes.count, let first = problems.first {
            throw ConfigurationLineError(first)
        }
    }

    /// `unmap [MODE] KEYS`, or `unmap [MODE] --all`.
    private func unmap(_ arguments: [String], in keys: inout KeyTables) throws(ConfigurationLineError) {
        let (modes, rest) = try Self.modes(arguments, expecting: 1, usage: "unmap [MODE] KEYS")
        if rest[0] == "--all" {
            for mode in modes {
                keys.unmapAll(in: mode)
            }
            return
        }
        let sequence = try Self.keys(rest[0])
        var problems: [String] = []
        for mode in modes {
            do throws(KeyTables.Problem) {
                try keys.unmap(sequence, in: mode)
            } catch {
                problems.append(error.description)
            }
        }
        if problems.count == modes.count, let first = problems.first {
            throw ConfigurationLineError(first)
        }
    }

    /// `include PATH`: `~/` is the home folder, a relative path is relative to the including
    /// file's folder.
    private func include(
        _ arguments: [String], from file: String, includedFrom: [String], to configuration: inout Configuration
    ) throws(ConfigurationLineError) {
        guard arguments.count == 1 else { throw ConfigurationLineError("usage: include PATH") }
        let path = files.resolve(arguments[0], relativeTo: file)
        let identity = files.identity(of: path)
        if includedFrom.contains(identity) {
            throw ConfigurationLineError("include loop: \(arguments[0]) is already being read")
        }
        guard includedFrom.count < Self.maximumIncludeDepth else {
            throw ConfigurationLineError("includes nest more than \(Self.maximumIncludeDepth) deep")
        }
        switch files.contents(of: path) {
        case .success(let text):
            apply(text, file: path, includedFrom: includedFrom + [identity], to: &configuration)
        case .failure(let problem):
            throw ConfigurationLineError("cannot include \(arguments[0]): \(problem.reason)")
        }
    }

    /// The modes a `map` or `unmap` line names (the reader's when none is named: `prompt` is
    /// every prompt), and the words after it, which must be `count`.
    private static func modes(
        _ arguments: [String], expecting count: Int, usage: String
    ) throws(ConfigurationLineError) -> ([KeyMode], [String]) {
        if arguments.count == count {
            return ([.reader], arguments)
        }
        guard arguments.count == count + 1 else { throw ConfigurationLineError("usage: \(usage)") }
        let name = arguments[0]
        if name == "prompt" {
            return ([.goToPrompt, .searchPrompt, .filter, .password], Array(arguments.dropFirst()))
        }
        guard let mode = KeyMode(name: name) else {
            let names = KeyMode.allCases.map(\.name) + ["prompt"]
            throw ConfigurationLineError("unknown mode '\(name)' (\(names.joined(separator: ", ")))")
        }
        return ([mode], Array(arguments.dropFirst()))
    }

    private static func keys(_ text: String) throws(ConfigurationLineError) -> [Key] {
        do throws(KeyNotation.Problem) {
            return try KeyNotation.keys(text)
        } catch {
            throw ConfigurationLineError(error.description)
        }
    }
}

/// How the parser reaches files: reading one, resolving an include's path, and knowing two
/// paths for the same file (to catch include loops).
public protocol ConfigurationFiles: Sendable {
    /// The text of the file at `path`, or why it cannot be read.
    func contents(of path: String) -> Result<String, ConfigurationFileProblem>
    /// The path an `include` of `path` in the file `including` reads.
    func resolve(_ path: String, relativeTo including: String) -> String
    /// One name for the file at `path`, however it is written (links and `..` resolved).
    func identity(of path: String) -> String
}

/// Why a configuration file could not be read.
public struct ConfigurationFileProblem: Error, Sendable, Equatable {
    /// "no such file", "permission denied", …
    public var reason: String

    /// A problem described by `reason`.
    public init(reason: String) {
        self.reason = reason
    }
}

/// Why one line could not be applied.
struct ConfigurationLineError: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
