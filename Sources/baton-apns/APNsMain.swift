import APNsProvider
import ArgumentParser
import BatonEnvironment
import Foundation

/// `baton-apns`: APNs' HTTP/2 provider API on this machine (`baton apns serve`, `baton apns key create`,
/// `baton apns token`), and the server the daemon supervises (`serve --supervised`).
@main
struct APNsMain: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baton apns",
        abstract: "APNs' HTTP/2 provider API on this machine.",
        subcommands: [ServeCommand.self, KeyCommand.self, TokenCommand.self, ClientCommand.self])

    /// As ArgumentParser's, but bad usage is one line (`baton apns: …`) and exit 64, without the usage text.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error).rawValue == BatonExitCode.usage else { exit(withError: error) }
            let first = message(for: error).split(separator: "\n").first.map(String.init) ?? "bad usage"
            let line = first.hasPrefix("Error: ") ? String(first.dropFirst("Error: ".count)) : first
            FileHandle.standardError.write(Data("baton apns: \(line)\n".utf8))
            exit(withError: ExitCode(BatonExitCode.usage))
        }
    }
}

/// `baton apns key create --team T`: a provider key as Apple's developer site hands one out; `key import` takes
/// one it handed out.
struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Provider keys for token-based authentication.",
        subcommands: [Create.self, Import.self])

    /// `baton apns key import AuthKey_KEYID.p8 --team T`: a key from Apple's developer site.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Take an AuthKey_KEYID.p8 from Apple's developer site (the key id from its name) for a team.")
        @Argument(help: "The .p8 file.") var file: String
        @Option(help: "The team id the key belongs to (the JWT's iss).") var team: String
        @Option(name: .customLong("key"), help: "The key id, when the file is not named AuthKey_KEYID.p8.")
        var keyID: String?

        func run() throws {
            let keys = ProviderKeys(paths: BatonPaths())
            let imported: String
            do {
                imported = try keys.importKey(URL(fileURLWithPath: file), team: team, keyID: keyID)
            } catch let error as ProviderKeyError {
                throw ValidationError(error.description)
            } catch {
                FileHandle.standardError.write(Data("baton apns: \(error)\n".utf8))
                throw ExitCode(BatonExitCode.failure)
            }
            FileHandle.standardError.write(
                Data("baton apns: key \(imported) of team \(team) in \(keys.keyFile(imported).path)\n".utf8))
            print(imported)
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a new .p8 key (PKCS#8 P-256) for a team and print its key id.",
            discussion: """
                The key is AuthKey_KEYID.p8 in the state directory's apns/ (its path is printed on standard \
                error); a provider signs ES256 JWTs with it, iss = the team, kid = the key id. Deleting the \
                file revokes it.
                """)
        @Option(help: "The team id the key belongs to (the JWT's iss).") var team: String
        @Flag(help: "Print JSON: {\"keyID\", \"team\", \"file\"}.") var json = false

        func run() throws {
            let keys = ProviderKeys(paths: BatonPaths())
            let keyID: String
            do {
                keyID = try keys.create(team: team)
            } catch {
                throw ValidationError("\(error)")
            }
            let file = keys.keyFile(keyID).path
            if json {
                let data = try JSONSerialization.data(
                    withJSONObject: ["keyID": keyID, "team": team, "file": file], options: [.sortedKeys])
                return print(String(decoding: data, as: UTF8.self))
            }
            FileHandle.standardError.write(Data("baton apns: key \(keyID) of team \(team) in \(file)\n".utf8))
            print(keyID)
        }
    }
}

/// `baton apns token --key KEYID`: a provider token signed with a key of this machine (what a provider's JWT
/// library makes), for scripts and benchmarks.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Print a provider token (ES256 JWT) signed with a key of this machine.")
    @Option(help: "The key id (baton apns key create).") var key: String
    @Option(help: "Issued this many seconds ago (APNs refuses tokens older than 3600).") var age: Int = 0

    func run() throws {
        let keys = ProviderKeys(paths: BatonPaths())
        guard let entry = keys.entry(key), let privateKey = try? keys.privateKey(key) else {
            throw ValidationError("no provider key \(BoundedQuote.quote(key)) on this machine")
        }
        print(
            try ProviderToken.make(
                keyID: key, team: entry.team, issuedAt: Date().addingTimeInterval(-Double(age)), key: privateKey))
    }
}
