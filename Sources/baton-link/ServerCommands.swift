import AccountLink
import ArgumentParser
import Foundation
import Logging

/// `baton server init|add-account|remove-account`: what the operator of a shared server runs, with a superuser's
/// URL (AccountLink's `ServerAdministration`).
struct ServerCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Set up a PostgreSQL server that many accounts share (its operator's commands).",
        subcommands: [ServerInitCommand.self, AddAccountCommand.self, RemoveAccountCommand.self])

    static func administration(_ url: String) throws(AccountLinkError) -> ServerAdministration {
        try ServerAdministration(adminURL: url, logger: Logger(label: "baton.server"))
    }
}

struct ServerInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create (or upgrade) the account schema under its own owner role, with row access for accounts only.")

    @Argument(help: "postgres://ADMIN:PASSWORD@HOST:PORT/DATABASE (a superuser)") var url: String

    func run() async throws {
        for line in try await ServerCommands.administration(url).initialize() { print(line) }
    }
}

struct AddAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-account", abstract: "Create an account's login role and print its URL.")

    @Argument(help: "postgres://ADMIN:PASSWORD@HOST:PORT/DATABASE (a superuser)") var url: String
    @Argument(help: "The account's role name (lower-case letters, digits, _).") var name: String
    @Option(help: "A file holding the role's password (default: a generated one).") var passwordFile: String?

    func run() async throws {
        var password: String?
        if let passwordFile {
            guard let data = FileManager.default.contents(atPath: passwordFile) else {
                throw AccountLinkError.failed("cannot read the password file \(passwordFile)")
            }
            password = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        print(try await ServerCommands.administration(url).addAccount(name, password: password))
    }
}

struct RemoveAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-account", abstract: "Drop an account's role and every row it wrote.")

    @Argument(help: "postgres://ADMIN:PASSWORD@HOST:PORT/DATABASE (a superuser)") var url: String
    @Argument(help: "The account's role name.") var name: String

    func run() async throws {
        print(try await ServerCommands.administration(url).removeAccount(name))
    }
}
