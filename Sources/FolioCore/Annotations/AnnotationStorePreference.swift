/// Where the user wants annotations kept (`set annotation-store pdf|sidecar`): a runtime choice
/// the configuration file makes, which the session weighs with whether the file can be written.
public enum AnnotationStorePreference: String, Sendable, Equatable, CaseIterable {
    /// In the PDF itself, when it can be written (the default).
    case pdf
    /// Always in a sidecar, leaving every document's bytes alone.
    case sidecar
}
