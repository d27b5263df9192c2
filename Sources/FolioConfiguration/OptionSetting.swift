import FolioCore

/// `set NAME VALUE`: every option a configuration file can set, and the values it takes.
enum OptionSetting: String, CaseIterable {
    case wrap
    case view
    case layout
    case graphics
    case fit
    case invert
    case mouse
    case reload
    case rememberPosition = "remember-position"
    case scrollOverlap = "scroll-overlap"
    case statusForeground = "status-fg"
    case statusBackground = "status-bg"
    case highlightForeground = "highlight-fg"
    case highlightBackground = "highlight-bg"
    case dimForeground = "dim-fg"
    case osc52
    case clipboardCommand = "clipboard-command"
    case arabicShaping = "arabic-shaping"
    case bidi

    /// Applies `set` with `arguments` (the option's name, then its value) to `configuration`.
    static func apply(_ arguments: [String], to configuration: inout Configuration) throws(ConfigurationLineError) {
        guard let name = arguments.first else { throw ConfigurationLineError("usage: set NAME VALUE") }
        guard let option = OptionSetting(rawValue: name) else {
            if let suggestion = NameSuggestion.closest(to: name, among: allCases.map(\.rawValue)) {
                throw ConfigurationLineError("unknown option '\(name)' (did you mean \(suggestion)?)")
            }
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationLineError("unknown option '\(name)' (options: \(names))")
        }
        let values = Array(arguments.dropFirst())
        // A yes-or-no option given alone (`set wrap`) is turned on.
        let value = values.first ?? (option.isBoolean ? "true" : "")
        guard values.count <= 1 else {
            throw ConfigurationLineError("\(name) takes one value; quote a value with spaces")
        }
        guard !value.isEmpty || option == .clipboardCommand else {
            throw ConfigurationLineError("\(name) needs a value (\(option.allowed))")
        }
        try option.set(value, in: &configuration)
    }

    private var isBoolean: Bool {
        switch self {
        case .wrap, .invert, .mouse, .reload, .rememberPosition, .osc52: true
        default: false
        }
    }

    /// The values the option takes, for messages.
    private var allowed: String {
        switch self {
        case .wrap, .invert, .mouse, .reload, .rememberPosition, .osc52: "true or false"
        case .view: "text or image"
        case .layout: "reflow or layout"
        case .graphics: GraphicsPreference.allCases.map(\.rawValue).joined(separator: ", ")
        case .fit: "width or page"
        case .scrollOverlap: "0 to \(ReaderPreferences.maximumScrollOverlap) lines"
        case .statusForeground, .statusBackground, .highlightForeground, .highlightBackground, .dimForeground:
            "default, a colour name such as cyan or bright-black, or 0 to 255"
        case .clipboardCommand: "a command such as \"xclip -selection clipboard\", or \"\" for none"
        case .arabicShaping: ArabicShapingPreference.allCases.map(\.rawValue).joined(separator: ", ")
        case .bidi: BidiPreference.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    private func set(_ value: String, in configuration: inout Configuration) throws(ConfigurationLineError) {
        func invalid() -> ConfigurationLineError {
            ConfigurationLineError("invalid \(rawValue) '\(value)' (\(allowed))")
        }
        func boolean() throws(ConfigurationLineError) -> Bool {
            switch value.lowercased() {
            case "true", "on", "yes": return true
            case "false", "off", "no": return false
            default: throw invalid()
            }
        }
        func color() throws(ConfigurationLineError) -> TerminalColor {
            guard let color = TerminalColor(value) else { throw invalid() }
            return color
        }
        switch self {
        case .wrap: configuration.reader.paging = try boolean() ? .wrapAround : .bounded
        case .view:
            switch value {
            case "text": configuration.reader.view = .text
            case "image": configuration.reader.view = .image
            default: throw invalid()
            }
        case .layout:
            switch value {
            case "reflow": configuration.reader.layout = .reflow
            case "layout", "physical": configuration.reader.layout = .physical
            default: throw invalid()
            }
        case .graphics:
            guard let preference = GraphicsPreference(rawValue: value) else { throw invalid() }
            configuration.graphics = preference
        case .fit:
            switch value {
            case "width": configuration.reader.imageFit = .width
            case "page": configuration.reader.imageFit = .page
            default: throw invalid()
            }
        case .invert: configuration.reader.invertsImages = try boolean()
        case .mouse: configuration.mouse = try boolean()
        case .reload: configuration.reload = try boolean()
        case .rememberPosition: configuration.remembersPosition = try boolean()
        case .scrollOverlap:
            guard let lines = Int(value), (0...ReaderPreferences.maximumScrollOverlap).contains(lines) else {
                throw invalid()
            }
            configuration.reader.scrollOverlap = lines
        case .statusForeground: configuration.colors.statusForeground = try color()
        case .statusBackground: configuration.colors.statusBackground = try color()
        case .highlightForeground: configuration.colors.highlightForeground = try color()
        case .highlightBackground: configuration.colors.highlightBackground = try color()
        case .dimForeground: configuration.colors.dimForeground = try color()
        case .osc52: configuration.sendsOSC52 = try boolean()
        case .arabicShaping:
            guard let preference = ArabicShapingPreference(rawValue: value) else { throw invalid() }
            configuration.arabicShaping = preference
        case .bidi:
            guard let preference = BidiPreference(rawValue: value) else { throw invalid() }
            configuration.bidi = preference
        case .clipboardCommand:
            let words = value.split(whereSeparator: \.isWhitespace).map(String.init)
            configuration.clipboardCommand = words
        }
    }
}
