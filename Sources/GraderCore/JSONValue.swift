/// A JSON value of any shape: rubric parameters and free-form evidence use it.
public enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The shape of a value, as a parameter's declaration names it.
    public enum Kind: String, Sendable {
        case null, bool, number, string, array, object
    }

    public var kind: Kind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// The number, when this is one.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// One line of text for the value, the same on every platform: object keys sorted, numbers as Swift prints
    /// a `Double`, strings quoted, with `"` and `\` escaped. For hashing, not for reading back.
    public var canonical: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return "\(value)"
        case .string(let value):
            return "\""
                + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        case .array(let values): return "[" + values.map(\.canonical).joined(separator: ",") + "]"
        case .object(let members):
            let pairs = members.sorted { $0.key < $1.key }.map {
                JSONValue.string($0.key).canonical + ":" + $0.value.canonical
            }
            return "{" + pairs.joined(separator: ",") + "}"
        }
    }

    /// The strings of an array of strings; `nil` for anything else.
    public var strings: [String]? {
        guard case .array(let values) = self else { return nil }
        let strings = values.compactMap(\.string)
        return strings.count == values.count ? strings : nil
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The number stored under `key`, or `fallback` when it is missing or not a number.
    public func number(_ key: String, default fallback: Double) -> Double {
        self[key]?.number ?? fallback
    }

    /// The strings stored under `key`, or `fallback` when missing.
    public func strings(_ key: String, default fallback: [String] = []) -> [String] {
        self[key]?.strings ?? fallback
    }
}
