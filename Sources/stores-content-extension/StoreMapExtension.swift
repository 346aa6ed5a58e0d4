import Cartography
import Foundation
import NotificationContentExtensionKit
import Notifications

/// Stores' content extension: a "near this store" notification (category `store`, a location trigger)
/// expanded shows a small braille map around the store, drawn by the Stores map renderer: the store (`●`),
/// the trigger's region as a ring of braille dots and, when the device's position is known and on the map,
/// the device (`◎`).
struct StoreMapExtension: NotificationContentExtension {
    static let storeMark: Character = "●"
    static let deviceMark: Character = "◎"
    /// The map shows this many times the region's radius on each side of the store.
    static let margin = 1.4

    mutating func didReceive(_ request: ContentExtensionRequest, context: NotificationContentContext)
        -> ContentDrawing
    {
        guard case .location(let region, _)? = request.notification.request.trigger else {
            return ContentDrawing(text: ["This notification names no place."], style: .muted)
        }
        // The world's land only: the finer coast around the stores (`LandDetail`, 1.5 MB of GeoJSON) alone takes
        // the extension to 28 MB, over its 24 MB budget.
        guard let resources = request.resourcesPath,
            let land = try? LandGeometry(
                contentsOf: URL(fileURLWithPath: resources, isDirectory: true).appendingPathComponent(
                    "Stores/\(LandGeometry.fileName)"))
        else {
            return ContentDrawing(text: ["The map's data is not installed."], style: .muted)
        }
        let device = request.devicePosition.map { GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let size = MapSize(columns: max(10, min(request.width, 60)), rows: max(3, request.height - 1))
        return ContentDrawing(lines: Self.map(land: land, region: region, device: device, size: size))
    }

    /// The map's rows with the marks, then a line saying what they are.
    static func map(land: LandGeometry, region: Region, device: GeoCoordinate?, size: MapSize) -> [[ContentRun]] {
        let store = GeoCoordinate(latitude: region.latitude, longitude: region.longitude)
        let across = 2 * margin * region.radius / metresPerDegree
        let viewport = MapViewport(
            region: CoordinateRegion(
                center: store,
                span: CoordinateSpan(
                    latitudeDelta: across, longitudeDelta: across / max(0.01, cos(store.latitude * .pi / 180)))),
            size: size)
        let frame = MapRenderer(land: land).render(viewport: viewport, size: size)
        let transform = viewport.transform(for: size)
        let ring = Self.ring(around: store, radius: region.radius, transform: transform)
        var marks: [Int: (Character, ContentStyle)] = [:]
        if let device, let cell = transform.cell(of: device) {
            marks[cell.row * size.columns + cell.column] = (deviceMark, .accent)
        }
        if let cell = transform.cell(of: store) { marks[cell.row * size.columns + cell.column] = (storeMark, .title) }
        var lines: [[ContentRun]] = []
        for row in 0..<size.rows {
            var runs: [ContentRun] = []
            for column in 0..<size.columns {
                let dots = ring.pattern(column: column, row: row)
                let cell: (Character, ContentStyle) =
                    marks[row * size.columns + column]
                    ?? (dots != 0
                        ? (ring.encoding.character(pattern: dots), .link) : (frame[column, row].character, .muted))
                if let last = runs.last, last.style == cell.1 {
                    runs[runs.count - 1].text.append(cell.0)
                } else {
                    runs.append(ContentRun(String(cell.0), style: cell.1))
                }
            }
            lines.append(runs)
        }
        let kilometres = region.radius >= 1000 ? "\(Int(region.radius / 1000)) km" : "\(Int(region.radius)) m"
        var legend = [
            ContentRun("\(storeMark) the store", style: .title), ContentRun("  ring: \(kilometres)", style: .link),
        ]
        if let device {
            legend.append(ContentRun("  \(deviceMark) you", style: .accent))
            if transform.cell(of: device) == nil { legend.append(ContentRun(" (off the map)", style: .muted)) }
        }
        lines.append(legend)
        return lines
    }

    static let metresPerDegree = 111_320.0

    /// The region's edge as braille dots: a point every half degree of bearing.
    static func ring(around center: GeoCoordinate, radius: Double, transform: ViewportTransform) -> DotCanvas {
        var canvas = DotCanvas(size: transform.size, encoding: .braille)
        let across = Double(canvas.encoding.dotsAcross)
        let down = Double(canvas.encoding.dotsDown)
        let latitudeScale = radius / metresPerDegree
        let longitudeScale = radius / (metresPerDegree * max(0.01, cos(center.latitude * .pi / 180)))
        for step in 0..<720 {
            let bearing = Double(step) * .pi / 360
            let point = WebMercator.project(
                latitude: center.latitude + latitudeScale * cos(bearing),
                longitude: center.longitude + longitudeScale * sin(bearing))
            let x = Int((transform.column(ofX: point.x) * across).rounded(.down))
            let y = Int((transform.row(ofY: point.y) * down).rounded(.down))
            guard x >= 0, y >= 0, x < canvas.width, y < canvas.height else { continue }
            canvas.set(x: x, y: y)
        }
        return canvas
    }
}
