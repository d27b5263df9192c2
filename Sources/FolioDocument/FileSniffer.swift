public import FolioCore
import Glibc

/// Tells folders, documents Folio can open, and other files apart without opening anything
/// that could block (FIFOs, devices) and without asking MuPDF: by type, then by the first bytes,
/// then by the name's extension.
public enum FileSniffer {
    /// Extensions of formats MuPDF opens whose first bytes don't say (XML and zip based ones).
    public static let documentExtensions: Set<String> = [
        "pdf", "epub", "xps", "oxps", "cbz", "fb2", "xhtml", "png", "jpg", "jpeg", "gif", "bmp", "tif",
        "tiff", "pnm", "pbm", "pgm", "ppm", "jxr", "jpx", "jp2", "svg", "mobi",
    ]

    /// Classifies the entry at `path` (symbolic links are followed) for the browser.
    public static func classify(_ path: String) -> BrowserEntry.Kind {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let path = FileSystemName.cString(path)
        var status = stat()
        guard stat(path, &status) == 0 else {
            var link = stat()
            if lstat(path, &link) == 0 { return .other(reason: "a broken or looping symbolic link") }
            return .other(reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return access(path, R_OK | X_OK) == 0 ? .folder : .other(reason: "permission denied")
        case S_IFREG: break
        case S_IFIFO: return .other(reason: "a FIFO (named pipe), not a document")
        case S_IFSOCK: return .other(reason: "a socket, not a document")
        case S_IFCHR, S_IFBLK: return .other(reason: "a device, not a document")
        default: return .other(reason: "not a regular file")
        }
        guard access(path, R_OK) == 0 else { return .other(reason: "permission denied") }
        let size = Int(status.st_size)
        guard size > 0 else { return .other(reason: "an empty file") }
        let head = firstBytes(of: path, count: 512)
        let fileExtension = name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        if hasDocumentSignature(head) || documentExtensions.contains(fileExtension) {
            return .document
        }
        let what = isText(head) ? "plain text" : "binary data"
        return .other(reason: "not a document: \(describe(bytes: size)) of \(what)")
    }

    /// Magic numbers of PDF, images and the like that MuPDF opens whatever the name.
    static func hasDocumentSignature(_ head: [UInt8]) -> Bool {
        let signatures: [[UInt8]] = [
            Array("%PDF".utf8), [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], Array("GIF8".utf8),
            [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], Array("BM".utf8),
        ]
        // PDF files may carry junk before the header (the corpus has one); look a little way in.
        if head.count >= 5,
            (0...min(head.count - 5, 1024)).contains(where: { head[$0..<($0 + 5)].elementsEqual(Array("%PDF-".utf8)) })
        {
            return true
        }
        return signatures.contains { head.starts(with: $0) }
    }

    private static func isText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.contains(0) else { return false }
        // Valid UTF-8 (a multi-byte character cut at the end of the sample is fine).
        var decoder = UTF8()
        var iterator = bytes.dropLast(3).makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// "12 bytes", "3.4 kB", "1.2 MB".
    static func describe(bytes: Int) -> String {
        if bytes == 1 { return "1 byte" }
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        return "\(rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) \(units[unit])"
    }

    private static func firstBytes(of path: [CChar], count: Int) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = Glibc.read(descriptor, &buffer, count)
        return read > 0 ? Array(buffer.prefix(read)) : []
    }
}
