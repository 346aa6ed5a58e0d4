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
    /// (`2`…`9`, `+` for ten or more) — also when the selected store is among them, so no store hides
    /// behind the selection's mark.
    public var character: Character {
        switch kind {
        case .store: MapMarker.storeSymbol
        case .favourite: MapMarker.favouriteSymbol
        case .selected: storeIDs.count > 1 ? Self.count(storeIDs.count) : MapMarker.selectedSymbol
        case .cluster(let count): Self.count(count)
        case .water, .land, .coast: " "
        }
    }

    private static func count(_ count: Int) -> Character { count < 10 ? Character(String(count)) : "+" }

    /// What each mark means, for the map's legend.
    public static let legend: [(mark: String, meaning: String)] = [
        (String(storeSymbol), "a store"), (String(favouriteSymbol), "a favourite"),
        (String(selectedSymbol), "the selected store (reversed digit: with others)"),
        ("2–9 +", "stores in one place (+: ten or more)"), ("·", "land at city zoom"),
    ]

    public static let storeSymbol: Character = "●"
    public static let favouriteSymbol: Character = "♥"
    public static let selectedSymbol: Character = "◉"
}
