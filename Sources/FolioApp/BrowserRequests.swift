import FolioCore
import FolioDocument
import Glibc

/// What the file browser asks of the file system and of documents: a folder's entries,
/// classified, and a document's preview. Each answer is an event for ``BrowserState``.
enum BrowserRequests {
    /// Every entry of the folder at `path`, classified.
    static func list(_ path: String) -> BrowserEvent {
        guard let directory = opendir(FileSystemName.cString(path)) else {
            return .listFailed(path: path, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var entries: [BrowserEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileSystemName.decode(raw.prefix { $0 != 0 })
            }
            guard name != ".", name != ".." else { continue }
            let full = path == "/" ? "/" + name : path + "/" + name
            entries.append(BrowserEntry(name: name, kind: FileSniffer.classify(full)))
        }
        return .listed(path: path, entries: entries)
    }

    /// Title, format, pages and the first lines of page 1.
    static func preview(_ path: String) -> BrowserEvent {
        do throws(DocumentError) {
            let document = try Document(path: path)
            if document.needsPassword {
                return .previewFailed(path: path, reason: "encrypted: Enter asks for the password")
            }
            let info = try document.info()
            let text =
                info.pageCount > 0
                ? (try? document.plainText(page: 0, cancellation: Cancellation(timeLimit: TimeLimits.preview))) ?? ""
                : ""
            let firstLines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(60)
                .joined(separator: "\n")
            return .previewReady(
                path: path,
                preview: BrowserPreview(
                    title: info.title, format: info.format, pageCount: info.pageCount, firstLines: firstLines))
        } catch {
            return .previewFailed(path: path, reason: error.description)
        }
    }
}
