import Foundation
import TextWidth

/// A transient message across the top of the screen (like a notification banner) that expires.
public struct Banner: View, Hashable, Sendable {
    /// How the banner looks.
    public enum Kind: Hashable, Sendable {
        case info, warning, error
    }

    public var text: String
    public var kind: Kind
    public var expires: Date

    public init(_ text: String, kind: Kind = .info, duration: TimeInterval = 4, now: Date = Date()) {
        self.text = text
        self.kind = kind
        expires = now.addingTimeInterval(duration)
    }

    public var style: Style {
        switch kind {
        case .info: Theme.info
        case .warning: Theme.warning
        case .error: Theme.error
        }
    }

    /// Draws the banner on the first row of `area`.
    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.height > 0 else { return }
        let row = area.splitTop(1).top
        buffer.fill(row, style: style)
        buffer.put(
            TextWidth.truncate(" \(text)", to: row.width), x: row.x, y: row.y, style: style, clip: row)
    }
}
