import ArgumentParser
import BatonEnvironment
import Foundation
import NtfyServer

/// `baton ntfy token add|remove|list`: the access tokens a client beyond loopback must show
/// (`Authorization: Bearer tk_…`), kept in the state directory's `ntfy-tokens.json`.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Access tokens for clients beyond loopback.",
        subcommands: [Add.self, Remove.self, List.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token and print it (no topics until `baton ntfy access` grants some).")
        @Option(help: "A note to tell it by.") var label = ""
        @Option(
            name: .customLong("read-write"),
            help: ArgumentHelp("Grant read and write on a topic (* ends a prefix).", valueName: "topic"))
        var readWrite: [String] = []
        @Option(name: .customLong("read-only"), help: ArgumentHelp("Grant reading only.", valueName: "topic"))
        var readOnly: [String] = []
        @Option(name: .customLong("write-only"), help: ArgumentHelp("Grant publishing only.", valueName: "topic"))
        var writeOnly: [String] = []

        func run() throws {
            let paths = BatonPaths()
            var tokens = NtfyTokens.load(paths: paths)
            let token = tokens.add(label: label)
            for (topics, permission) in [(readWrite, "rw"), (readOnly, "ro"), (writeOnly, "wo")] {
                for topic in topics { _ = tokens.grant(token, topic: topic, permission: permission) }
            }
            try tokens.save(paths: paths)
            print(token)
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a token: its clients are refused at once.")
        @Argument(help: "The token.") var token: String

        func run() throws {
            let paths = BatonPaths()
            var tokens = NtfyTokens.load(paths: paths)
            guard tokens.entry(token) != nil else {
                throw ValidationError("no token \(BoundedQuote.quote(token))")
            }
            tokens.tokens.removeAll { $0.token == token }
            try tokens.save(paths: paths)
            print("removed")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the tokens and their grants.")
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let tokens = NtfyTokens.load(paths: BatonPaths())
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                return print(String(decoding: try encoder.encode(tokens.tokens), as: UTF8.self))
            }
            for entry in tokens.tokens {
                let grants = entry.grants.map { "\($0.topic):\($0.read ? "r" : "")\($0.write ? "w" : "")" }
                print(
                    TerminalText.line(
                        ([entry.token, entry.label] + grants).filter { !$0.isEmpty }.joined(separator: " ")))
            }
        }
    }
}

/// `baton ntfy access TOKEN TOPIC PERMISSION`: what a token may do on topics, in ntfy's words.
struct AccessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access", abstract: "Grant a token read-write, read-only, write-only or deny on a topic.",
        discussion: "TOPIC may end in * (a prefix). Exit codes: 0 done; 64 usage (unknown token or permission).")
    @Argument(help: "The token.") var token: String
    @Argument(help: "The topic, or a prefix ending in *.") var topic: String
    @Argument(help: "read-write (rw), read-only (ro), write-only (wo) or deny.") var permission: String

    func run() throws {
        let paths = BatonPaths()
        var tokens = NtfyTokens.load(paths: paths)
        guard tokens.entry(token) != nil else { throw ValidationError("no token \(BoundedQuote.quote(token))") }
        guard tokens.grant(token, topic: topic, permission: permission) else {
            throw ValidationError(
                "the permission is read-write, read-only, write-only or deny, not \(BoundedQuote.quote(permission))")
        }
        try tokens.save(paths: paths)
        print("granted \(permission) on \(topic)")
    }
}
