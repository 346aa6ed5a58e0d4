import Foundation

/// Finer land for close zoom: Natural Earth 1:10m land with its lakes cut out (Lake Michigan, the San
/// Francisco Bay's shores), kept only in the cells of a grid around the stores (`scripts/make-land-detail.py`
/// makes the file). A view wholly inside covered cells is drawn from it; any other view from the world file.
public struct LandDetail: Sendable {
    /// The file name inside `Resources/Stores/`.
    public static let fileName = "land-detail-10m.geojson"

    /// The grid's cell size in degrees (cells count from −180° and −90°).
    public let cellSize: Double
    private let covered: Set<Int>
    private let rings: [Int: [ProjectedRing]]
    private let columns: Int

    /// Reads the file's GeoJSON: its `cellSize`, its covered `cells` and one feature of rings per cell.
    /// - Throws: `LandGeometryError.malformedGeoJSON` when it is not such a file.
    public init(geoJSON data: Data) throws {
        let file: DetailFile
        do {
            file = try JSONDecoder().decode(DetailFile.self, from: data)
        } catch {
            throw LandGeometryError.malformedGeoJSON(reason: String(describing: error))
        }
        guard file.cellSize > 0, file.cellSize <= 90 else {
            throw LandGeometryError.malformedGeoJSON(reason: "cellSize \(file.cellSize) is not a grid's")
        }
        cellSize = file.cellSize
        columns = Int((360 / file.cellSize).rounded())
        let columns = columns
        covered = Set(file.cells.compactMap { $0.count == 2 ? $0[0] * columns + $0[1] : nil })
        var rings: [Int: [ProjectedRing]] = [:]
        let size = file.cellSize
        for feature in file.features {
            guard feature.cell.count == 2 else { continue }
            let key = feature.cell[0] * columns + feature.cell[1]
            rings[key, default: []] += try feature.polygons.flatMap { polygon in
                try polygon.compactMap { positions -> ProjectedRing? in
                    let coordinates = try positions.map(LandGeometry.coordinate)
                    guard coordinates.count >= 3 else { return nil }
                    return ProjectedRing(coordinates: coordinates) { Self.onCellBorder($0, $1, size: size) }
                }
            }
        }
        self.rings = rings
    }

    /// Reads the file.
    public init(contentsOf url: URL) throws {
        try self.init(geoJSON: try LandGeometry.read(url))
    }

    /// The rings of the cells a view from `west` to `east` and `south` to `north` (degrees) touches, or nil
    /// when any of them is not covered (the view is then drawn from the world file).
    public func rings(west: Double, south: Double, east: Double, north: Double) -> [ProjectedRing]? {
        guard west >= -180, east <= 180, south >= -90, north <= 90, west <= east, south <= north else { return nil }
        let c0 = Int(((west + 180) / cellSize).rounded(.down))
        let c1 = Int(((east + 180) / cellSize).rounded(.down))
        let r0 = Int(((south + 90) / cellSize).rounded(.down))
        let r1 = Int(((north + 90) / cellSize).rounded(.down))
        guard (c1 - c0 + 1) * (r1 - r0 + 1) <= 4096 else { return nil }
        var found: [ProjectedRing] = []
        for column in c0...c1 {
            for row in r0...r1 {
                let key = column * columns + row
                guard covered.contains(key) else { return nil }
                found += rings[key] ?? []
            }
        }
        return found
    }

    /// Whether a segment runs along a cell's border: an edge the clipping made, not a coast.
    static func onCellBorder(_ a: GeoCoordinate, _ b: GeoCoordinate, size: Double) -> Bool {
        func onGrid(_ value: Double, from origin: Double) -> Bool {
            let steps = (value - origin) / size
            return abs(steps - steps.rounded()) < 1e-6
        }
        return (a.longitude == b.longitude && onGrid(a.longitude, from: -180))
            || (a.latitude == b.latitude && onGrid(a.latitude, from: -90))
    }

    private struct DetailFile: Decodable {
        let cellSize: Double
        let cells: [[Int]]
        let features: [DetailFeature]
    }

    private struct DetailFeature: Decodable {
        let cell: [Int]
        let polygons: [[[[Double]]]]

        private struct Properties: Decodable { let cell: [Int] }
        private enum Key: String, CodingKey { case properties }

        init(from decoder: any Decoder) throws {
            cell = try decoder.container(keyedBy: Key.self).decode(Properties.self, forKey: .properties).cell
            polygons = try GeoJSONNode(from: decoder).polygons
        }
    }
}
