/// What a map cell shows, so that the app can colour it.
public enum MapCellKind: Sendable, Hashable {
    case water
    case land
    /// A cell a coastline passes through.
    case coast
    /// One store.
    case store
    /// One store that is a favourite.
    case favourite
    /// Several stores in one place; the count is exact even where the character shows `+`.
    case cluster(Int)
    /// The selected store (alone or among others in its cell).
    case selected
}

/// One character cell of a rendered map.
public struct MapCell: Sendable, Hashable {
    public var character: Character
    public var kind: MapCellKind

    public init(character: Character, kind: MapCellKind) {
        self.character = character
        self.kind = kind
    }
}
