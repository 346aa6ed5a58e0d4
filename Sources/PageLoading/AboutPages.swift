/// The built-in `about:` pages.
enum AboutPages {
    static func html(for name: String) -> String? {
        switch name.lowercased() {
        case "blank": return "<!DOCTYPE html><html><head><title></title></head><body></body></html>"
        case "help": return help
        default: return nil
        }
    }

    /// The browser's keys, as DESIGN.md fixes them.
    private static let help = """
        <!DOCTYPE html>
        <html><head><title>MonkeyBrowser Help</title></head><body>
        <h1>MonkeyBrowser</h1>
        <p>A tabbed text web browser. Pages are laid out as text; links are numbered <code>[n]</code>.</p>
        <h2>Browsing</h2>
        <table>
        <tr><th>Key</th><th>Action</th></tr>
        <tr><td><kbd>Ctrl-L</kbd></td><td>Edit the address bar</td></tr>
        <tr><td><kbd>Enter</kbd></td><td>Go to the address typed</td></tr>
        <tr><td>number + <kbd>Enter</kbd></td><td>Follow link number n</td></tr>
        <tr><td><kbd>Backspace</kbd> or <kbd>Alt-Left</kbd></td><td>Back</td></tr>
        <tr><td><kbd>Alt-Right</kbd></td><td>Forward</td></tr>
        <tr><td><kbd>/</kbd></td><td>Find in the page</td></tr>
        </table>
        <h2>Tabs</h2>
        <table>
        <tr><th>Key</th><th>Action</th></tr>
        <tr><td><kbd>Ctrl-T</kbd></td><td>New tab</td></tr>
        <tr><td><kbd>Ctrl-W</kbd></td><td>Close tab</td></tr>
        <tr><td><kbd>Alt-1</kbd> … <kbd>Alt-9</kbd></td><td>Switch to tab 1 … 9</td></tr>
        <tr><td><kbd>[</kbd> / <kbd>]</kbd></td><td>Previous / next tab</td></tr>
        </table>
        <h2>Everywhere</h2>
        <table>
        <tr><th>Key</th><th>Action</th></tr>
        <tr><td><kbd>F1</kbd> <kbd>F2</kbd> <kbd>F3</kbd> <kbd>F4</kbd></td>\
        <td>MonkeyBrowser, Stores, Today, Notifications</td></tr>
        <tr><td><kbd>Ctrl-O</kbd></td><td>Continue the activity offered by another device</td></tr>
        <tr><td><kbd>Tab</kbd> / <kbd>Shift-Tab</kbd></td><td>Move focus</td></tr>
        <tr><td><kbd>Esc</kbd></td><td>Close a popover</td></tr>
        <tr><td><kbd>F10</kbd> or <kbd>Ctrl-C</kbd></td><td>Quit</td></tr>
        </table>
        <p>Pages: <code>http</code>, <code>https</code>, <code>file</code>, <code>about:blank</code>, \
        <code>about:help</code>.</p>
        </body></html>
        """
}
