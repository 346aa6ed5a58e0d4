import BatonEnvironment

/// Every line `baton` prints goes through here: this module's `print` shadows the standard library's, so text
/// from another client (a category name, an app, a notification title, a page) reaches the terminal by
/// `TerminalText`'s rule (controls, C1, bidi and line separators shown escaped, `\u{1b}`) however a command
/// builds its line, and a command added tomorrow cannot forget it. Newlines and tabs are kept (multi-line
/// output); text escaped already passes unchanged (an escape is plain ASCII), and so does `--json` output,
/// which `JSONOutput` escaped by JSON's rule. The one raw path is `kv get --raw`, which asks for it by name
/// and calls `Swift.print`. Standard error goes through `CommandLineRunner.printError`, by the same rule.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(TerminalText.lines(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
}
