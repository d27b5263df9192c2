// Stand-ins until the annot-config branch lands (it declares these for real).
extension AnnotationColour {
    public static let presets: [(name: String, colour: AnnotationColour)] = [
        ("yellow", AnnotationColour(hex: "#ffe94d")!), ("green", AnnotationColour(hex: "#8fe388")!),
        ("blue", AnnotationColour(hex: "#7ec8f2")!), ("pink", AnnotationColour(hex: "#f7a1c4")!),
    ]
}

extension ReaderPreferences {
    public var highlightColour: AnnotationColour { AnnotationColour.presets[0].colour }
    public var annotationAuthor: String? { nil }
    public var showsAnnotations: Bool { true }
}
