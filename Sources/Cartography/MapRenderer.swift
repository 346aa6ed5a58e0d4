/// Draws the world's land, coastlines and store markers for a viewport into a `MapFrame`.
///
/// Land is filled even-odd by scanlines and outlined by its coastlines; rings whose bounding box
/// misses the view are skipped. Geometry is projected once (in `LandGeometry`); a frame only scales
/// and offsets it.
public struct MapRenderer: Sendable {
    public let land: LandGeometry
    public var encoding: CellEncoding
    /// Below this zoom, markers in neighbouring cells merge into one cluster.
    public var clusterNeighboursBelowZoom: Double
    /// From this zoom (about a city across the map) land inside its coastline is drawn as a light shade
    /// (`·` in every other cell) instead of solid dots, so markers stay readable on it.
    public var lightLandFromZoom: Double = 8
    /// From this zoom the land comes from the finer file around the stores (`LandDetail`) when the view lies
    /// wholly in it.
    public var detailFromZoom: Double = 8
    /// The light shade of land at city zoom.
    public static let lightLand: Character = "·"

    public init(
        land: LandGeometry, encoding: CellEncoding = .braille, clusterNeighboursBelowZoom: Double = 5
    ) {
        self.land = land
        self.encoding = encoding
        self.clusterNeighboursBelowZoom = clusterNeighboursBelowZoom
    }

    /// Renders one frame.
    /// - Parameters:
    ///   - stores: the stores to mark (those outside the view are ignored).
    ///   - favourites: ids of favourite stores.
    ///   - selected: id of the selected store.
    public func render(
        viewport: MapViewport, size: MapSize, stores: [StoreRecord] = [], favourites: Set<String> = [],
        selected: String? = nil
    ) -> MapFrame {
        let transform = viewport.transform(for: size)
        let layers = drawLand(transform: transform, rings: rings(viewport: viewport, transform: transform))
        let light = viewport.zoom >= lightLandFromZoom
        let full = UInt8(truncatingIfNeeded: (1 << (encoding.dotsAcross * encoding.dotsDown)) - 1)
        let glyphs = encoding.glyphs
        let fills = layers.land.patterns
        let coasts = layers.coast.patterns
        var cells: [MapCell] = []
        cells.reserveCapacity(size.columns * size.rows)
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let fill = fills[row * size.columns + column]
                let coast = coasts[row * size.columns + column]
                let kind: MapCellKind = coast != 0 ? .coast : (fill != 0 ? .land : .water)
                if light, coast == 0, fill == full {
                    cells.append(MapCell(character: (row + column) % 2 == 0 ? Self.lightLand : " ", kind: .land))
                } else if light, coast != 0 {
                    // At city zoom the coast is a thin line beside the light land (the finer coast of piers and
                    // bays would otherwise stand as solid blocks).
                    cells.append(MapCell(character: glyphs[Int(coast)], kind: kind))
                } else {
                    cells.append(MapCell(character: glyphs[Int(fill | coast)], kind: kind))
                }
            }
        }
        let layout = MarkerLayout(
            favourites: favourites, selected: selected,
            mergeNeighbours: viewport.zoom < clusterNeighboursBelowZoom)
        let markers = layout.markers(for: stores, transform: transform)
        for marker in markers {
            cells[marker.row * size.columns + marker.column] = MapCell(
                character: marker.character, kind: marker.kind)
        }
        return MapFrame(size: size, cells: cells, markers: markers)
    }

    /// The rings to draw: the finer ones at close zoom when they cover the view, else the world's.
    func rings(viewport: MapViewport, transform: ViewportTransform) -> [ProjectedRing] {
        guard viewport.zoom >= detailFromZoom, let detail = land.detail else { return land.rings }
        let corner = WebMercator.coordinate(of: transform.point(column: 0, row: 0))
        let opposite = WebMercator.coordinate(
            of: transform.point(column: Double(transform.size.columns), row: Double(transform.size.rows)))
        return detail.rings(
            west: corner.longitude, south: opposite.latitude, east: opposite.longitude, north: corner.latitude)
            ?? land.rings
    }

    /// The filled land and the coastlines as two dot layers.
    func drawLand(transform: ViewportTransform, rings: [ProjectedRing]) -> (land: DotCanvas, coast: DotCanvas) {
        var fill = DotCanvas(size: transform.size, encoding: encoding)
        var coast = fill
        var filler = ScanlineFiller(height: fill.height)
        let scaleX = transform.worldColumns * Double(encoding.dotsAcross)
        let scaleY = transform.worldRows * Double(encoding.dotsDown)
        let offsetX = transform.column(ofX: 0) * Double(encoding.dotsAcross)
        let offsetY = transform.row(ofY: 0) * Double(encoding.dotsDown)
        let width = Double(fill.width)
        let height = Double(fill.height)
        var xs: [Double] = []
        var ys: [Double] = []
        for ring in rings {
            guard ring.maxX * scaleX + offsetX >= 0, ring.minX * scaleX + offsetX <= width,
                ring.maxY * scaleY + offsetY >= 0, ring.minY * scaleY + offsetY <= height
            else { continue }
            xs.removeAll(keepingCapacity: true)
            ys.removeAll(keepingCapacity: true)
            for index in 0..<ring.count {
                xs.append(ring.xs[index] * scaleX + offsetX)
                ys.append(ring.ys[index] * scaleY + offsetY)
            }
            var previous = ring.count - 1
            for index in 0..<ring.count {
                filler.addEdge(x0: xs[previous], y0: ys[previous], x1: xs[index], y1: ys[index])
                if ring.isCoast[previous] {
                    coast.drawLine(x0: xs[previous], y0: ys[previous], x1: xs[index], y1: ys[index])
                }
                previous = index
            }
        }
        filler.fill(&fill)
        return (fill, coast)
    }
}
