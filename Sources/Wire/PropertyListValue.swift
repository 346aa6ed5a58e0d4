import Foundation

/// A property-list value as `userInfo` holds it, with integers, doubles and booleans kept apart.
///
/// On the wire each value is a one-key object naming its kind (`{"int": 3}`, `{"double": 3.0}`),
/// so a round trip never turns `true` into `1` or `3.0` into `3`.
public indirect enum PropertyListValue: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case url(URL)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
    case set(Set<PropertyListValue>)
    case null
}

extension PropertyListValue: Codable {
    /// How deeply arrays, dictionaries and sets may nest in a value that is read (a scalar nests 0 deep, `[1]` 1).
    /// A deeper value is refused, so that whatever is read can be written again inside any message: JSON coders
    /// stop at 512 levels, and every level of a value takes two in the wire's tagged form.
    public static let maxNesting = 100

    fileprivate enum Kind: String, CodingKey, CaseIterable {
        case string, int, double, bool, date, data, url, array, dictionary, set, null
    }

    public init(from decoder: any Decoder) throws {
        self = try TaggedValue(from: decoder).value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Kind.self)
        switch self {
        case .string(let value): try container.encode(value, forKey: .string)
        case .int(let value): try container.encode(value, forKey: .int)
        case .double(let value): try container.encode(value, forKey: .double)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .date(let value): try container.encode(value.timeIntervalSince1970, forKey: .date)
        case .data(let value): try container.encode(value.base64EncodedString(), forKey: .data)
        case .url(let value): try container.encode(value.absoluteString, forKey: .url)
        case .array(let value): try container.encode(value, forKey: .array)
        case .dictionary(let value): try container.encode(value, forKey: .dictionary)
        case .set(let value): try container.encode(Array(value), forKey: .set)
        case .null: try container.encode(true, forKey: .null)
        }
    }
}

/// A value read from the wire's tagged form, with how deeply it nests (checked against `maxNesting` as it is read).
private struct TaggedValue: Decodable {
    typealias Kind = PropertyListValue.Kind
    let value: PropertyListValue
    let nesting: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Kind.self)
        guard container.allKeys.count == 1, let kind = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a value must be one object with one kind key"))
        }
        var children: [TaggedValue]?
        switch kind {
        case .string: value = .string(try container.decode(String.self, forKey: kind))
        case .int: value = .int(try container.decode(Int.self, forKey: kind))
        case .double: value = .double(try container.decode(Double.self, forKey: kind))
        case .bool: value = .bool(try container.decode(Bool.self, forKey: kind))
        case .date:
            value = .date(Date(timeIntervalSince1970: try container.decode(Double.self, forKey: kind)))
        case .data:
            let text = try container.decode(String.self, forKey: kind)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: kind, in: container, debugDescription: "bad base64")
            }
            value = .data(data)
        case .url:
            let text = try container.decode(String.self, forKey: kind)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: kind, in: container, debugDescription: "bad URL")
            }
            value = .url(url)
        case .array:
            let items = try container.decode([TaggedValue].self, forKey: kind)
            children = items
            value = .array(items.map(\.value))
        case .dictionary:
            let entries = try container.decode([String: TaggedValue].self, forKey: kind)
            children = Array(entries.values)
            value = .dictionary(entries.mapValues(\.value))
        case .set:
            let items = try container.decode([TaggedValue].self, forKey: kind)
            children = items
            value = .set(Set(items.map(\.value)))
        case .null: value = .null
        }
        nesting = try checkedNesting(of: children, nesting: \.nesting, decoder: decoder)
    }
}

/// How deeply a value nests given its children (nil for a scalar); throws beyond `PropertyListValue.maxNesting`.
private func checkedNesting<Child>(
    of children: [Child]?, nesting: (Child) -> Int, decoder: any Decoder
) throws -> Int {
    guard let children else { return 0 }
    let depth = 1 + (children.map(nesting).max() ?? 0)
    guard depth <= PropertyListValue.maxNesting else {
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "a value nests more than \(PropertyListValue.maxNesting) levels deep"))
    }
    return depth
}

extension PropertyListValue {
    /// The size of this value encoded for the wire, the measure the userInfo limits apply to.
    public var encodedSize: Int {
        (try? JSONEncoder().encode(self).count) ?? 0
    }

    /// Reads plain JSON text: integers stay `int`, numbers with a fraction become `double`,
    /// `true`/`false` become `bool`, `null` becomes `null`.
    public init(plainJSON data: Data) throws(WireError) {
        do {
            self = try JSONDecoder().decode(PlainJSON.self, from: data).value
        } catch {
            throw .malformed("not JSON: \(error)")
        }
    }

    /// Plain JSON for printing (`date` as ISO 8601 text, `data` as base64, `set` as an array).
    public var jsonObject: Any {
        switch self {
        case .string(let value): value
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .date(let value): value.formatted(.iso8601)
        case .data(let value): value.base64EncodedString()
        case .url(let value): value.absoluteString
        case .array(let value): value.map(\.jsonObject)
        case .dictionary(let value): value.mapValues(\.jsonObject)
        case .set(let value): value.map(\.jsonObject)
        case .null: NSNull()
        }
    }
}

/// Plain JSON read into a property-list value (booleans first, then integers, then doubles).
private struct PlainJSON: Decodable {
    let value: PropertyListValue
    /// How deeply it nests (checked against `maxNesting` as it is read).
    let nesting: Int

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        var children: [PlainJSON]?
        if single.decodeNil() {
            value = .null
        } else if let flag = try? single.decode(Bool.self) {
            value = .bool(flag)
        } else if let integer = try? single.decode(Int.self) {
            value = .int(integer)
        } else if let number = try? single.decode(Double.self) {
            value = .double(number)
        } else if let text = try? single.decode(String.self) {
            value = .string(text)
        } else if let list = try Self.array(in: single) {
            children = list
            value = .array(list.map(\.value))
        } else {
            let entries = try single.decode([String: PlainJSON].self)
            children = Array(entries.values)
            value = .dictionary(entries.mapValues(\.value))
        }
        nesting = try checkedNesting(of: children, nesting: \.nesting, decoder: decoder)
    }

    /// The array `single` holds, or nil when it holds something else; an array that cannot be read throws.
    private static func array(in single: any SingleValueDecodingContainer) throws -> [PlainJSON]? {
        do {
            return try single.decode([PlainJSON].self)
        } catch DecodingError.typeMismatch {
            return nil
        }
    }
}
