import Foundation
import TerminalUI

/// Something the shell draws over every destination and asks first about keys: the notification banners,
/// the badges beside app names and the Do Not Disturb moon in the top bar.
public protocol ShellOverlay: SuiteApp {
    /// A key before the shell's own bindings and the active app see it; true when the overlay used it.
    func handleOverlayKey(_ press: KeyPress, context: SuiteContext) -> Bool
    /// Draws over the content area (banners at its top, a modal in its middle); returns the cursor if it has one.
    func renderOverlay(in content: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point?
    /// The badge shown beside an app's name in the top bar (nil or 0: none).
    func badge(forApp name: String) -> Int?
    /// A short mark on the right of the top bar, before the device name (the moon of Do Not Disturb).
    var topBarMark: String? { get }
}
