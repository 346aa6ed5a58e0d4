import ArgumentParser
import BatonEnvironment
import Foundation
import TextWidth
import Wire

/// `baton kv get|set|remove|list`: the account's key-value store (the daemon is started when needed).
struct KeyValueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kv", abstract: "Read and write the account's key-value store.",
        subcommands: [
            KeyValueGetCommand.self, KeyValueSetCommand.self, KeyValueRemoveCommand.self,
            KeyValueListCommand.self,
        ])
}

/// `baton kv get KEY [--json]`.
struct KeyValueGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print the value of a key (exit 1 when it has none).")

    @Argument(help: "The key.") var key: String
    @Flag(help: "Print the value as JSON (strings quoted).") var json = false
    @Flag(help: "Print a string's control characters as they are (by default they are escaped, as \\u{1b}).")
    var raw = false

    func run() async throws {
        let snapshot = await KeyValueCLI.snapshot()
        guard let value = snapshot.entries.first(where: { $0.key == key })?.value else {
            KeyValueCLI.fail("no value for key \(BoundedQuote.quote(key))")
        }
        // Another device wrote it: control characters reach the terminal escaped unless asked for raw.
        let text = KeyValueCLI.text(value)
        if raw { return Swift.print(text) }  // Asked for as it is: the one output not escaped.
        print(json ? KeyValueCLI.json(value) : text)
    }
}

/// `baton kv set KEY VALUE [--json-value]`.
struct KeyValueSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Store a value under a key; other devices hear of it at once.")

    @Argument(help: "The key (at most 64 UTF-8 bytes).") var key: String
    @Argument(help: "The value: a string, or JSON with --json-value.") var value: String
    @Flag(help: "Read VALUE as JSON: numbers, booleans, arrays and objects become property-list values.")
    var jsonValue = false
    @OptionGroup var options: DeviceOptions

    func run() async throws {
        var parsed = PropertyListValue.string(value)
        if jsonValue {
            do {
                parsed = try PropertyListValue(plainJSON: Data(value.utf8))
            } catch {
                // The only failure is text that does not parse as JSON; the decoder's own words are for developers.
                throw ValidationError(
                    "VALUE '\(value)' is not valid JSON (drop --json-value to store it as a string)")
            }
        }
        try await KeyValueCLI.write(parsed, key: key, writer: options.deviceName)
    }
}

/// `baton kv remove KEY`.
struct KeyValueRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a key (nothing happens when it is absent).")

    @Argument(help: "The key.") var key: String
    @OptionGroup var options: DeviceOptions

    func run() async throws {
        try await KeyValueCLI.write(nil, key: key, writer: options.deviceName)
    }
}

/// `baton kv list [--json]`.
struct KeyValueListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every key, its value, who wrote it and when.")

    @Flag(help: "Print JSON: {key: {value, writer, modified, revision}}.") var json = false

    func run() async throws {
        let entries = await KeyValueCLI.snapshot().entries.sorted { $0.key < $1.key }
        if json {
            var object: [String: Any] = [:]
            for entry in entries {
                object[entry.key] = [
                    "value": entry.value?.jsonObject ?? NSNull(), "writer": entry.writer,
                    "modified": entry.modified.formatted(.iso8601), "revision": entry.revision,
                ]
            }
            let data = try JSONOutput.serialize(
                object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
            return print(String(decoding: data, as: UTF8.self))
        }
        if entries.isEmpty { return print("the key-value store is empty") }
        for entry in entries {
            // One line per key: long values are cut (`kv get` prints them whole).
            // Keys, values and writers come from other devices: escaped for the terminal.
            let value = TextWidth.truncate(TerminalText.line(entry.value.map(KeyValueCLI.text) ?? ""), to: 60)
            print(
                "\(TerminalText.line(entry.key)) = \(value)  "
                    + "(\(TerminalText.line(entry.writer)), \(entry.modified.formatted(.iso8601)))")
        }
    }
}
