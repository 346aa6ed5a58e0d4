import Wire

/// The merge a good NSUbiquitousKeyValueStore app does when the store hands it another device's favourites: the
/// store keeps one value per key (the last writer wins), so each side's marks made while the two were apart would
/// otherwise be lost.
///
/// It remembers this device's own marks and unmarks that the store's value has not shown back yet (its changes
/// since the value it last heard). The merged value is the incoming one with those additions put back and those
/// removals taken out: nothing either side marked is lost, and a favourite removed here is not brought back by a
/// side that had not heard of the removal. A change leaves the memory once an incoming value reflects it.
public struct FavouritesMerge: Sendable, Hashable, Codable {
    /// Slugs marked (or repointed) here, with their URL, not yet seen in an incoming value.
    public private(set) var additions: [String: PropertyListValue] = [:]
    /// Slugs unmarked here, not yet seen gone from an incoming value.
    public private(set) var removals: Set<String> = []

    public init() {}

    /// This device changed its favourites from `old` to `new`.
    public mutating func recordLocalChange(from old: [String: PropertyListValue], to new: [String: PropertyListValue]) {
        for slug in Set(old.keys).union(new.keys) where old[slug] != new[slug] {
            if let value = new[slug] {
                additions[slug] = value
                removals.remove(slug)
            } else {
                additions[slug] = nil
                removals.insert(slug)
            }
        }
    }

    /// `incoming` with this device's changes it does not reflect yet applied; those it reflects are forgotten.
    public mutating func merge(_ incoming: [String: PropertyListValue]) -> [String: PropertyListValue] {
        additions = additions.filter { incoming[$0.key] != $0.value }
        removals = removals.filter { incoming[$0] != nil }
        var result = incoming
        for (slug, value) in additions { result[slug] = value }
        for slug in removals { result[slug] = nil }
        return result
    }

    /// Forgets this device's changes (the store refused them, or another account's store replaced everything).
    public mutating func forget() { self = FavouritesMerge() }
}

/// How the app takes in favourites changed outside it.
public enum FavoritesChange: Sendable, Hashable {
    /// Another device or machine wrote them (a server change, the first sync): merged with this device's marks.
    case merge
    /// The store replaced them (a write it refused, another account): taken as they are.
    case replace
}
