import TerminalUI

/// Where typed keys go: the page, the address bar, the find prompt, a form field being edited, or the
/// question before a form is sent again.
public enum BrowserInputMode: Hashable, Sendable {
    case page
    case address(TextFieldState)
    case find(TextFieldState)
    /// "Remind me about this page": when (`r`; issue 16).
    case remind(TextFieldState)
    /// A one-line field edited in place.
    case field(FieldEditor)
    /// A `select`'s options, in a list over the page.
    case choosing(OptionChooser)
    /// A `textarea` in the multi-line editor.
    case textarea(TextAreaEditor)
    /// Going back, forward (`step` -1, 1) or reloading (0) would send a form again: asks first.
    case confirmResubmit(step: Int)
    /// A file the user did not ask for directly (after a redirect or a page's refresh): save it?
    case confirmDownload(DownloadOffer)
}
