public import FolioCore
import Glibc

/// What the terminal said about itself, parsed from its replies to Folio's start-up queries.
public struct TerminalReplies: Sendable, Equatable {
    /// Primary device attributes (DA1), such as `[63, 1, 2, 4, 6]`; nil when the terminal never
    /// answered (then nothing else will come either).
    public var deviceAttributes: [Int]?
    /// Sixel colour registers (XTSMGRAPHICS item 1).
    public var colorRegisters: Int?
    /// The largest sixel image the terminal draws (XTSMGRAPHICS item 2), in pixels.
    public var maxImageSize: PixelSize?
    /// The text area in pixels (`CSI 14 t`).
    public var windowPixels: PixelSize?
    /// One character cell in pixels (`CSI 16 t`).
    public var cellPixels: PixelSize?
    /// The kitty graphics protocol's answer to its query (`OK`, or an error such as
    /// `EINVAL:…`); nil when the terminal ignored the query.
    public var kittyGraphics: String?
    /// The answer to the kitty query of an image in a temporary file (`OK` when the terminal
    /// reads Folio's files: it runs on this machine).
    public var kittyTemporaryFile: String?
    /// The terminal's name and version (XTVERSION), such as `kitty(0.26.5)` or `XTerm(379)`.
    public var terminalVersion: String?
    /// Each answer as it came, made printable, with the milliseconds after the queries were
    /// written that it arrived (when the arrival times are known), for `folio --diagnose`.
    public var answers: [Query: Answer] = [:]

    public init() {}

    /// The queries Folio writes, in the order it writes them.
    public enum Query: String, Sendable, CaseIterable {
        case colorRegisters = "sixel colour registers (CSI ? 1 ; 1 ; 0 S)"
        case maxImageSize = "largest sixel image (CSI ? 2 ; 1 ; 0 S)"
        case windowPixels = "window size in pixels (CSI 14 t)"
        case cellPixels = "cell size in pixels (CSI 16 t)"
        case terminalVersion = "terminal name and version (XTVERSION, CSI > q)"
        case kittyGraphics = "kitty graphics (a 1×1 a=q query)"
        case kittyTemporaryFile = "kitty graphics from a temporary file (t=t)"
        case deviceAttributes = "device attributes (DA1, CSI c)"

        /// Whether the query is an APC string (kitty's), which not every terminal ignores.
        public var isAPC: Bool { self == .kittyGraphics || self == .kittyTemporaryFile }

        /// The escape sequence that asks.
        public var sequence: String {
            switch self {
            case .colorRegisters: "\u{1B}[?1;1;0S"
            case .maxImageSize: "\u{1B}[?2;1;0S"
            case .windowPixels: "\u{1B}[14t"
            case .cellPixels: "\u{1B}[16t"
            case .terminalVersion: "\u{1B}[>q"
            case .kittyGraphics: KittyGraphics.supportQuery
            case .kittyTemporaryFile: KittyGraphics.temporaryFileQuery(path: TerminalReplies.probeFile)
            case .deviceAttributes: "\u{1B}[c"
            }
        }
    }

    /// One reply: its text, escapes shown as `ESC`, and when it arrived.
    public struct Answer: Sendable, Equatable {
        public var text: String
        public var milliseconds: Int?

        public init(text: String, milliseconds: Int?) {
            self.text = text
            self.milliseconds = milliseconds
        }
    }

    /// The 1×1 image the temporary-file query names: in `/tmp`, with the name kitty asks for
    /// (`tty-graphics-protocol`) and this process's id. ``TerminalProbe`` writes it before the
    /// queries and removes it after (if the terminal did not).
    public static let probeFile = "/tmp/tty-graphics-protocol-folio-\(getpid())-probe.rgb"

    /// The queries, written in one go; DA1 comes last because every terminal answers it, and in
    /// order, so once its reply is in, nothing else is coming.
    public static let queries = Query.allCases.map(\.sequence).joined()

