import FolioTestSupport
import Foundation

/// A JSON value as a test reads it back (through Foundation's decoder, not Folio's writer).
indirect enum JSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Parses one JSON text.
    static func parse(_ text: some StringProtocol) throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
    }

    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    var array: [JSON]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

/// The part of JSON Schema (2020-12) that docs/schema/*.json use: `type` (one name or a list),
/// `properties`, `required`, `additionalProperties: false`, `items`, `minimum` and `$ref` to
/// `#/$defs/NAME`; `$schema`, `$id`, `title` and `description` are annotations. A schema using
/// any other keyword is reported, so a schema cannot say more than this checks.
struct JSONSchemaSubset {
    let root: JSON

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    private static let assertions: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "minimum", "$ref",
    ]

    /// The schema in `file` of the repository's docs/schema.
    init(file: String) throws {
        let url = Corpus.repositoryRoot.appendingPathComponent("docs/schema").appendingPathComponent(file)
        root = try JSONDecoder().decode(JSON.self, from: Data(contentsOf: url))
    }

    /// Every way `instance` breaks the schema, each with its JSON path; empty when it is valid.
    func violations(of instance: JSON) -> [String] {
        violations(of: instance, against: root, at: "$")
    }

    private func violations(of instance: JSON, against schema: JSON, at path: String) -> [String] {
        guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
        var found: [String] = []
        for key in keywords.keys where !Self.annotations.contains(key) && !Self.assertions.contains(key) {
            found.append("\(path): the schema uses '\(key)', which this validator does not check")
        }
        if let reference = keywords["$ref"]?.string {
            let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
            guard reference.hasPrefix("#/$defs/"), let target = root["$defs"]?[name] else {
                return found + ["\(path): unknown $ref \(reference)"]
            }
            found += violations(of: instance, against: target, at: path)
        }
        if let type = keywords["type"] {
            let names = type.array?.compactMap(\.string) ?? [type.string].compactMap { $0 }
            if !names.contains(where: { Self.instance(instance, isOfType: $0) }) {
                return found + ["\(path): \(instance) is not of type \(names)"]
            }
        }
        if let minimum = keywords["minimum"]?.number, let value = instance.number, value < minimum {
            found.append("\(path): \(value) is below the minimum \(minimum)")
        }
        if case .object(let members) = instance {
            let properties: [String: JSON]
            if case .object(let declared)? = keywords["properties"] { properties = declared } else { properties = [:] }
            for name in keywords["required"]?.array?.compactMap(\.string) ?? [] where members[name] == nil {
                found.append("\(path): '\(name)' is required")
            }
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] {
                    found += violations(of: value, against: property, at: "\(path).\(name)")
                } else if keywords["additionalProperties"] == .bool(false) {
                    found.append("\(path): '\(name)' is not a property the schema has")
                }
            }
        }
        if case .array(let values) = instance, let items = keywords["items"] {
            for (index, value) in values.enumerated() {
                found += violations(of: value, against: items, at: "\(path)[\(index)]")
            }
        }
        return found
    }

    private static func instance(_ instance: JSON, isOfType name: String) -> Bool {
        switch (name, instance) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object):
            true
        case ("integer", .number(let value)): value == value.rounded()
        default: false
        }
    }
}
