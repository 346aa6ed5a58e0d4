import Foundation

/// A property-list dictionary read from a file, with typed look-ups that name the missing key.
struct PropertyList {
    let file: String
    let values: [String: Any]

    init(file url: URL) throws {
        file = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ManifestError.unreadable(file: file, reason: "cannot read the file")
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ManifestError.unreadable(file: file, reason: "malformed property list")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ManifestError.unreadable(file: file, reason: "the top level is not a dictionary")
        }
        values = dictionary
    }

    private init(file: String, values: [String: Any]) {
        self.file = file
        self.values = values
    }

    /// A non-empty string value, else an error naming the key.
    func string(_ key: String) throws -> String {
        guard let value = optionalString(key) else {
            throw ManifestError.missingKey(file: file, key: key)
        }
        return value
    }

    /// A non-empty string value, or nil.
    func optionalString(_ key: String) -> String? {
        guard let value = values[key] as? String, !value.isEmpty else { return nil }
        return value
    }

    /// A nested dictionary, else an error naming the key.
    func dictionary(_ key: String) throws -> PropertyList {
        guard let nested = values[key] as? [String: Any] else {
            throw ManifestError.missingKey(file: file, key: key)
        }
        return PropertyList(file: file, values: nested)
    }
}
