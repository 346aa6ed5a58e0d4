import Foundation

/// Reads one store record from JSON, collecting every fault instead of stopping at the first.
struct StoreRecordReader {
    private let fields: [String: JSONValue]
    private(set) var issues: [String] = []

    /// Reads `value`; returns the record, or the faults that keep it out.
    static func read(_ value: JSONValue) -> Result<StoreRecord, StoreRecordIssues> {
        guard case .object(let fields) = value else {
            return .failure(StoreRecordIssues(id: nil, issues: ["is \(value.kindName), not an object"]))
        }
        var reader = StoreRecordReader(fields: fields)
        return reader.record()
    }

    private init(fields: [String: JSONValue]) {
        self.fields = fields
    }

    private mutating func record() -> Result<StoreRecord, StoreRecordIssues> {
        let id = text("id", required: true)
        let name = text("name", required: true)
        let slug = text("slug", required: true)
        let address = text("address")
        let city = text("city", required: true)
        let region = text("region")
        let postalCode = text("postalCode")
        let country = text("country", required: true)
        let latitude = number("latitude", range: -90...90)
        let longitude = number("longitude", range: -180...180)
        let precision = precisionValue()
        let timezone = text("timezone")
        let url = webURL()
        guard issues.isEmpty, let id, let name, let slug, let address, let city, let region,
            let postalCode,
            let country, let latitude, let longitude, let precision, let timezone, let url
        else {
            let readableID = fields["id"].flatMap {
                if case .string(let s) = $0, !s.isEmpty { s } else { nil }
            }
            return .failure(StoreRecordIssues(id: readableID, issues: issues))
        }
        return .success(
            StoreRecord(
                id: id, name: name, slug: slug, address: address, city: city, region: region,
                postalCode: postalCode, country: country,
                coordinate: GeoCoordinate(latitude: latitude, longitude: longitude), precision: precision,
                timezone: timezone, url: url))
    }

    private mutating func text(_ key: String, required: Bool = false) -> String? {
        switch fields[key] {
        case nil:
            issues.append("missing field \"\(key)\"")
            return nil
        case .string(let value):
            if required && value.trimmingCharacters(in: .whitespaces).isEmpty {
                issues.append("field \"\(key)\" is empty")
                return nil
            }
            return value
        case let other?:
            issues.append("field \"\(key)\" is \(other.kindName), not a string")
            return nil
        }
    }

    private mutating func number(_ key: String, range: ClosedRange<Double>) -> Double? {
        switch fields[key] {
        case nil:
            issues.append("missing field \"\(key)\"")
            return nil
        case .number(let value):
            guard value.isFinite, range.contains(value) else {
                issues.append(
                    "\(key) \(value) is outside \(Int(range.lowerBound))...\(Int(range.upperBound))")
                return nil
            }
            return value
        case let other?:
            issues.append("field \"\(key)\" is \(other.kindName), not a number")
            return nil
        }
    }

    private mutating func precisionValue() -> CoordinatePrecision? {
        guard let raw = text("precision", required: true) else { return nil }
        guard let precision = CoordinatePrecision(rawValue: raw) else {
            issues.append("precision \"\(raw)\" is neither \"store\" nor \"city\"")
            return nil
        }
        return precision
    }

    private mutating func webURL() -> String? {
        guard let raw = text("url", required: true) else { return nil }
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty
        else {
            issues.append("url \"\(raw)\" is not a valid http(s) URL")
            return nil
        }
        return raw
    }
}

/// The faults of one record, before its position in the list is known.
struct StoreRecordIssues: Error {
    let id: String?
    let issues: [String]
}
