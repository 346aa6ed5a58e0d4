import ArgumentParser
import BatonEnvironment
import Foundation
import PageLoading

/// `baton cookies list|clear [--json]`: this device's cookie jar (MonkeyBrowser keeps it; see `CookieJarFile`).
struct CookiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies", abstract: "List or clear this device's browser cookies.",
        subcommands: [CookiesListCommand.self, CookiesClearCommand.self], defaultSubcommand: CookiesListCommand.self)

    /// The device's jar.
    static func jar(_ options: DeviceOptions) -> CookieJarFile {
        CookieJarFile(url: CookieJarFile.file(paths: BatonPaths(), device: options.deviceName))
    }

    /// One line on standard error, exit 1.
    static func fail(_ message: String) -> Never { CommandFailure.exit("baton cookies: \(message)") }
}

/// `baton cookies list [--json]`.
struct CookiesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the cookies (domain, path, name, value, expiry, attributes).")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var options: DeviceOptions

    func run() throws {
        let cookies: [StoredCookie]
        do {
            cookies = try CookiesCommand.jar(options).load().filter { !$0.isExpired(at: Date()) }
        } catch {
            CookiesCommand.fail(error.description)
        }
        if json { return try JSONOutput.print(cookies) }
        if cookies.isEmpty { return print("no cookies on \(options.deviceName)") }
        for cookie in cookies.sorted(by: { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }) {
            var attributes: [String] = [cookie.expires.map { "expires \($0.formatted(.iso8601))" } ?? "session"]
            if cookie.secure { attributes.append("Secure") }
            if cookie.httpOnly { attributes.append("HttpOnly") }
            if let sameSite = cookie.sameSite { attributes.append("SameSite=\(sameSite.capitalized)") }
            // Cookies come from pages: escaped for the terminal.
            print(
                TerminalText.line("\(cookie.domain)\(cookie.path)  \(cookie.name)=\(cookie.value)  ")
                    + attributes.joined(separator: ", "))
        }
    }
}

/// `baton cookies clear [--json]`.
struct CookiesClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every cookie.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var options: DeviceOptions

    func run() throws {
        let jar = CookiesCommand.jar(options)
        let removed: Bool
        do {
            removed = try jar.clear()
        } catch {
            CookiesCommand.fail(error.description)
        }
        struct Cleared: Encodable {
            var cleared: Bool
            var path: String
        }
        if json { return try JSONOutput.print(Cleared(cleared: removed, path: jar.url.path)) }
        print(removed ? "cookies of \(options.deviceName) cleared" : "no cookies on \(options.deviceName)")
    }
}
