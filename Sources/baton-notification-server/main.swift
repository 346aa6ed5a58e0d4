import BatonEnvironment
import Foundation
import Logging

// `baton-notification-server`: the machine's freedesktop notification server, started by the daemon (or
// `baton notifications server on`) while the setting is on.
let paths = BatonPaths()
FileLogHandler.bootstrap(file: paths.logDirectory.appendingPathComponent("notification-server.log"))
exit(ServerMain.run(paths: paths, logger: Logger(label: "notification-server")))
