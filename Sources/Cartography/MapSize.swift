/// The size of a map canvas in terminal cells.
public struct MapSize: Sendable, Hashable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// A terminal cell is about twice as tall as it is wide; map geometry assumes this ratio.
    public static let cellAspectRatio = 2.0
}
