public import Foundation

/// Runs the built `folio` binary and captures what it printed, for tests of the command line.
public enum FolioProcess {
    /// The result of one run.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        /// Standard output decoded as UTF-8.
        public var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The `folio` executable beside the test bundle (SwiftPM builds both into one folder).
    public static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while !directory.path.hasSuffix(".xctest"), directory.path != "/" {
            if FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("folio").path) {
                break
            }
            directory.deleteLastPathComponent()
        }
        if directory.path.hasSuffix(".xctest") {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("folio")
    }()

    /// Runs folio with `arguments`.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try launch(executable, arguments, environment: environment)
    }

    /// Runs a bash command line with `$FOLIO` set to the binary (for pipes such as `| head -c 10`).
    public static func shell(_ command: String) throws -> Result {
        try launch(URL(fileURLWithPath: "/bin/bash"), ["-c", command], environment: ["FOLIO": executable.path])
    }

    /// Runs another program, such as one of the repository's scripts, with `arguments`.
    public static func run(program: String, _ arguments: [String]) throws -> Result {
        try launch(URL(fileURLWithPath: program), arguments, environment: [:])
    }

    private static func launch(_ program: URL, _ arguments: [String], environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a full stderr pipe cannot block the child.
        let errorData = LockedData()
        let reader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Result(
            status: process.terminationStatus, stdout: outputData,
            stderr: String(decoding: errorData.value, as: UTF8.self))
    }
}

/// A value written once by a reader thread and read by the test thread.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) {
        lock.withLock { data = value }
    }

    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}