    /// The queries without kitty's (APC strings): for tmux and GNU screen, which take an APC
    /// string as a new pane title (tmux) or hardstatus line (screen), and the Linux console,
    /// which prints it. The terminal outside tmux is asked through passthrough instead.
    public static let queriesWithoutAPC = Query.allCases.filter { !$0.isAPC }.map(\.sequence).joined()

    /// Whether an APC query may be written where `environment` says Folio runs (not inside tmux
    /// or screen, not on the Linux console).
    public static func acceptsAPC(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return environment["TMUX"] == nil && environment["STY"] == nil && !term.hasPrefix("tmux")
            && !term.hasPrefix("screen") && term != "linux"
    }

    /// What is asked of the terminal outside tmux: kitty graphics, its cell size (tmux gives
    /// the pane a guess of 16×32 px when it does not know), XTVERSION, and DA1 last.
    public static let passthroughQueryKinds: [Query] = [
        .kittyGraphics, .cellPixels, .terminalVersion, .deviceAttributes,
    ]

    /// ``passthroughQueryKinds``, each passed through on its own (`ESC P tmux ; … ESC \`,
    /// Escapes doubled).
    public static let passthroughQueries: [UInt8] = passthroughQueryKinds.flatMap {
        TmuxPassthrough.wrap(Array($0.sequence.utf8))
    }

    /// How many DA1 answers (`ESC [ ? … c`) `bytes` holds.
    public static func deviceAttributesAnswers(in bytes: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while let end = endOfFirstDeviceAttributes(in: Array(bytes[index...])) {
            count += 1
            index += end
        }
        return count
    }

