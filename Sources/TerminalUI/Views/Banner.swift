import Foundation
import TextWidth

/// A transient message across the top of the screen (like a notification banner) that expires.
public struct Banner: Hashable, Sendable {
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

/// A one-line status bar: text on the left, text on the right.
public struct StatusLine: Sendable {
    public var left: String
    public var right: String
    public var style: Style

    public init(left: String, right: String = "", style: Style = Theme.bar) {
        self.left = left
        self.right = right
        self.style = style
    }

    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.height > 0 else { return }
        let row = area.splitTop(1).top
        buffer.fill(row, style: style)
        let rightWidth = min(TextWidth.of(right), row.width)
        let leftRoom = max(0, row.width - rightWidth - (rightWidth > 0 ? 1 : 0))
        buffer.put(TextWidth.truncate(left, to: leftRoom), x: row.x, y: row.y, style: style, clip: row)
        if rightWidth > 0 {
            buffer.put(
                TextWidth.truncate(right, to: rightWidth), x: row.maxX - rightWidth, y: row.y, style: style,
                clip: row)
        }
    }
}

/// The help bar: `key label` pairs generated from key-binding tables, as many as fit.
public struct HelpBar: Sendable {
    public var items: [HelpItem]
    /// An item that always shows at the end (`? keys`): the others stop early to leave room for it.
    public var pinned: HelpItem?

    public init(items: [HelpItem], pinned: HelpItem? = nil) {
        self.items = items
        self.pinned = pinned
    }

    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.height > 0 else { return }
        let row = area.splitTop(1).top
        buffer.fill(row)
        let reserved = pinned.map(Self.width) ?? 0
        var x = row.x
        for item in items {
            if x + Self.width(item) + reserved > row.maxX { break }
            x = put(item, x: x, row: row, into: &buffer)
        }
        if let pinned, x + reserved <= row.maxX { _ = put(pinned, x: x, row: row, into: &buffer) }
    }

    private static func width(_ item: HelpItem) -> Int { TextWidth.of(item.keys) + TextWidth.of(item.label) + 2 }

    private func put(_ item: HelpItem, x: Int, row: Rect, into buffer: inout CellBuffer) -> Int {
        let after = buffer.put(item.keys, x: x, y: row.y, style: Theme.key, clip: row)
        return buffer.put(" \(item.label) ", x: after, y: row.y, style: Theme.helpLabel, clip: row)
    }
}

/// Shown instead of the UI when the terminal is smaller than the layout needs.
public struct TooSmallScreen: Sendable {
    public var minimum: Size

    public init(minimum: Size) { self.minimum = minimum }

    public func render(in area: Rect, into buffer: inout CellBuffer) {
        buffer.fill(area)
        let lines = [
            "terminal too small (needs \(minimum.width)×\(minimum.height))",
            "now \(area.width)×\(area.height)",
            "enlarge the window · F10 quits",
        ]
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let shown = TextWidth.truncate(line, to: area.width)
            let x = area.x + max(0, (area.width - TextWidth.of(shown)) / 2)
            buffer.put(shown, x: x, y: top + index, style: index == 0 ? Theme.accent : Theme.text)
        }
    }
}
