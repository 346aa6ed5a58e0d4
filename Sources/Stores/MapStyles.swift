import Cartography
import TerminalUI

/// The map's colours by cell kind: water dim blue, land green, coasts bright green, markers bright.
///
/// Markers also carry bold or reverse, so they stand out under `NO_COLOR`.
public enum MapStyles {
    public static let water = Style(foreground: .blue, attributes: [.dim])
    public static let land = Style(foreground: .green)
    public static let coast = Style(foreground: .brightGreen)
    public static let store = Style(foreground: .brightRed, attributes: [.bold])
    public static let favourite = Style(foreground: .brightYellow, attributes: [.bold])
    public static let cluster = Style(foreground: .brightMagenta, attributes: [.bold])
    public static let selected = Style(foreground: .brightWhite, background: .red, attributes: [.bold, .reverse])

    /// The style of a cell of `kind`.
    public static func style(for kind: MapCellKind) -> Style {
        switch kind {
        case .water: water
        case .land: land
        case .coast: coast
        case .store: store
        case .favourite: favourite
        case .cluster: cluster
        case .selected: selected
        }
    }
}
