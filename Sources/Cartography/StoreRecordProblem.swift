/// Why one record of the store list was left out.
public struct StoreRecordProblem: Sendable, Hashable, CustomStringConvertible {
    /// The record's position in the list, from 0.
    public let index: Int
    /// The record's `id`, when it has a readable one.
    public let id: String?
    /// Every fault found in the record.
    public let issues: [String]

    public init(index: Int, id: String?, issues: [String]) {
        self.index = index
        self.id = id
        self.issues = issues
    }

    public var description: String {
        let name = id.map { "record \(index) (\($0))" } ?? "record \(index)"
        return "\(name): " + issues.joined(separator: "; ")
    }
}
