import HTMLText
import TextWidth

/// Where a link's text (or a form field's box) sits on a laid-out page: one stretch of one line (a wrapped
/// link has several).
public struct LinkSpot: Hashable, Sendable {
    /// The link's or field's number, as shown in `[n]`.
    public var number: Int
    public var line: Int
    /// First display column of the stretch.
    public var column: Int
    /// Width in display columns.
    public var width: Int

    /// Every stretch of linked text and every field on `lines`, in reading order.
    public static func spots(in lines: [TextLine]) -> [LinkSpot] {
        var spots: [LinkSpot] = []
        for (index, line) in lines.enumerated() {
            var column = 0
            for span in line.spans {
                let width = TextWidth.of(span.text)
                defer { column += width }
                guard let number = span.style.link ?? span.style.field, width > 0 else { continue }
                if let last = spots.last, last.number == number, last.line == index,
                    last.column + last.width == column
                {
                    spots[spots.count - 1].width += width
                } else {
                    spots.append(LinkSpot(number: number, line: index, column: column, width: width))
                }
            }
        }
        return spots
    }
}
