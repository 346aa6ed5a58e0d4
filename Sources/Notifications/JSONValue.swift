import Foundation
import Wire

/// A JSON value as `JSONSerialization` read it, with booleans told apart from numbers.
enum JSONValue: Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Converts `JSONSerialization`'s output.
    init(_ any: Any) {
        switch any {
        case let string as String: self = .string(string)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "c" || type == "B" {
                self = .bool(number.boolValue)
            } else if type == "d" || type == "f" {
                let value = number.doubleValue
                if value == value.rounded(), let exact = Int(exactly: value) {
                    self = .integer(exact)
                } else {
                    self = .number(value)
                }
            } else {
                self = .integer(number.intValue)
            }
        case let array as [Any]: self = .array(array.map(JSONValue.init))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init))
        default: self = .null
        }
    }

    /// Parses `data`; a syntax error names the byte offset where it was found.
    static func parse(_ data: Data) throws(PushError) -> JSONValue {
        do {
            return JSONValue(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        } catch {
            let text = String(describing: (error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error)
            let offset = Self.offset(in: error as NSError, text: text, length: data.count)
            throw PushError(.malformedPayload, "not valid JSON at byte offset \(offset): \(text)")
        }
    }

    /// The index `JSONSerialization` reports (its user info, else "around character N" in its message);
    /// the end of the data for "unexpected end of file".
    private static func offset(in error: NSError, text: String, length: Int) -> Int {
        if let index = error.userInfo["NSJSONSerializationErrorIndex"] as? Int { return index }
        if let range = text.range(of: #"character (\d+)"#, options: .regularExpression) {
            let digits = text[range].drop { !$0.isNumber }
            if let value = Int(digits) { return value }
        }
        return length
    }

    /// A short rendering for messages: `"three"`, `1.5`, `true`, `an array`, `an object`, `null`.
    var summary: String {
        switch self {
        case .string(let text): "\"\(text.prefix(40))\""
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .bool(let value): String(value)
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as a property-list value, or nil for null (which has none), naming the path at fault.
    func propertyListValue() -> PropertyListValue? {
        switch self {
        case .string(let text): return .string(text)
        case .integer(let value): return .int(value)
        case .number(let value): return .double(value)
        case .bool(let value): return .bool(value)
        case .null: return nil
        case .array(let items):
            var values: [PropertyListValue] = []
            for item in items {
                guard let value = item.propertyListValue() else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let entries):
            var values: [String: PropertyListValue] = [:]
            for (key, item) in entries {
                guard let value = item.propertyListValue() else { return nil }
                values[key] = value
            }
            return .dictionary(values)
        }
    }
}
