/// The suite's styles in one place, so colour and no-colour modes stay consistent.
///
/// Every distinction also carries an attribute (bold, reverse, underline), so it survives `NO_COLOR`.
public enum Theme {
    public static let bar = Style(foreground: .black, background: .cyan)
    public static let barSelected = Style(
        foreground: .brightWhite, background: .blue, attributes: [.bold, .reverse])
    public static let barDim = Style(foreground: .brightBlack, background: .cyan)
    public static let title = Style(foreground: .brightCyan, attributes: [.bold])
    public static let heading = Style(foreground: .brightWhite, attributes: [.bold, .underline])
    public static let text = Style.plain
    public static let muted = Style(foreground: .brightBlack)
    public static let key = Style(foreground: .black, background: .white, attributes: [.bold])
    public static let helpLabel = Style(foreground: .brightWhite, background: .default)
    public static let selection = Style(
        foreground: .black, background: .brightCyan, attributes: [.reverse])
    public static let selectionUnfocused = Style(attributes: [.reverse, .dim])
    public static let border = Style(foreground: .cyan)
    public static let link = Style(foreground: .brightBlue, attributes: [.underline])
    public static let info = Style(foreground: .black, background: .brightGreen, attributes: [.bold])
    public static let warning = Style(
        foreground: .black, background: .brightYellow, attributes: [.bold])
    public static let error = Style(foreground: .brightWhite, background: .red, attributes: [.bold])
    public static let dock = Style(foreground: .black, background: .brightYellow, attributes: [.bold])
    public static let field = Style(
        foreground: .brightWhite, background: .brightBlack, attributes: [.underline])
    public static let accent = Style(foreground: .brightYellow, attributes: [.bold])
}
