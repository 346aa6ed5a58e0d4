import Wire

/// The three-way merge a good NSUbiquitousKeyValueStore app does when the store hands it another device's
/// favourites: the store keeps one value per key (the last writer wins), so each side's marks made while the
/// two were apart would otherwise be lost.
///
/// `base` is the value this device last heard from the store, `local` what it shows now (its marks since),
/// `incoming` the store's new value. The result is `incoming` with this device's additions since `base` put back
/// and its removals since `base` taken out: nothing either side marked is lost, and a favourite removed here is
/// not brought back by a side that had not heard of the removal.
public enum FavouritesMerge {
    public static func merged(
        base: [String: PropertyListValue], local: [String: PropertyListValue], incoming: [String: PropertyListValue]
    ) -> [String: PropertyListValue] {
        var result = incoming
        for (slug, value) in local where base[slug] != value { result[slug] = value }
        for slug in base.keys where local[slug] == nil { result[slug] = nil }
        return result
    }
}

/// How the app takes in favourites changed outside it.
public enum FavoritesChange: Sendable, Hashable {
    /// Another device or machine wrote them (a server change, the first sync): merged with this device's marks.
    case merge
    /// The store replaced them (a write it refused, another account): taken as they are.
    case replace
}
