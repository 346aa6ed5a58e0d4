import Testing

@testable import BatonEnvironment

/// `baton --help` shows how to call the command before its manual's sections (issue 40, item 4):
/// swift-argument-parser prints the discussion first, inside OVERVIEW.
@Suite struct HelpLayoutTests {
    static let generated = """
        OVERVIEW: Handoff for terminals.

        Run baton in two terminals.

        KEYS:
          F1  MonkeyBrowser

        EXIT CODES:
          0   success

        USAGE: baton <subcommand>

        OPTIONS:
          --version               Show the version.

          See 'baton help <subcommand>' for detailed help.

        """

    @Test func theUsageComesBeforeTheSections() {
        let help = HelpLayout.usageFirst(Self.generated)
        #expect(
            help == """
                OVERVIEW: Handoff for terminals.

                Run baton in two terminals.

                USAGE: baton <subcommand>

                OPTIONS:
                  --version               Show the version.

                KEYS:
                  F1  MonkeyBrowser

                EXIT CODES:
                  0   success

                  See 'baton help <subcommand>' for detailed help.

                """)
    }

    @Test func aRowWrappedByTheParserIsWholeAgainAndIndented() {
        let wrapped = [
            "KEYS:", "  Ctrl-O  continue the activity offered in the dock (with several offers,", "choose one)",
        ]
        #expect(
            HelpLayout.rows(wrapped, width: 40) == """
                KEYS:
                  Ctrl-O  continue the activity offered
                      in the dock (with several offers,
                      choose one)
                """)
    }

    @Test func aHelpWithoutSectionsIsUnchanged() {
        let plain = "OVERVIEW: List devices.\n\nUSAGE: baton devices\n"
        #expect(HelpLayout.usageFirst(plain) == plain)
        #expect(HelpLayout.isSectionHeader("EXIT CODES:") && !HelpLayout.isSectionHeader("Exit codes: 0 scheduled"))
    }
}
