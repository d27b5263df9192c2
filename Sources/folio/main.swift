import FolioCommandLine
import FolioCore
import FolioDocument
import FolioTerminal
import Glibc

// Entry point: parse the options, then run a batch mode or the interactive reader.
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
    standardOutput.write("folio \(Version.current) (MuPDF \(Version.mupdf))\n")
    standardOutput.flush()
    exit(0)
}
if options.diagnose {
    let support = TerminalProbe.detect(preference: options.graphics)
    standardOutput.write(Diagnosis.describe(support))
    standardOutput.flush()
    exit(0)
}
if let mode = options.mode, let path = options.path {
    exit(BatchCommands(options: options, path: path, output: standardOutput).run(mode))
}
exit(Interactive(options: options, trace: TraceLog(origin: startTime)).run())
