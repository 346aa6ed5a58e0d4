/// A store marker placed on the map: its cell, the stores it stands for and how it is drawn.
public struct MapMarker: Sendable, Hashable {
    public let column: Int
    public let row: Int
    /// The stores this marker stands for, sorted by id.
    public let storeIDs: [String]
    public let kind: MapCellKind

    public init(column: Int, row: Int, storeIDs: [String], kind: MapCellKind) {
        self.column = column
        self.row = row
        self.storeIDs = storeIDs
        self.kind = kind
    }

    /// The character for the marker: single stores and favourites get a symbol, clusters their count
    /// (`2`…`9`, `+` for ten or more).
    public var character: Character {
        switch kind {
        case .store: MapMarker.storeSymbol
        case .favourite: MapMarker.favouriteSymbol
        case .selected: MapMarker.selectedSymbol
        case .cluster(let count): count < 10 ? Character(String(count)) : "+"
        case .water, .land, .coast: " "
        }
    }

    public static let storeSymbol: Character = "●"
    public static let favouriteSymbol: Character = "♥"
    public static let selectedSymbol: Character = "◉"
}
