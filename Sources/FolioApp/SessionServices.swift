import FolioTerminal

/// What a session needs from the world beyond the terminal and the document, so that tests can
/// stand in for it: a clipboard program, the password prompt, the trace.
public struct SessionServices: Sendable {
    /// Hands text to a clipboard program and returns its name, or nil when none took it
    /// (``Clipboard/copyWithTool(_:)`` in the product). Runs on a background thread.
    public var copyWithTool: @Sendable (String) -> String?
    /// Asks for a password on the plain terminal, showing the prompt; nil when the user gave
    /// none (``PasswordPrompt/read(prompt:)`` in the product). Runs with the screen suspended.
    public var readPassword: @Sendable (String) -> String?
    /// Where timestamps of keys and frames go (`FOLIO_TRACE`), if anywhere.
    public var trace: TraceLog?
    /// Whether copies also go to the terminal as OSC 52 (`set osc52`).
    public var sendsOSC52 = true
    /// How long, in seconds, the reader stays on a page before the page is saved as where the
    /// document was left (a second; tests shorten it).
    public var positionSettleDelay = 1.0
    /// How many bytes of page images the reader keeps for pages it has left, so that going back
    /// costs no render (32 MiB: at a byte a pixel, about 24 text pages 1000 pixels wide; tests
    /// shrink it). Images the reader shows or prefetches are kept whatever their size.
    public var pageImageCacheCapacity = 32 << 20
    /// How long inverse search's editor command may run, in milliseconds, before it is stopped
    /// and reported (5 s; tests shorten it).
    public var editorTimeLimit = 5000

    /// Services made of the given parts.
    public init(
        copyWithTool: @escaping @Sendable (String) -> String?, readPassword: @escaping @Sendable (String) -> String?,
        trace: TraceLog?
    ) {
        self.copyWithTool = copyWithTool
        self.readPassword = readPassword
        self.trace = trace
    }

    /// The real clipboard programs and the real password prompt, with `trace`.
    /// `clipboardCommand`, when given, is the one program copies go to (none when empty), and
    /// `sendsOSC52` false keeps copies from the terminal.
    public static func standard(
        trace: TraceLog?, clipboardCommand: [String]? = nil, sendsOSC52: Bool = true
    ) -> SessionServices {
        let copy: @Sendable (String) -> String?
        if let clipboardCommand {
            copy = { clipboardCommand.isEmpty ? nil : Clipboard.copy($0, with: clipboardCommand) }
        } else {
            copy = Clipboard.copyWithTool
        }
        var services = SessionServices(copyWithTool: copy, readPassword: PasswordPrompt.read, trace: trace)
        services.sendsOSC52 = sendsOSC52
        return services
    }
}
