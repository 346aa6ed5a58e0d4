import Foundation

/// The store list: the records that passed validation and a clear problem for each one that did not.
public struct StoreDataset: Sendable {
    /// Valid stores in file order, unique by `id`.
    public let stores: [StoreRecord]
    /// One entry per record left out.
    public let problems: [StoreRecordProblem]

    /// The file name of the list inside `Resources/Stores/`.
    public static let fileName = "apple-stores.json"

    /// Reads and validates a JSON array of store objects.
    /// - Throws: `StoreDatasetError` when the data are not JSON or not an array. Bad records do not throw.
    public init(json data: Data) throws {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw StoreDatasetError.malformedJSON(reason: Self.reason(error))
        }
        guard case .array(let values) = root else {
            throw StoreDatasetError.notAnArray(found: root.kindName)
        }
        var stores: [StoreRecord] = []
        var problems: [StoreRecordProblem] = []
        var seen: Set<String> = []
        for (index, value) in values.enumerated() {
            switch StoreRecordReader.read(value) {
            case .success(let store) where seen.contains(store.id):
                problems.append(StoreRecordProblem(index: index, id: store.id, issues: ["duplicate id"]))
            case .success(let store):
                seen.insert(store.id)
                stores.append(store)
            case .failure(let fault):
                problems.append(StoreRecordProblem(index: index, id: fault.id, issues: fault.issues))
            }
        }
        self.stores = stores
        self.problems = problems
    }

    /// Reads the list from a file.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StoreDatasetError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(json: data)
    }

    /// Reads `Stores/apple-stores.json` from the suite's resources directory.
    public init(resourcesDirectory: URL) throws {
        try self.init(contentsOf: resourcesDirectory.appendingPathComponent("Stores/\(Self.fileName)"))
    }

    private static func reason(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else {
            return String(describing: error)
        }
        if let underlying = context.underlyingError {
            return "\(context.debugDescription) (\(underlying.localizedDescription))"
        }
        return context.debugDescription
    }
}
