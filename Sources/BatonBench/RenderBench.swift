import BatonEnvironment
import BenchFigures
import Foundation
import Synchronization
import TerminalUI

/// `baton bench render`: how long a busy 200×60 frame takes to draw and diff headlessly, and how many
/// bytes reach a real pseudo-terminal through ncurses for a one-cell change versus a full repaint.
enum RenderBench {
    static let size = Size(width: 200, height: 60)

    static func run(iterations: Int) throws -> [BenchFigure] {
        var figures: [BenchFigure] = []
        figures.append(
            BenchFigure(
                benchmark: "render", metric: "frame_200x60", unit: "ms", samples: headlessFrames(iterations),
                budget: "frame well under 16 ms"))
        let bytes = try PseudoTerminalBytes.measure(
            frames: { busyFrame(tick: $0) }, size: size, repeats: max(5, iterations / 20))
        figures.append(
            BenchFigure(benchmark: "render", metric: "one_cell_change", unit: "bytes", samples: bytes.oneCell))
        figures.append(BenchFigure(benchmark: "render", metric: "full_repaint", unit: "bytes", samples: bytes.full))
        let ratios = zip(bytes.full, bytes.oneCell).map { $0 / max(1, $1) }
        figures.append(
            BenchFigure(
                benchmark: "render", metric: "full_over_one_cell", unit: "ratio", samples: ratios,
                budget: "a keystroke writes a diff, never a full repaint"))
        return figures
    }

    /// Draws and presents `iterations` busy frames (each differing a little) on the headless backend.
    static func headlessFrames(_ iterations: Int) -> [Double] {
        let terminal = HeadlessTerminal(size: size)
        let renderer = FrameRenderer(backend: terminal)
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for tick in 0..<iterations {
            let start = clock.now
            renderer.present(busyFrame(tick: tick))
            samples.append((clock.now - start).fractionalMilliseconds)
        }
        return samples
    }

    /// A frame with every cell used: tab bar, a styled list, wrapped prose with CJK and emoji, a popover.
    static func busyFrame(tick: Int) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        let screen = buffer.bounds
        TabBar(titles: ["Weather ☀️", "Favorites", "Coffee ☕", "Work", "東京", "Tab \(tick % 9)"], selected: tick % 6)
            .render(in: screen.splitTop(1).top, into: &buffer)
        let body = screen.inset(top: 1, bottom: 2)
        let (left, right) = body.splitLeft(70)
        var list = ListState(selected: tick % 58)
        let rows = (0..<120).map { i in
            StyledLine([
                .init(i % 7 == 0 ? "★ " : "  ", Theme.accent), .init("Apple Store \(i) ", Theme.text),
                .init(["銀座", "Regent Street", "Union Square", "Champs-Élysées 🇫🇷"][i % 4], Theme.muted),
            ])
        }
        ListView(rows: rows).render(in: left, state: &list, into: &buffer)
        let prose = (0..<60).map { i in
            StyledLine([
                .init("[\(i + tick % 3)] ", Theme.link),
                .init(
                    "The quick brown fox jumps over the lazy dog — 日本語のテキスト 😀 line \(i) ",
                    i % 2 == 0 ? Theme.text : Theme.heading),
                .init(String(repeating: "·", count: 60), Theme.muted),
            ])
        }
        var scroll = ScrollState(top: tick % 5)
        ScrollView(lines: prose).render(in: right, state: &scroll, into: &buffer)
        Popover(
            title: "Apple Ginza", lines: ["4-2-2 Ginza, Chūō-ku", "東京都 104-0061", StyledLine("★ Favourite \(tick)")]
        )
        .render(in: body, into: &buffer)
        StatusLine(left: "frame \(tick)", right: "200×60").render(
            in: screen.splitBottom(2).bottom.splitTop(1).top, into: &buffer)
        HelpBar(items: [HelpItem(keys: "F1", label: "MonkeyBrowser"), HelpItem(keys: "F10", label: "Quit")])
            .render(in: screen.splitBottom(1).bottom, into: &buffer)
        return buffer
    }
}
