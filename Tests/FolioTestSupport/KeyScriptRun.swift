import Foundation

/// How many key scripts a fuzz test runs, from which seed and how long, as the environment
/// says (`scripts/torture --keys` sets it), and where a failure is reported.
///
/// - `FOLIO_KEY_SCRIPTS`: how many scripts (default: the test's own bounded number);
/// - `FOLIO_KEY_SEED`: the first script's seed (script `i` has seed `SEED + i`);
/// - `FOLIO_KEY_LENGTH`: steps per script;
/// - `FOLIO_KEY_SCRIPT`: a file holding one script (``KeyScriptText``) to replay alone: the
///   shrinker's candidates;
/// - `FOLIO_KEY_DUMP`: a file to write the first script's text to, instead of running it;
/// - `FOLIO_KEY_TRACE`: when set, each script's seed goes to standard error before it runs, so
///   a trap that kills the process still tells which script it was.
public struct KeyScriptRun: Sendable {
    public let count: Int
    public let firstSeed: UInt64
    public let length: Int
    /// The script to replay alone, when one was given.
    public let replay: (seed: UInt64, steps: [KeyScriptStep])?
    /// The file `FOLIO_KEY_SCRIPT` names, if any.
    public let replayPath: String?
    public let traces: Bool
    /// Where to write the first script's text instead of running it (`FOLIO_KEY_DUMP`).
    public let dumpPath: String?

    /// The run the environment asks for, or `count` scripts of `length` steps from `seed`.
    public init(count: Int, seed: UInt64, length: Int) {
        let environment = ProcessInfo.processInfo.environment
        self.count = environment["FOLIO_KEY_SCRIPTS"].flatMap { Int($0) } ?? count
        firstSeed = environment["FOLIO_KEY_SEED"].flatMap { UInt64($0) } ?? seed
        self.length = environment["FOLIO_KEY_LENGTH"].flatMap { Int($0) } ?? length
        replayPath = environment["FOLIO_KEY_SCRIPT"]
        replay = replayPath.flatMap { path in
            (try? String(contentsOfFile: path, encoding: .utf8)).flatMap(KeyScriptText.script(from:))
        }
        traces = environment["FOLIO_KEY_TRACE"] != nil
        dumpPath = environment["FOLIO_KEY_DUMP"]
    }

    /// A script file to replay that cannot be read: the run fails rather than run other scripts.
    public struct UnreadableScript: Error, CustomStringConvertible {
        public let description: String
    }

    /// Calls `body` with each script of the run, seed and steps, generated one at a time,
    /// until it returns false.
    public func forEachScript(
        _ generator: KeyScriptGenerator, _ body: (UInt64, [KeyScriptStep]) -> Bool
    ) throws(UnreadableScript) {
        if let replayPath, replay == nil {
            throw UnreadableScript(description: "\(replayPath) is not a key script")
        }
        if let replay {
            _ = body(replay.seed, replay.steps)
            return
        }
        for index in 0..<count {
            let seed = firstSeed &+ UInt64(index)
            let steps = generator.script(seed: seed, length: length)
            if let path = dumpPath {
                try? KeyScriptText.text(seed: seed, steps: steps).write(toFile: path, atomically: true, encoding: .utf8)
                return
            }
            trace("script \(seed)")
            guard body(seed, steps) else { return }
        }
    }

    /// Reports a script that broke an invariant: its seed, the step and what broke, and the
    /// script up to that step, on standard error for `scripts/torture` to find and shrink.
    public func report(seed: UInt64, steps: [KeyScriptStep], failedAt step: Int, _ violations: [String]) -> String {
        let text = KeyScriptText.text(seed: seed, steps: Array(steps.prefix(step + 1)))
        let report = "FAILED seed \(seed) at step \(step): \(violations.joined(separator: "; "))\n\(text)"
        FileHandle.standardError.write(Data((report + "\n").utf8))
        return report
    }

    /// Writes `line` to standard error at once (unbuffered), when tracing.
    public func trace(_ line: String) {
        guard traces else { return }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
