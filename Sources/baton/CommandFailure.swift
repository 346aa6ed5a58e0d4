import Foundation

/// How a command gives up: one line on standard error, exit status 1.
enum CommandFailure {
    static func exit(_ line: String) -> Never {
        FileHandle.standardError.write(Data((line + "\n").utf8))
        Foundation.exit(1)
    }
}
