import Cartography
import TerminalUI

/// Draws a rendered map frame into the cell buffer, coloured by cell kind.
struct MapCanvasView {
    let frame: MapFrame

    func render(at origin: Point, into buffer: inout CellBuffer) {
        let columns = frame.size.columns
        for row in 0..<frame.size.rows {
            for column in 0..<columns {
                let cell = frame.cells[row * columns + column]
                buffer[origin.x + column, origin.y + row] = Cell(
                    grapheme: String(cell.character), width: 1, style: MapStyles.style(for: cell.kind))
            }
        }
    }
}
