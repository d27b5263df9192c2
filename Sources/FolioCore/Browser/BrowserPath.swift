/// Folder paths as plain strings, handled with string operations only: the browser never asks
/// the file system what a path means.
///
/// The edge passes absolute paths (`/home/ada/papers`). A path without any `/` is a top like
/// the root: it has no parent here.
enum BrowserPath {
    /// `path` without trailing slashes; the root stays `/`.
    static func normalized(_ path: String) -> String {
        var result = path
        while result.count > 1, result.hasSuffix("/") {
            result.removeLast()
        }
        return result
    }

    /// The folder holding `path`; the root (and a path without a `/`) is its own parent.
    static func parent(of path: String) -> String {
        let path = normalized(path)
        guard let slash = path.lastIndex(of: "/") else {
            return path
        }
        guard slash != path.startIndex else {
            return "/"
        }
        return normalized(String(path[..<slash]))
    }

    /// The last component of `path`: `papers` for `/home/ada/papers`, `/` for the root.
    static func lastComponent(of path: String) -> String {
        let path = normalized(path)
        guard path != "/", let slash = path.lastIndex(of: "/") else {
            return path
        }
        return String(path[path.index(after: slash)...])
    }

    /// The path of the entry `name` inside the folder `folder`.
    static func appending(_ name: String, to folder: String) -> String {
        let folder = normalized(folder)
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