    /// The index just after the first DA1 answer in `bytes`; nil when there is none.
    public static func endOfFirstDeviceAttributes(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "?") {
                var cursor = index + 3
                while cursor < bytes.count, (0x30...0x3B).contains(bytes[cursor]) {
                    cursor += 1
                }
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "c") {
                    return cursor + 1
                }
            }
            index += 1
        }
        return nil
    }

    /// Parses whatever arrived; unknown or malformed sequences are skipped. `arrivals`, when
    /// given, holds for each byte the milliseconds after the queries at which it was read.
    public static func parse(_ bytes: [UInt8], arrivals: [Int] = []) -> TerminalReplies {
        var replies = TerminalReplies()
        var index = 0
        while index < bytes.count {
            if let end = replies.absorbString(in: bytes, at: index, arrivals: arrivals) {
                index = end
                continue
            }
            guard bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var cursor = index + 2
            var isPrivate = false
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "?") {
                isPrivate = true
                cursor += 1
            }
            var parameters: [Int] = []
            var current: Int?
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x3F {
                let byte = bytes[cursor]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
                } else if byte == UInt8(ascii: ";") {
                    parameters.append(current ?? 0)
                    current = nil
                }
                cursor += 1
            }
            parameters.append(current ?? 0)
            guard cursor < bytes.count else { break }
            let query = replies.absorb(final: bytes[cursor], parameters: parameters, isPrivate: isPrivate)
            if let query {
                replies.record(query, bytes[index...cursor], arrivedBy: arrivals, at: cursor)
            }
            index = cursor + 1
        }
        return replies
    }

    /// Absorbs a DCS (`ESC P`) or APC (`ESC _`) string starting at `start`, up to `ESC \`:
    /// XTVERSION's `ESC P > | name ESC \` or kitty's `ESC _ G i=31;OK ESC \`. Returns the
    /// index after it; nil when no complete string starts there.
    private mutating func absorbString(in bytes: [UInt8], at start: Int, arrivals: [Int]) -> Int? {
        guard bytes[start] == 0x1B, start + 1 < bytes.count,
            bytes[start + 1] == UInt8(ascii: "P") || bytes[start + 1] == UInt8(ascii: "_")
        else { return nil }
        var end = start + 2
        while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) {
            end += 1
        }
        guard end + 1 < bytes.count else { return nil }
        let body = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        if bytes[start + 1] == UInt8(ascii: "P"), body.hasPrefix(">|") {
            terminalVersion = String(TerminalSafeText.sanitized(String(body.dropFirst(2))).prefix(80))
            record(.terminalVersion, bytes[start...(end + 1)], arrivedBy: arrivals, at: end + 1)
        } else if bytes[start + 1] == UInt8(ascii: "_"), body.hasPrefix("Gi=\(KittyGraphics.supportQueryID);") {
            kittyGraphics = String(TerminalSafeText.sanitized(String(body.drop { $0 != ";" }.dropFirst())).prefix(80))
            record(.kittyGraphics, bytes[start...(end + 1)], arrivedBy: arrivals, at: end + 1)
        } else if bytes[start + 1] == UInt8(ascii: "_"), body.hasPrefix("Gi=\(KittyGraphics.temporaryFileQueryID);") {
            kittyTemporaryFile = String(
                TerminalSafeText.sanitized(String(body.drop { $0 != ";" }.dropFirst())).prefix(80))
            record(.kittyTemporaryFile, bytes[start...(end + 1)], arrivedBy: arrivals, at: end + 1)
        }
        return end + 2
    }

    private mutating func record(_ query: Query, _ reply: ArraySlice<UInt8>, arrivedBy arrivals: [Int], at last: Int) {
        let text = reply.map { byte in
            byte == 0x1B ? "ESC " : (0x20...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + hex(byte)
        }.joined()
        answers[query] = Answer(text: text, milliseconds: last < arrivals.count ? arrivals[last] : nil)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// Takes in one CSI reply; returns the query it answers, nil for none.
    private mutating func absorb(final: UInt8, parameters: [Int], isPrivate: Bool) -> Query? {
        switch (final, isPrivate) {
        case (UInt8(ascii: "c"), true):
            deviceAttributes = parameters
            return .deviceAttributes
        case (UInt8(ascii: "S"), true) where parameters.count >= 3:
            guard parameters[1] == 0 else {
                // A failure answers the item it names, but mlterm (3.9) names item 1 in its
                // failure to item 2 as well: the queries go out in order, so a second reply
                // naming item 1 answers the largest-image query.
                return parameters[0] == 1 && answers[.colorRegisters] == nil ? .colorRegisters : .maxImageSize
            }
            if parameters[0] == 1 {
                colorRegisters = parameters[2]
                return .colorRegisters
            } else if parameters[0] == 2, parameters.count >= 4 {
                maxImageSize = PixelSize(width: parameters[2], height: parameters[3])
                return .maxImageSize
            }
            return nil
        case (UInt8(ascii: "t"), false) where parameters.count >= 3:
            let size = PixelSize(width: parameters[2], height: parameters[1])
            guard size.width > 0, size.height > 0 else { return nil }
            if parameters[0] == 4 {
                windowPixels = size
                return .windowPixels
            } else if parameters[0] == 6 {
                cellPixels = size
                return .cellPixels
            }
            return nil
        default:
            return nil
        }
    }
}

/// What tmux says of the pane Folio runs in and of the terminal its client is attached from.
public struct TmuxState: Sendable, Equatable {
    /// Whether the pane has `allow-passthrough` on (or `all`).
    public var passthrough: Bool
    /// The client terminal's TERM (`#{client_termname}`, such as `xterm-kitty`); empty when
    /// no client is attached.
    public var clientTerminal: String

    public init(passthrough: Bool, clientTerminal: String) {
        self.passthrough = passthrough
        self.clientTerminal = clientTerminal
    }

    /// The state from `tmux display -p '#{allow-passthrough}\t#{client_termname}'`'s output:
    /// the option is `1`/`on`/`all` when on (tmux 3.3 prints a flag as 1 or 0).
    public static func parse(_ output: String) -> TmuxState {
        let trimmed = output.drop { $0.isNewline }.reversed().drop { $0.isNewline }.reversed()
        let fields = String(trimmed).split(separator: "\t", omittingEmptySubsequences: false)
        let option = fields.first.map(String.init) ?? ""
        return TmuxState(
            passthrough: ["1", "on", "all"].contains(option),
            clientTerminal: fields.count > 1 ? TerminalSafeText.sanitized(String(fields[1])) : "")
    }
}

/// A kitty graphics reply that arrives while the reader runs (`ESC _ G i=ID ; message ESC \`).
public struct KittyGraphicsReply: Sendable, Equatable {
    /// The image the reply is about.
    public var imageID: Int
    /// `OK`, or an error such as `ENOENT:No such image`.
    public var message: String

    /// Whether the terminal no longer has the image (evicted, or never stored).
    public var isMissingImage: Bool { message.hasPrefix("ENOENT") }

    /// The reply in the characters after an Escape (`_Gi=5;ENOENT:… ESC \`); nil when they are
    /// not a graphics reply naming an image.
    public init?(afterEscape characters: [UInt32]) {
        guard characters.count > 4, characters[0] == 0x5F, characters[1] == 0x47,
            characters.suffix(2).elementsEqual([0x1B, 0x5C])
        else { return nil }
        let text = String(
            decoding: characters.dropFirst(2).dropLast(2).map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        guard let semicolon = text.firstIndex(of: ";") else { return nil }
        let keys = text[..<semicolon].split(separator: ",")
        guard let idKey = keys.first(where: { $0.hasPrefix("i=") }), let id = Int(idKey.dropFirst(2)) else {
            return nil
        }
        imageID = id
        message = String(text[text.index(after: semicolon)...])
    }
}

/// A size in pixels.
public struct PixelSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// How the image view draws pages, and why.
public struct GraphicsSupport: Sendable, Equatable {
    public enum Method: Sendable, Equatable {
        /// The kitty graphics protocol: each page sent once (PNG) under an id, then placed and
        /// cropped by id.
        case kitty
        /// Sixel images with this many colour registers.
        case sixel(colorRegisters: Int)
        /// iTerm2's inline images (`OSC 1337 ; File=`): a PNG of the visible part, sized in cells.
        case iterm
        /// Unicode upper half blocks (`▀`), two pixels per cell, in 24-bit or 256 colours.
        case halfBlocks(colors: HalfBlockColors)
        /// No image view at all (`--graphics none`).
        case none
    }

    public var method: Method
    /// One cell in pixels, measured or assumed.
    public var cellPixels: PixelSize
    /// Whether the terminal told the cell size (or the window's pixels): when it did not, images
    /// are scaled to their cells (kitty's `c`, `r`) so a wrong guess cannot cover the status line.
    public var cellSizeKnown: Bool
    /// The largest image the terminal will draw; larger renders are scaled down.
    public var maxImageSize: PixelSize
    /// Why this method was chosen, and what was assumed — for `folio --diagnose` and the
    /// status line.
    public var explanation: [String]
    /// What the terminal answered to each query, for `folio --diagnose`.
    public var replies: TerminalReplies
    /// Inside tmux with passthrough on: what the terminal outside answered to the queries
    /// passed through to it.
    public var outsideReplies: TerminalReplies?
    /// Whether graphics go to the terminal outside tmux through passthrough, kitty images shown
    /// with Unicode placeholders so that they stay in the pane.
    public var throughTmux: Bool
    /// A tip for the status line, shown once per kind of terminal: how to get sharper images
    /// (tmux passthrough).
    public var advice: GraphicsAdvice?
    /// The kind of terminal the advice is for, so it is shown once per kind: `TERM`, and inside
    /// tmux the terminal outside it (`tmux-256color in xterm-kitty`).
    public var terminalKind: String
    /// Whether grey pages go out as compact sixel (fewer grey levels), for a slow link.
    public var compactGreys: Bool
    /// Whether kitty images go through temporary files the terminal reads (`t=t`), not through
    /// its input: the terminal said it reads Folio's files.
    public var kittyTemporaryFiles: Bool

    /// A common cell size, assumed when the terminal does not say.
    public static let assumedCell = PixelSize(width: 10, height: 20)
    /// xterm's default limit (`maxGraphicSize`), assumed when the terminal does not say.
    public static let assumedMaxImage = PixelSize(width: 1000, height: 1000)

    /// Decides from the replies, the ioctl's pixel size, the environment and the preference.
    ///
    /// - Parameters:
    ///   - ioctlPixels: `TIOCGWINSZ`'s `ws_xpixel`×`ws_ypixel` (zero when unknown).
    ///   - cells: the terminal's size in cells.
    ///   - tmux: inside tmux, what tmux says of the pane and its client; `outside`, what the
    ///     terminal outside answered through passthrough.
    public static func decide(
        replies: TerminalReplies, ioctlPixels: PixelSize, cells: (columns: Int, rows: Int),
        environment: [String: String], preference: GraphicsPreference, tmux: TmuxState? = nil,
        outside: TerminalReplies? = nil, compactSixel: CompactSixelPreference = .auto
    ) -> GraphicsSupport {
        var notes: [String] = []
        let cell: PixelSize
        var cellKnown = true
        if let measured = replies.cellPixels {
            cell = measured
            notes.append("cell size \(measured.width)×\(measured.height) px (reported by the terminal)")
        } else if let measured = outside?.cellPixels {
            cell = measured
            notes.append("cell size \(measured.width)×\(measured.height) px (reported by the terminal outside tmux)")
        } else if let window = replies.windowPixels ?? (ioctlPixels.width > 0 ? ioctlPixels : nil),
            cells.columns > 0, cells.rows > 0, window.width >= cells.columns, window.height >= cells.rows
        {
            cell = PixelSize(width: window.width / cells.columns, height: window.height / cells.rows)
            notes.append("cell size \(cell.width)×\(cell.height) px (window size / cells)")
        } else {
            cell = assumedCell
            cellKnown = false
            notes.append("cell size unknown: assuming \(cell.width)×\(cell.height) px")
        }
        var choice = choose(replies: replies, environment: environment, preference: preference)
        var throughTmux = false
        var advice: GraphicsAdvice?
        if let tmux {
            (choice, throughTmux, advice) = chooseInTmux(
                choice, tmux: tmux, replies: replies, outside: outside, environment: environment, preference: preference
            )
        }
        // Only sixel terminals report (and need) a largest image; kitty and iTerm2 take pages
        // as large as Folio renders them.
        let maxImage: PixelSize
        if case .sixel = choice.method {
            maxImage = replies.maxImageSize ?? assumedMaxImage
            notes.append(
                replies.maxImageSize == nil
                    ? "largest image unknown: assuming \(maxImage.width)×\(maxImage.height) px"
                    : "largest image \(maxImage.width)×\(maxImage.height) px (reported by the terminal)")
        } else {
            maxImage = PixelSize(width: 8192, height: 8192)
        }
        let compact = compactSixel.isCompact(environment: environment)
        if case .sixel = choice.method, compact {
            notes.append(
                "compact sixel: grey pages in \(IndexedImage.compactGreyLevels) greys"
                    + (compactSixel == .auto ? " (over ssh: SSH_CONNECTION is set)" : " (--compact-sixel on)"))
        }
        let temporaryFiles =
            choice.method == .kitty && !throughTmux && replies.kittyTemporaryFile?.hasPrefix("OK") == true
        if choice.method == .kitty, !throughTmux {
            notes.append(
                temporaryFiles
                    ? "kitty images go through temporary files (the terminal reads this machine's /tmp)"
                    : "kitty images go through the terminal's input (it did not read a temporary file: over ssh?)")
        }
        return GraphicsSupport(
            method: choice.method, cellPixels: cell, cellSizeKnown: cellKnown, maxImageSize: maxImage,
            explanation: choice.reasons + notes, replies: replies, outsideReplies: outside, throughTmux: throughTmux,
            advice: advice,
            terminalKind: (environment["TERM"] ?? "unknown")
                + (tmux.map { " in " + outerTerminal(of: $0, outside) } ?? ""),
            compactGreys: compact, kittyTemporaryFiles: temporaryFiles)
    }

    /// The terminal tmux runs in: its answer to the version query, else its client's TERM.
    private static func outerTerminal(of tmux: TmuxState, _ outside: TerminalReplies?) -> String {
        outside?.terminalVersion ?? (tmux.clientTerminal.isEmpty ? "unknown" : tmux.clientTerminal)
    }

    /// How to turn tmux's passthrough on, for `--diagnose`.
    public static let passthroughAdvice =
        "tmux passthrough is off: `tmux set -g allow-passthrough on` (in ~/.tmux.conf) gives sharp page images in kitty (0.28 or later) and Ghostty"

    /// Inside tmux: the kitty protocol through passthrough when the terminal outside answered
    /// and can show Unicode placeholders (so the image stays in the pane); half blocks otherwise,
    /// saying why (and how to turn passthrough on). Sixel stays when tmux itself reports it.
    private static func chooseInTmux(
        _ choice: (method: Method, reasons: [String]), tmux: TmuxState, replies: TerminalReplies,
        outside: TerminalReplies?, environment: [String: String], preference: GraphicsPreference
    ) -> (choice: (method: Method, reasons: [String]), throughTmux: Bool, advice: GraphicsAdvice?) {
        let outer = outerTerminal(of: tmux, outside)
        switch preference {
        case .kitty:
            // Forced: the user says the terminal outside speaks it (and shows placeholders).
            // Wrapped either way: tmux takes a bare APC string as the pane's title, and drops
            // passthrough while it is off (the hint says how to turn it on).
            return (choice, true, tmux.passthrough ? nil : .turnOnTmuxPassthrough)
        case .auto:
            break
        default:
            return (choice, false, nil)
        }
        if case .sixel = choice.method {
            return (choice, false, nil)
        }
        let colors = HalfBlockColors.of(environment: environment)
        let halfBlocks = Method.halfBlocks(colors: colors)
        let label = "half-block images (\(colors.name) colours)"
        guard tmux.passthrough else {
            return (
                (
                    halfBlocks,
                    ["\(label): inside tmux with passthrough off (terminal outside: \(outer))", passthroughAdvice]
                ),
                false, .turnOnTmuxPassthrough
            )
        }
        guard let answer = outside?.kittyGraphics, answer.hasPrefix("OK") else {
            return (
                (
                    halfBlocks,
                    [
                        "\(label): the terminal outside tmux (\(outer)) did not answer the kitty graphics query passed through to it"
                    ]
                ), false, nil
            )
        }
        guard supportsPlaceholders(outside?.terminalVersion) else {
            return (
                (
                    halfBlocks,
                    [
                        "\(label): the terminal outside tmux (\(outer)) speaks kitty graphics but shows no Unicode placeholders (kitty 0.28 or later, Ghostty): an image passed through tmux would stay over other panes"
                    ]
                ), false, nil
            )
        }
        return (
            (
                .kitty,
                [
                    "kitty graphics through tmux: the terminal outside (\(outer)) answered the query passed through; images are Unicode placeholders, so they stay in the pane"
                ]
            ), true, nil
        )
    }

    /// Whether the terminal XTVERSION names shows kitty's Unicode placeholders: kitty 0.28 or
    /// later, Ghostty.
    static func supportsPlaceholders(_ version: String?) -> Bool {
        guard let version = version?.lowercased() else { return false }
        if version.hasPrefix("ghostty") { return true }
        guard version.hasPrefix("kitty("), let close = version.firstIndex(of: ")") else { return false }
        let numbers = version[version.index(version.startIndex, offsetBy: 6)..<close].split(separator: ".").map {
            Int($0) ?? 0
        }
        return (numbers.first ?? 0, numbers.dropFirst().first ?? 0) >= (0, 28)
    }

    /// The method for `preference`, with one line saying why it was chosen first, then one for
    /// each protocol `auto` passed over.
    private static func choose(
        replies: TerminalReplies, environment: [String: String], preference: GraphicsPreference
    ) -> (method: Method, reasons: [String]) {
        let colors = HalfBlockColors.of(environment: environment)
        let saysKitty = replies.kittyGraphics?.hasPrefix("OK") == true
        let saysSixel = replies.deviceAttributes?.contains(4) == true
        // A terminal that says nothing of its registers but is said to do sixel is taken to
        // have 256, as img2sixel and chafa take it: every sixel terminal in use has 256 or more
        // (only a real VT340 had 16).
        let registers = max(replies.colorRegisters ?? 256, 16)
        let iterm = itermName(replies: replies, environment: environment)
        let halfBlocks = "half-block images (\(colors.name) colours)"
        let inTmux =
            environment["TMUX"] != nil || environment["TERM"]?.hasPrefix("tmux") == true
            || environment["TERM"]?.hasPrefix("screen") == true
        switch preference {
        case .none:
            return (.none, ["image view off (--graphics none)"])
        case .kitty:
            return (.kitty, ["kitty graphics forced (--graphics kitty)"])
        case .sixel:
            return (
                .sixel(colorRegisters: registers),
                [
                    replies.colorRegisters == nil
                        ? "sixel forced (--graphics sixel); colour registers not reported: assuming 256"
                        : "sixel forced (--graphics sixel)"
                ]
            )
        case .iterm:
            return (.iterm, ["iTerm2 inline images forced (--graphics iterm)"])
        case .halfblock:
            return (.halfBlocks(colors: colors), ["\(halfBlocks) (--graphics halfblock)"])
        case .auto:
            break
        }
        let silent = replies.deviceAttributes == nil
        let kittyWhy: String
        if saysKitty {
            let version = replies.terminalVersion.map { " (\($0))" } ?? ""
            return (.kitty, ["kitty graphics: the terminal\(version) answered the kitty graphics query"])
        } else if let answer = replies.kittyGraphics {
            kittyWhy = "kitty graphics: not used, the query was answered with an error (\(answer))"
        } else if inTmux {
            kittyWhy = "kitty graphics: not used, tmux does not pass the query to the terminal outside"
        } else {
            kittyWhy = "kitty graphics: not used, the terminal ignored the query"
        }
        if saysSixel {
            return (
                .sixel(colorRegisters: registers),
                ["sixel: the terminal reports sixel graphics (device attribute 4)", kittyWhy]
            )
        }
        let sixelWhy =
            silent
            ? "sixel: not used, the terminal did not answer the device attributes query"
            : inTmux
                ? "sixel: not used, running inside tmux, which (3.3) cannot pass sixel graphics through"
                : "sixel: not used, the terminal does not report sixel graphics (device attribute 4)"
        if let iterm {
            return (.iterm, ["iTerm2 inline images: the terminal is \(iterm)", kittyWhy, sixelWhy])
        }
        let itermWhy = "iTerm2 inline images: not used, neither TERM_PROGRAM nor XTVERSION names iTerm2 or WezTerm"
        let why =
            silent
            ? "the terminal did not answer the device attributes query"
            : inTmux
                ? "running inside tmux, which (3.3) cannot pass sixel graphics through"
                : "the terminal does not report sixel graphics"
        return (.halfBlocks(colors: colors), ["\(halfBlocks): \(why)", kittyWhy, sixelWhy, itermWhy])
    }

    /// The terminal's name when it is known to show iTerm2 inline images (iTerm2, WezTerm).
    private static func itermName(replies: TerminalReplies, environment: [String: String]) -> String? {
        let names = [environment["TERM_PROGRAM"], replies.terminalVersion].compactMap { $0 }
        return names.first { name in
            name.lowercased().hasPrefix("iterm") || name.lowercased().hasPrefix("wezterm")
        }
    }
}
