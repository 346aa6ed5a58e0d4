import TerminalUI

/// Where typed keys go: the page, the address bar, or the find prompt.
public enum BrowserInputMode: Hashable, Sendable {
    case page
    case address(TextFieldState)
    case find(TextFieldState)
}
