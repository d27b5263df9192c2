/// A JSON value as the batch modes print it (`--info --json`, `--outline --json`,
/// `--search --json`): objects keep their keys in the order given, so the output reads the same
/// every time, and ``text`` writes the value on one line.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A number; one that is not finite is written as `null`, which JSON has instead.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// A string, or `null` when there is none.
    static func string(_ text: String?) -> JSONValue {
        text.map { .string($0) } ?? .null
    }

    /// The value as JSON text on one line. Strings escape every control character (C0, DEL and
    /// C1, as `\u001b`), U+2028 and U+2029, so that text from a document never reaches a
    /// terminal raw even when the JSON is printed to one.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value): output += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)

    private static func writeString(_ value: String, to output: inout String) {
        var scalars = String.UnicodeScalarView()
        scalars.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": scalars.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": scalars.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": scalars.append(contentsOf: "\\n".unicodeScalars)
            case "\t": scalars.append(contentsOf: "\\t".unicodeScalars)
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                scalars.append(contentsOf: "\\u".unicodeScalars)
                for shift in stride(from: 12, through: 0, by: -4) {
                    scalars.append(hexDigits[Int((scalar.value >> UInt32(shift)) & 0xF)])
                }
            default: scalars.append(scalar)
            }
        }
        scalars.append("\"")
        output.unicodeScalars.append(contentsOf: scalars)
    }
}
