/// The store list as a whole could not be read.
public enum StoreDatasetError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformedJSON(reason: String)
    case notAnArray(found: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read the store list \(path): \(reason)"
        case .malformedJSON(let reason):
            "the store list is not valid JSON: \(reason)"
        case .notAnArray(let found):
            "the store list must be a JSON array of store objects, found \(found)"
        }
    }
}
