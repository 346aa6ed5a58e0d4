import TerminalUI

/// A frame's styles as text, for golden files: one letter per cell (the same letter for the same style), and a
/// legend naming each letter's colours and attributes. A change of colour or reverse video changes the layer.
public enum StyleLayer {
    /// The letters, row by row, then the legend.
    public static func lines(of buffer: CellBuffer) -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var order: [Style] = []
        var rows: [String] = []
        for y in 0..<buffer.size.height {
            var row = ""
            for x in 0..<buffer.size.width {
                let style = buffer[x, y].style
                let index =
                    order.firstIndex(of: style)
                    ?? {
                        order.append(style)
                        return order.count - 1
                    }()
                row.append(index < letters.count ? letters[index] : "?")
            }
            rows.append(row)
        }
        let legend = order.prefix(letters.count).enumerated().map { index, style in
            "\(letters[index]) = \(describe(style))"
        }
        return rows + ["--- legend ---"] + legend
    }

    static func describe(_ style: Style) -> String {
        var text = "\(describe(style.foreground)) on \(describe(style.background))"
        let names: [(TextAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse"),
        ]
        let attributes = names.filter { style.attributes.contains($0.0) }.map(\.1)
        if !attributes.isEmpty { text += ", " + attributes.joined(separator: " ") }
        return text
    }

    static func describe(_ color: Color) -> String {
        switch color {
        case .default: "default"
        case .indexed(let index): "colour \(index)"
        }
    }
}
