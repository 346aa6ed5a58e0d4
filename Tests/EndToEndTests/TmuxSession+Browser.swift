import Testing

/// Driving MonkeyBrowser in a suite under tmux.
extension TmuxSession {
    /// Waits for the suite, then opens the browser (F1).
    func openBrowser() throws {
        try waitFor("Paths")
        try send("F1")
        try waitFor("1 Weather")
    }

    /// Types `address` into the address bar and goes there.
    func go(to address: String) throws {
        try send("C-l")
        try send("C-u")
        try type(address)
        try send("Enter")
    }
}
