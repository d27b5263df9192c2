import Foundation

/// TeX Live's `synctex` command-line tool, the independent reference SyncTeX searches are
/// checked against.
public enum SyncTeXTool {
    /// Whether the tool is installed (texlive-binaries).
    public static let isAvailable = FileManager.default.isExecutableFile(atPath: path)

    /// One record of `synctex view`: the fields it prints, in its own terms (1-based page; `h`, `v`
    /// the box's left and bottom, `width` and `height` its size, in points from the top-left).
    public struct ViewRecord: Sendable, Equatable {
        public var page: Int
        public var h: Double
        public var v: Double
        public var width: Double
        public var height: Double
    }

    /// One record of `synctex edit`.
    public struct EditRecord: Sendable, Equatable {
        public var input: String
        public var line: Int
        public var column: Int
    }

    /// The records `synctex view -i LINE:COLUMN:INPUT -o PDF` prints, run in `folder`.
    public static func view(line: Int, column: Int, input: String, pdf: String, in folder: String) throws
        -> [ViewRecord]
    {
        let fields = try records(["view", "-i", "\(line):\(column):\(input)", "-o", pdf], in: folder)
        return fields.compactMap { record in
            guard let page = record["Page"].flatMap(Int.init), let h = record["h"].flatMap(Double.init),
                let v = record["v"].flatMap(Double.init), let width = record["W"].flatMap(Double.init),
                let height = record["H"].flatMap(Double.init)
            else { return nil }
            return ViewRecord(page: page, h: h, v: v, width: width, height: height)
        }
    }

    /// The records `synctex edit -o PAGE:X:Y:PDF` prints (1-based page, points from the
    /// top-left), run in `folder`.
    public static func edit(page: Int, x: Double, y: Double, pdf: String, in folder: String) throws -> [EditRecord] {
        let fields = try records(["edit", "-o", "\(page):\(x):\(y):\(pdf)"], in: folder)
        return fields.compactMap { record in
            guard let input = record["Input"], let line = record["Line"].flatMap(Int.init),
                let column = record["Column"].flatMap(Int.init)
            else { return nil }
            return EditRecord(input: input, line: line, column: column)
        }
    }

    private static let path = "/usr/bin/synctex"

    /// The tool's output between "SyncTeX result begin" and "end", one dictionary a record (each
    /// record starts at its `Output:` line).
    private static func records(_ arguments: [String], in folder: String) throws -> [[String: String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var records: [[String: String]] = []
        var inResult = false
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line == "SyncTeX result begin" {
                inResult = true
            } else if line == "SyncTeX result end" {
                inResult = false
            } else if inResult, let colon = line.firstIndex(of: ":") {
                let key = String(line[..<colon])
                if key == "Output" { records.append([:]) }
                if !records.isEmpty { records[records.count - 1][key] = String(line[line.index(after: colon)...]) }
            }
        }
        return records
    }
}
