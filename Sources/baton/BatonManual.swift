import BatonEnvironment

/// `baton`'s description, once for `baton --help` and `man baton` (swift-argument-parser's discussion feeds both):
/// what Baton is, the two terminals, the keys, the files, the environment, examples, then the exit codes.
/// A line `NAME:` starts a section (`--help` prints it after the usage: `HelpLayout`; `man` makes it a `.Sh`:
/// `packaging/manpage-name.awk`), and a row `  KEY  MEANING` (two spaces each side of the key) is one entry.
enum BatonManual {
    static let discussion = [intro, keys, files, environment, examples, BatonExitCode.help].joined(separator: "\n\n")

    static let intro = """
        Baton brings Apple's continuity ideas to Linux terminals. Run baton in two terminals and they are two \
        devices of one account: an activity you start in one (a MonkeyBrowser tab, a place on the Stores map) is \
        offered in the other's dock, and Ctrl-O continues it there, as Handoff does between iPhone and Mac. A \
        per-user daemon, started on demand (or by systemd's user manager after 'baton daemon enable'), is the \
        account's device registry, activity relay, notification center and key-value store.

        With no command, baton opens the suite: MonkeyBrowser (F1), a text-mode web browser whose tabs hand off; \
        Stores (F2), Apple Stores on a braille world map and in a list; Today (F3), widgets run as separate \
        extension processes; Notifications (F4). Its commands reach the same account from a shell or a script \
        — each has a manual page of its own, baton.COMMAND (man baton.notify).
        """

    static let keys = """
        KEYS:
          F1 F2 F3 F4  MonkeyBrowser, Stores, Today, Notifications
          Ctrl-O  continue the activity offered in the dock (with several offers, choose one)
          F12  About: version, device, paths, the full key map
          ?  every key of the current app and of the suite (? or Esc closes it)
          F10 or Ctrl-C  quit (the terminal is restored)
          Ctrl-Z  suspend (the shell's fg brings the suite back)
          Tab Shift-Tab  move focus
          Esc  close a popover; on About, go back to the app
          Ctrl-N  focus the notification banner (Left/Right its actions, Enter runs one, Esc closes it)
        """

    static let files = """
        FILES:
          $XDG_STATE_HOME/baton  the state directory (else ~/.local/state/baton): database, logs, devices' state
          $XDG_RUNTIME_DIR/baton  the daemon's socket (else /tmp/baton-UID)
          $BATON_HOME  everything (run/ and state/ under it), when set
          /usr/lib/systemd/user/baton.socket  the daemon's socket unit ('baton daemon enable')
          /usr/lib/baton  the helper programs (baton-fetch, baton-link, the extensions)
          /usr/share/baton  the resources (pages, maps, app bundles)
        """

    static let environment = """
        ENVIRONMENT:
          BATON_HOME  keep everything under one directory (a demo, a second account)
          BATON_DEVICE  this terminal's device name (else host name and tty)
          BATON_SOCKET  the daemon's socket to use (set by 'baton ssh' on the remote host)
          BATON_NOW  the time Baton takes as now (ISO 8601), for the widgets and notifications
          BATON_MAX_DOWNLOAD  the largest file MonkeyBrowser saves (500M, 2G; default 2G)
          BATON_NO_BRAILLE  1 draws the Stores map with block characters instead of braille
          BATON_DESKTOP_NOTIFICATIONS  auto, osc9, osc777 or osc99: banners also to the terminal emulator
          BATON_FREEDESKTOP_NOTIFICATIONS  on: the daemon also posts to the desktop's notification server
          BATON_SSH  the ssh program 'baton ssh' runs (default ssh)
          BATON_RESOURCES  where the resources are (default /usr/share/baton, or the checkout's Resources)
        """

    static let examples = """
        EXAMPLES:
          baton  open the suite; run it again in a second terminal for a second device
          BATON_DEVICE=desk baton  open the suite as the device "desk"
          baton devices  the connected devices and what each one shows
          baton notify --title Tea --body Ready --in 5m  a notification in five minutes
          baton dump https://example.org  a page as text, with its numbered links
          baton daemon enable  let systemd's user manager start the daemon
        """
}
