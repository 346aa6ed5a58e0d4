import TextWidth

/// Accumulates laid-out lines: indentation, list markers, collapsed blank lines and anchor positions.
struct LineWriter {
    private(set) var lines: [TextLine] = []
    private(set) var anchors: [String: Int] = [:]
    private var pendingAnchors: [String] = []
    private var wantsGap = false
    /// A list marker that replaces the indentation of the next line, right-aligned before its text.
    var pendingMarker: String?
    /// Centring or right alignment of the lines written, within `width` columns.
    var alignment: (TextAlignment, width: Int)?
    /// What tables too wide for the width become.
    var wideTables: WideTableLayout

    init(wideTables: WideTableLayout = .linearise) {
        self.wideTables = wideTables
    }

    /// Asks for one blank line before the next line (collapses with other requests; none at the top).
    mutating func requestGap() { wantsGap = true }

    /// Records an anchor at the next line written.
    mutating func anchor(_ name: String) { pendingAnchors.append(name) }

    /// Writes a line of spans after `indent` columns of space (or the pending marker).
    mutating func write(_ spans: [TextSpan], indent: Int, preformatted: Bool = false) {
        if wantsGap, let last = lines.last, !last.spans.isEmpty {
            lines.append(TextLine())
        }
        wantsGap = false
        for name in pendingAnchors where anchors[name] == nil { anchors[name] = lines.count }
        pendingAnchors.removeAll()
        var prefix = String.spaces(indent)
        if let marker = pendingMarker {
            let width = TextWidth.of(marker) + 1
            prefix = String.spaces(max(0, indent - width)) + marker + " "
            pendingMarker = nil
        }
        if let (alignment, width) = alignment, !preformatted, !spans.isEmpty {
            let room = width - DisplayWidth.of(prefix) - spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
            let shift = alignment == .center ? room / 2 : room
            if shift > 0 { prefix += String.spaces(shift) }
        }
        var line = TextLine(spans: spans, isPreformatted: preformatted)
        if !prefix.isEmpty { line.spans.insert(TextSpan(text: prefix), at: 0) }
        lines.append(line)
    }

    /// Appends lines laid out elsewhere (table rows), moving their anchors along.
    mutating func write(lines block: [TextLine], anchors blockAnchors: [String: Int]) {
        if wantsGap, let last = lines.last, !last.spans.isEmpty, !block.isEmpty {
            lines.append(TextLine())
        }
        wantsGap = false
        for name in pendingAnchors where anchors[name] == nil { anchors[name] = lines.count }
        pendingAnchors.removeAll()
        for (name, index) in blockAnchors where anchors[name] == nil {
            anchors[name] = lines.count + index
        }
        lines.append(contentsOf: block)
    }

    /// Laid-out lines and the line each anchor is on.
    struct Output: Sendable {
        var lines: [TextLine]
        var anchors: [String: Int]
    }

    /// The finished lines; anchors never followed by a line point past the end (clamped to the last line).
    mutating func finish() -> Output {
        for name in pendingAnchors where anchors[name] == nil {
            anchors[name] = max(0, lines.count - 1)
        }
        pendingAnchors.removeAll()
        while let last = lines.last, last.spans.isEmpty { lines.removeLast() }
        return Output(lines: lines, anchors: anchors)
    }
}
