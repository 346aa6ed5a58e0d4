import BatonEnvironment
import Cartography
import Foundation

/// The map benchmark `baton bench map` runs: full-screen world frames and pan steps at 200×60.
enum MapBench {
    /// The canvas the budget names (≤ 5 ms a frame).
    static let size = MapSize(columns: 200, rows: 60)

    /// Milliseconds per frame for `iterations` world frames (zoom 0, every store marked).
    static func run(iterations: Int) throws -> [Double] {
        let scene = try Scene()
        let world = MapViewport.world.clamped(to: size)
        return (0..<max(iterations, 0)).map { _ in
            time { _ = scene.renderer.render(viewport: world, size: size, stores: scene.stores) }
        }
    }

    /// Milliseconds per frame for `iterations` pan steps (a quarter view east at zoom 2, wrapping back).
    static func runPan(iterations: Int) throws -> [Double] {
        let scene = try Scene()
        let start = MapViewport(center: GeoCoordinate(latitude: 30, longitude: -150), zoom: 2).clamped(
            to: size)
        var viewport = start
        return (0..<max(iterations, 0)).map { _ in
            let next = viewport.panned(byWidths: 0.25, heights: 0, size: size)
            viewport = next == viewport ? start : next
            return time {
                _ = scene.renderer.render(viewport: viewport, size: size, stores: scene.stores)
            }
        }
    }

    private struct Scene {
        let renderer: MapRenderer
        let stores: [StoreRecord]

        init() throws {
            let resources = try ResourceLocator.requireResources()
            renderer = MapRenderer(land: try LandGeometry(resourcesDirectory: resources))
            stores = try StoreDataset(resourcesDirectory: resources).stores
        }
    }

    private static func time(_ body: () -> Void) -> Double {
        ContinuousClock().measure(body).fractionalMilliseconds
    }
}
