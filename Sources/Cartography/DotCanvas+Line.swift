extension DotCanvas {
    /// Draws a straight line between two points in dot coordinates, clipped to the canvas first, so
    /// a segment far off screen at a deep zoom costs no more than one that is visible.
    public mutating func drawLine(x0: Double, y0: Double, x1: Double, y1: Double) {
        guard
            let clipped = Self.clip(
                x0: x0, y0: y0, x1: x1, y1: y1, width: Double(width), height: Double(height))
        else { return }
        let dx = clipped.x1 - clipped.x0
        let dy = clipped.y1 - clipped.y0
        let steps = Int(max(abs(dx), abs(dy)).rounded(.up))
        guard steps > 0 else {
            set(x: Int(clipped.x0), y: Int(clipped.y0))
            return
        }
        let stepX = dx / Double(steps)
        let stepY = dy / Double(steps)
        let (address, width, height) = (address, width, height)
        patterns.withUnsafeMutableBufferPointer { cells in
            for step in 0...steps {
                let x = Int((clipped.x0 + Double(step) * stepX).rounded(.down))
                let y = Int((clipped.y0 + Double(step) * stepY).rounded(.down))
                guard x >= 0, y >= 0, x < width, y < height else { continue }
                cells[address.cell(x: x, y: y)] |= address.bit(x: x, y: y)
            }
        }
    }

    /// Liang–Barsky clipping of a segment to `[0, width) × [0, height)`.
    static func clip(
        x0: Double, y0: Double, x1: Double, y1: Double, width: Double, height: Double
    ) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        let limitX = width - 1e-9
        let limitY = height - 1e-9
        let dx = x1 - x0
        let dy = y1 - y0
        var enter = 0.0
        var leave = 1.0
        guard Self.narrow(&enter, &leave, p: -dx, q: x0),
            Self.narrow(&enter, &leave, p: dx, q: limitX - x0),
            Self.narrow(&enter, &leave, p: -dy, q: y0), Self.narrow(&enter, &leave, p: dy, q: limitY - y0)
        else { return nil }
        return (x0 + enter * dx, y0 + enter * dy, x0 + leave * dx, y0 + leave * dy)
    }

    /// One Liang–Barsky boundary test: narrows `[enter, leave]`; false when nothing is left.
    private static func narrow(_ enter: inout Double, _ leave: inout Double, p: Double, q: Double)
        -> Bool
    {
        if p == 0 { return q >= 0 }
        let t = q / p
        if p < 0 {
            if t > leave { return false }
            enter = max(enter, t)
        } else {
            if t < enter { return false }
            leave = min(leave, t)
        }
        return true
    }
}
