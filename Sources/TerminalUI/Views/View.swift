/// Something drawn into an area of a cell buffer from its own values alone, as ratatui's `Widget`. Every
/// view of TerminalUI has this shape (or `StatefulView`'s); what a caller needs to know besides the drawing
/// (where a box's inside is, where a field's cursor goes) it asks with a separate query.
public protocol View {
    func render(in area: Rect, into buffer: inout CellBuffer)
}

/// A view drawn with state its owner keeps between frames (a list's selection and scroll offset), as ratatui's
/// `StatefulWidget`: rendering may move the state to keep what matters in view, and changes nothing else.
public protocol StatefulView {
    associatedtype State
    func render(in area: Rect, state: inout State, into buffer: inout CellBuffer)
}
