import Cartography
import TerminalUI

/// Draws a rendered map frame into the cell buffer, coloured by cell kind.
public struct MapCanvasView {
    public let frame: MapFrame

    public init(frame: MapFrame) {
        self.frame = frame
    }

    /// Copies every cell of the frame into `buffer` with its top-left corner at `origin`.
    public func render(at origin: Point, into buffer: inout CellBuffer) {
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
