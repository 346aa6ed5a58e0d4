import Testing

@testable import Cartography

@Suite struct DotCanvasTests {
    @Test func brailleDotBitsFollowUnicode() {
        // Dots 1-2-3 run down the left column, 4-5-6 down the right, 7 and 8 are the bottom row.
        let expected: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        for y in 0..<4 {
            for x in 0..<2 { #expect(CellEncoding.brailleBit(x: x, y: y) == expected[y][x]) }
        }
    }

    @Test func brailleCharacters() {
        #expect(CellEncoding.braille.character(pattern: 0) == "\u{2800}")
        #expect(CellEncoding.braille.character(pattern: 0xFF) == "⣿")
        // Pattern bits are row-major: bit 0 top-left, bit 1 top-right, bit 6 bottom-left.
        #expect(CellEncoding.braille.character(pattern: 0b0000_0001) == "⠁")
        #expect(CellEncoding.braille.character(pattern: 0b0000_0010) == "⠈")
        #expect(CellEncoding.braille.character(pattern: 0b0100_0000) == "⡀")
        #expect(CellEncoding.braille.character(pattern: 0b0101_0101) == "⡇")
    }

    @Test func blockCharacters() {
        #expect(CellEncoding.quadrants.character(pattern: 0b0001) == "▘")
        #expect(CellEncoding.quadrants.character(pattern: 0b1001) == "▚")
        #expect(CellEncoding.quadrants.character(pattern: 0b1111) == "█")
        #expect(CellEncoding.halfBlocks.character(pattern: 0b01) == "▀")
        #expect(CellEncoding.halfBlocks.character(pattern: 0b10) == "▄")
    }

    @Test func setDotsShowInTheirCell() {
        var canvas = DotCanvas(size: MapSize(columns: 2, rows: 1), encoding: .braille)
        canvas.set(x: 2, y: 0)
        canvas.set(x: 3, y: 3)
        canvas.set(x: -1, y: 0)
        canvas.set(x: 4, y: 0)
        #expect(canvas.lines == ["\u{2800}⢁"])
    }

    @Test func fillsASquare() {
        var canvas = DotCanvas(size: MapSize(columns: 4, rows: 2), encoding: .braille)
        var filler = ScanlineFiller(height: canvas.height)
        filler.addRing([(2, 2), (6, 2), (6, 6), (2, 6)])
        filler.fill(&canvas)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                #expect(canvas[x, y] == ((2..<6).contains(x) && (2..<6).contains(y)), "dot \(x),\(y)")
            }
        }
        #expect(canvas.lines == ["⠀⣤⣤⠀", "⠀⠛⠛⠀"])
    }

    @Test func fillsEvenOddAroundAHole() {
        var canvas = DotCanvas(size: MapSize(columns: 4, rows: 2), encoding: .braille)
        var filler = ScanlineFiller(height: canvas.height)
        filler.addRing([(0, 0), (8, 0), (8, 8), (0, 8)])
        filler.addRing([(2, 2), (6, 2), (6, 6), (2, 6)])
        filler.fill(&canvas)
        #expect(canvas[1, 1] && canvas[7, 7])
        #expect(!canvas[3, 3] && !canvas[5, 5])
        #expect(canvas.lines == ["⣿⠛⠛⣿", "⣿⣤⣤⣿"])
    }

    @Test func fillClipsToTheCanvas() {
        var canvas = DotCanvas(size: MapSize(columns: 1, rows: 1), encoding: .quadrants)
        var filler = ScanlineFiller(height: canvas.height)
        filler.addRing([(-1000, -1000), (1000, -1000), (1000, 1000), (-1000, 1000)])
        filler.fill(&canvas)
        #expect(canvas.lines == ["█"])
    }

    @Test func drawsAndClipsLines() {
        var canvas = DotCanvas(size: MapSize(columns: 2, rows: 1), encoding: .braille)
        canvas.drawLine(x0: -100, y0: 0.5, x1: 100, y1: 0.5)
        #expect(canvas.lines == ["⠉⠉"])
        var diagonal = DotCanvas(size: MapSize(columns: 2, rows: 1), encoding: .braille)
        diagonal.drawLine(x0: 0.5, y0: 0.5, x1: 3.5, y1: 3.5)
        #expect(diagonal.lines == ["⠑⢄"])
        var outside = DotCanvas(size: MapSize(columns: 2, rows: 1), encoding: .braille)
        outside.drawLine(x0: -5, y0: -5, x1: 50, y1: -1)
        #expect(outside.lines == ["\u{2800}\u{2800}"])
    }
}
