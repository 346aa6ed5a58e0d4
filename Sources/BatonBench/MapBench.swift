import BatonEnvironment
import BenchFigures
import Cartography
import Foundation
import Stores
import TerminalUI

/// The map benchmark `baton bench map`: full-screen world frames and pan steps at 200×60, each run two ways.
///
/// `tight` renders back to back (the figure before issue 25; under load it measures the scheduler as much as
/// the frame). `paced` renders one frame every `keyRepeatMs` with the thread asleep between, as the suite does
/// for a held arrow key: its loop sleeps in `poll`, wakes for the key, renders one frame, and sleeps again.
/// Each frame is timed from its start by the wall clock and by the thread's CPU clock (`…_cpu`): a wall p99 far
/// above the CPU p99 is waiting for a core, not work.
enum MapBench {
    /// The canvas the budget names (≤ 5 ms a frame).
    static let size = MapSize(columns: 200, rows: 60)
    /// A held key's repeat interval for the paced runs (40 per second; X's default is 25, terminals 30–40).
    static let keyRepeatMs = 25.0

    /// The figures for `iterations` frames of each kind, tight and paced.
    static func run(iterations: Int) throws -> [BenchFigure] {
        let scene = try Scene()
        var figures: [BenchFigure] = []
        for pacing in [FramePacing.tight, .paced(milliseconds: keyRepeatMs)] {
            let suffix = pacing == .tight ? "" : "_paced"
            figures += Self.figures(
                "world_frame_200x60" + suffix,
                FrameSampler.sample(count: iterations, pacing: pacing) { _ in
                    scene.renderWorld()
                })
            let pan = PanWalk(size: size)
            figures += Self.figures(
                "pan_step_200x60" + suffix,
                FrameSampler.sample(count: iterations, pacing: pacing) { _ in
                    scene.render(pan.next())
                })
            if pacing != .tight {
                let screen = MapScreen(size: size)
                let walk = PanWalk(size: size)
                figures += Self.figures(
                    "pan_step_to_screen_200x60" + suffix,
                    FrameSampler.sample(count: iterations, pacing: pacing) { _ in
                        screen.present(scene.renderer.render(viewport: walk.next(), size: size, stores: scene.stores))
                    })
                figures.append(
                    BenchFigure(
                        benchmark: "map", metric: "paced_wake_lateness", unit: "ms",
                        samples: FrameSampler.sample(count: iterations, pacing: pacing) { _ in }.map(\.wakeLatenessMs),
                        budget: "how late the thread woke (not in the frame's time)"))
            }
        }
        return figures
    }

    private static func figures(_ metric: String, _ samples: [FrameSample]) -> [BenchFigure] {
        [
            BenchFigure(benchmark: "map", metric: metric, unit: "ms", samples: samples.map(\.wallMs), budget: "≤ 5 ms"),
            BenchFigure(
                benchmark: "map", metric: metric + "_cpu", unit: "ms", samples: samples.map(\.cpuMs),
                budget: "the thread's CPU time in the frame"),
        ]
    }

    /// Pan steps a quarter view east at zoom 2, wrapping back to the start at the world's edge.
    final class PanWalk {
        let size: MapSize
        let start: MapViewport
        var viewport: MapViewport

        init(size: MapSize) {
            self.size = size
            start = MapViewport(center: GeoCoordinate(latitude: 30, longitude: -150), zoom: 2).clamped(to: size)
            viewport = start
        }

        func next() -> MapViewport {
            let next = viewport.panned(byWidths: 0.25, heights: 0, size: size)
            viewport = next == viewport ? start : next
            return viewport
        }
    }

    /// The rest of a pan key's frame in the suite: the map view copies the cells into a frame buffer and the
    /// renderer sends the difference from the last frame (to a headless terminal here, not ncurses).
    final class MapScreen {
        let size: MapSize
        let renderer: FrameRenderer

        init(size: MapSize) {
            self.size = size
            renderer = FrameRenderer(backend: HeadlessTerminal(size: Size(width: size.columns, height: size.rows)))
        }

        func present(_ frame: MapFrame) {
            var buffer = CellBuffer(size: Size(width: size.columns, height: size.rows))
            MapCanvasView(frame: frame).render(at: Point(x: 0, y: 0), into: &buffer)
            _ = renderer.present(buffer)
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

        func renderWorld() { render(MapViewport.world.clamped(to: MapBench.size)) }

        func render(_ viewport: MapViewport) {
            _ = renderer.render(viewport: viewport, size: MapBench.size, stores: stores)
        }
    }
}
