import FolioCore
import FolioSystem

/// Where a document's annotations are kept.
enum AnnotationStore: Sendable, Equatable {
    /// In the PDF, as standard annotations in an incremental update.
    case pdf
    /// In a sidecar file (``AnnotationSidecar``).
    case sidecar
}

/// Where a document's annotations go, and why, so that the message can say both.
struct AnnotationStoreChoice: Sendable, Equatable {
    /// Why annotations go where they go.
    enum Reason: Sendable, Equatable {
        /// The file is a PDF Folio can write.
        case writablePDF
        /// `set annotation-store sidecar` asks for a sidecar.
        case preference
        /// The document is not a PDF (EPUB, XPS, CBZ, FB2…): only a PDF holds annotations.
        case notPDF
        /// The PDF cannot be written, for this reason (read-only, read-only mount, no
        /// permission in its folder).
        case cannotWrite(FileSaveError)
    }

    /// Why the annotations go where they go.
    var reason: Reason

    /// Where the annotations are kept: the PDF when it is a writable PDF, else a sidecar.
    var store: AnnotationStore { reason == .writablePDF ? .pdf : .sidecar }

    /// The store for a document: the PDF when it is a PDF (`isPDF`) that can be written
    /// (`writability` is nil, as ``SafeReplacement/writability(of:)`` gives it) and the user has
    /// not asked for sidecars; else a sidecar, saying why.
    static func choose(writability: FileSaveError?, isPDF: Bool, preference: AnnotationStorePreference)
        -> AnnotationStoreChoice
    {
        if preference == .sidecar { return AnnotationStoreChoice(reason: .preference) }
        if !isPDF { return AnnotationStoreChoice(reason: .notPDF) }
        if let writability { return AnnotationStoreChoice(reason: .cannotWrite(writability)) }
        return AnnotationStoreChoice(reason: .writablePDF)
    }

    /// The message that says where annotations go and why, such as "annotations are kept in
    /// /home/ada/.local/share/folio/annotations/….json (the file is read-only)"; `sidecar` is
    /// the sidecar's path, nil when no folder for one is known.
    func message(sidecar: String?) -> String {
        let why: String
        switch reason {
        case .writablePDF: return "annotations are saved in the PDF"
        case .preference: why = "set annotation-store sidecar"
        case .notPDF: why = "only a PDF can hold them"
        case .cannotWrite(let problem): why = problem.description
        }
        guard let sidecar else {
            return "annotations cannot be kept (\(why)): neither XDG_DATA_HOME nor HOME names a folder for them"
        }
        return "annotations are kept in \(FileSystemName.displayed(sidecar)) (\(why))"
    }
}
