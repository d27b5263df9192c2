import FolioCore
import Glibc

/// The process's environment variables, read as file names are (bytes that are not UTF-8 kept).
public enum Environment {
    /// The values of the variables `names` that are set.
    public static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) {
                values[name] = FileSystemName.decode(UnsafeRawBufferPointer(start: value, count: strlen(value)))
            }
        }
        return values
    }
}
