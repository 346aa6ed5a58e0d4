import Cartography
import Foundation
import NotificationContentExtensionKit
import Notifications

/// Stores' content extension: a "near this store" notification (category `store`, a location trigger)
/// expanded shows a small braille map around the store, drawn by the Stores map renderer, with the store
/// (`●`) and, when the device's position is known and on the map, the device (`◎`).
struct StoreMapExtension: NotificationContentExtension {
    /// About 4 km across at 40 columns: the store's neighbourhood, the 1 km region around it readable.
    static let zoom = 12.0
    static let storeMark: Character = "●"
    static let deviceMark: Character = "◎"

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
        let store = GeoCoordinate(latitude: region.latitude, longitude: region.longitude)
        let device = request.devicePosition.map { GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let size = MapSize(columns: max(10, min(request.width, 60)), rows: max(3, request.height - 1))
        return ContentDrawing(lines: Self.map(land: land, store: store, device: device, size: size))
    }

    /// The map's rows with the marks, then a line saying what they are.
    static func map(land: LandGeometry, store: GeoCoordinate, device: GeoCoordinate?, size: MapSize)
        -> [[ContentRun]]
    {
        let viewport = MapViewport(center: store, zoom: zoom)
        var renderer = MapRenderer(land: land)
        renderer.lightLandFromZoom = .infinity  // land in braille dots at every zoom: the marks stand out alone
        let frame = renderer.render(viewport: viewport, size: size)
        let transform = viewport.transform(for: size)
        var marks: [Int: (Character, ContentStyle)] = [:]
        if let device, let cell = transform.cell(of: device) {
            marks[cell.row * size.columns + cell.column] = (deviceMark, .accent)
        }
        if let cell = transform.cell(of: store) { marks[cell.row * size.columns + cell.column] = (storeMark, .title) }
        var lines: [[ContentRun]] = []
        for row in 0..<size.rows {
            var runs: [ContentRun] = []
            for column in 0..<size.columns {
                let (character, style) = marks[row * size.columns + column] ?? (frame[column, row].character, .muted)
                if let last = runs.last, last.style == style {
                    runs[runs.count - 1].text.append(character)
                } else {
                    runs.append(ContentRun(String(character), style: style))
                }
            }
            lines.append(runs)
        }
        var legend = [ContentRun("\(storeMark) the store", style: .title)]
        if device != nil {
            legend.append(ContentRun("  \(deviceMark) you", style: .accent))
            if transform.cell(of: device ?? store) == nil {
                legend.append(ContentRun(" (off the map)", style: .muted))
            }
        }
        lines.append(legend)
        return lines
    }
}
