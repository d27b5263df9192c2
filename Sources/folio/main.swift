import FolioApp
import FolioCommandLine
import FolioConfiguration
import FolioCore
import FolioState
import FolioTerminal
import Glibc

// Entry point: parse the options, then run a batch mode or the interactive reader. Everything
// here is wiring; what each part does is in FolioApp.
let startTime = TraceLog.now()
signal(SIGPIPE, SIG_IGN)
Errors.silenceLibraries()
// Arguments as bytes: a file name that is not UTF-8 must still name its file.
let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0] }.map { argument in
    FileSystemName.decode(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
}
let options: Options
do {
    options = try Options(arguments: arguments)
} catch {
    Errors.report(error.message)
    Errors.write("Try 'folio --help' for more information.\n")
    exit(2)
}
let standardOutput = Output(descriptor: STDOUT_FILENO)
if options.showHelp {
    standardOutput.write(Options.usage + "\n")
    standardOutput.flush()
    exit(0)
}
if options.showVersion {
    standardOutput.write(Version.line + "\n")
    standardOutput.flush()
    exit(0)
}
// A remote command is sent to a running reader: no configuration, no terminal.
if options.remote {
    exit(
        RemoteClient.standard(environment: Environment.values(["XDG_RUNTIME_DIR"])).run(options, output: standardOutput)
    )
}
if options.listCommands {
    standardOutput.write(ConfigurationReport.commandList())
    standardOutput.flush()
    exit(0)
}
// The batch modes read no configuration: a script's output never depends on it.
if let mode = options.mode, let path = options.path {
    exit(BatchCommands(options: options, path: path, output: standardOutput).run(mode))
}
let configurationEnvironment = Environment.values(ConfigurationFile.environmentNames)
var configuration = ConfigurationFile.load(
    option: options.configPath, disabled: options.ignoresConfig, environment: configurationEnvironment)
if let command = options.synctexEditor {
    guard let editor = EditorCommand(parsing: command) else {
        Errors.report(
            "invalid --synctex-editor '\(command)' (quotes closed; placeholders %{input}, %{line}, %{column})")
        Errors.write("Try 'folio --help' for more information.\n")
        exit(2)
    }
    configuration.syncTeXEditor = editor
}
if options.checkConfig {
    let report = ConfigurationReport.check(
        configuration,
        location: ConfigurationFile.location(option: options.configPath, environment: configurationEnvironment))
    report.problems.forEach(Errors.report)
    if let summary = report.summary {
        standardOutput.write(summary + "\n")
        standardOutput.flush()
    }
    exit(report.status)
}
let graphicsPreference = options.graphics ?? configuration.graphics
if options.diagnose {
    standardOutput.write(
        Diagnosis.describe(TerminalProbe.detect(preference: graphicsPreference, compactSixel: options.compactSixel)))
    standardOutput.flush()
    exit(0)
}

// --synctex-forward: the reader showing the document goes to the place; with none, one starts
// here (in a terminal), at the place.
var syncTeXTarget: SyncTeXTarget?
if let forward = options.synctexForward, let path = options.path {
    let client = RemoteClient.standard(environment: Environment.values(["XDG_RUNTIME_DIR"]))
    switch ForwardSearch.run(
        forward, document: path, client: client, canStartReader: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    )
    {
    case .answered(let line, let status):
        standardOutput.write(line + "\n")
        standardOutput.flush()
        exit(status)
    case .startReader(let target): syncTeXTarget = target
    }
}

let services = SessionServices.standard(
    trace: TraceLog(origin: startTime), clipboardCommand: configuration.clipboardCommand,
    sendsOSC52: configuration.sendsOSC52)
let environment = Environment.values(["XDG_STATE_HOME", "XDG_DATA_HOME", "HOME", "LOGNAME", "USER", "XDG_RUNTIME_DIR"])
// Editors and scripts drive the reader through this socket (`folio --remote`); without one
// (an unsafe runtime folder), the reader runs all the same, and says why once it ends.
let remoteControl = RemoteControl.start(environment: environment)
let remote = try? remoteControl.get()
let interactive = Interactive(
    path: options.path, password: options.password, startPage: options.startPage, services: services,
    positions: ReadingPositions.standardPath(environment: environment).map(ReadingPositions.init(path:)),
    configuration: configuration,
    searchHistory: SearchHistory.standardPath(environment: environment).map(SearchHistory.init(path:)),
    markStore: MarkStore.standardPath(environment: environment).map(MarkStore.init(path:)),
    shownTips: ShownTips.standardPath(environment: environment).map(ShownTips.init(path:)),
    annotationPlaces: AnnotationPlaces(
        stateFolder: StateFolder.standard(environment: environment), environment: environment,
        preference: configuration.annotationStore, author: configuration.reader.annotationAuthor),
    remote: remote, syncTeXTarget: syncTeXTarget)
let start: Interactive.Start
do throws(InteractiveError) {
    start = try interactive.start()
} catch {
    remote?.stop()
    Errors.report(error.description)
    exit(1)
}
let graphics = TerminalProbe.detect(preference: graphicsPreference, compactSixel: options.compactSixel)
services.trace?.record(.probed)
let log = StateFolder.standard(environment: environment).flatMap(SessionLog.start(in:))
let terminal: CursesTerminal
do throws(TerminalError) {
    let logPath = log.map { TerminalSafeText.sanitized(FileSystemName.displayed($0.path)) }
    terminal = try CursesTerminal(
        crashReport: logPath.map { "folio: crashed; what it said is in \($0)\n" } ?? "", colors: configuration.colors,
        mouse: configuration.mouse,
        explicitBidi: configuration.reordersRightToLeft(
            environment: Environment.values(Configuration.rightToLeftTerminalVariables)))
} catch {
    remote?.stop()
    _ = log?.finish()
    Errors.report(error.description)
    exit(1)
}
let ending = interactive.run(start, on: terminal, graphics: graphics)
// The last reply (to `quit`) goes out before the socket is removed.
remote?.stop()
terminal.stop()
ending.messages.forEach(Errors.report)
if case .failure(let problem) = remoteControl {
    Errors.report("remote control was off in this session: \(problem)")
}
if let log, log.finish() {
    Errors.report("messages from this session are in \(log.path)")
}
// Background work may still be running on a document: leave without running exit handlers
// that could free library state under it.
_exit(ending.status)
