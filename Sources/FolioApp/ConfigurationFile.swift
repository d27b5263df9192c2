public import FolioConfiguration
import FolioCore
import FolioSystem
import Glibc

/// Where the configuration file is and how it is read from disk: `--config FILE`, else
/// `FOLIO_CONFIG`, else `$XDG_CONFIG_HOME/folio/config` (`~/.config/folio/config`).
public enum ConfigurationFile {
    /// The environment variables the configuration's location and colours depend on.
    public static let environmentNames = ["FOLIO_CONFIG", "XDG_CONFIG_HOME", "HOME", "NO_COLOR"]

    /// The file to read, and whether it was asked for by name (then a missing file is a problem;
    /// the default file may simply not exist). Nil when there is no home to look in.
    public static func location(
        option: String?, environment: [String: String]
    ) -> (path: String, named: Bool)? {
        if let option {
            return (option, true)
        }
        if let named = environment["FOLIO_CONFIG"], !named.isEmpty {
            return (named, true)
        }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg + "/folio/config", false)
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home + "/.config/folio/config", false)
    }

    /// Whether something is at `path`.
    static func exists(_ path: String) -> Bool {
        access(FileSystemName.cString(path), F_OK) == 0
    }

    /// The configuration Folio runs with: the file's (`--config` or the default location) or
    /// the defaults when `disabled` (`--no-config`) or there is no file at the default place.
    public static func load(option: String?, disabled: Bool, environment: [String: String]) -> Configuration {
        let parser = ConfigurationParser(files: DiskFiles(home: environment["HOME"]), environment: environment)
        guard !disabled, let location = location(option: option, environment: environment) else {
            return parser.read(text: "", file: "")
        }
        if !location.named, !exists(location.path) {
            return parser.read(text: "", file: location.path)
        }
        var configuration = parser.read(file: location.path)
        for index in configuration.problems.indices {
            configuration.problems[index].file = abbreviated(
                configuration.problems[index].file, home: environment["HOME"])
        }
        return configuration
    }

    /// `path` with the home folder written `~`, as users write it and as the message line has
    /// room for.
    static func abbreviated(_ path: String, home: String?) -> String {
        guard let home, home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}

/// Configuration files on disk.
struct DiskFiles: ConfigurationFiles {
    /// The largest configuration file read: anything bigger is not a configuration.
    static let maximumSize = 1 << 20

    let home: String?

    func contents(of path: String) -> Result<String, ConfigurationFileProblem> {
        // Non-blocking, so a FIFO named as the configuration cannot stop Folio from starting.
        let descriptor = open(FileSystemName.cString(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(Self.problem(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Self.problem(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(ConfigurationFileProblem(reason: "not a regular file"))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count: Int
            switch SystemCall.read(descriptor, into: &buffer) {
            case .success(let read): count = read
            case .failure(let failure): return .failure(Self.problem(failure.code))
            }
            if count == 0 { break }
            bytes += buffer.prefix(count)
            if bytes.count > Self.maximumSize {
                return .failure(ConfigurationFileProblem(reason: "larger than 1 MB, so not a configuration file"))
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    func resolve(_ path: String, relativeTo including: String) -> String {
        if path == "~" || path.hasPrefix("~/"), let home {
            return home + path.dropFirst()
        }
        if path.hasPrefix("/") {
            return path
        }
        guard let slash = including.lastIndex(of: "/") else { return path }
        return String(including[...slash]) + path
    }

    func identity(of path: String) -> String {
        guard let resolved = realpath(FileSystemName.cString(path), nil) else { return path }
        defer { free(resolved) }
        return FileSystemName.decode(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    private static func problem(_ code: Int32) -> ConfigurationFileProblem {
        // Said as the parser's own tests and messages say it, not strerror's "… or directory".
        if code == ENOENT { return ConfigurationFileProblem(reason: "no such file") }
        return ConfigurationFileProblem(reason: String(cString: strerror(code)).lowercased())
    }
}
