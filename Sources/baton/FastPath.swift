import ArgumentParser
import BatonEnvironment
import Foundation

/// The simple commands scripts run often (`baton --version`, `devices`, `notify`, `kv get`, …), parsed with their
/// own arguments only: parsing under `BatonCommand` builds every subcommand's argument set first, a
/// millisecond or more of runtime type lookups per start. Anything the leaf cannot parse as it is (a usage
/// error, `--help`, `help`, completions) goes the whole tree's way, which says the same as it always did.
enum FastPath {
    /// The leaf commands reached by their words at the start of a command line.
    static let leaves: [(words: [String], command: any ParsableCommand.Type)] = [
        (["devices"], DevicesCommand.self),
        (["activities"], ActivitiesCommand.self),
        (["notify"], NotifyCommand.self),
        (["kv", "get"], KeyValueGetCommand.self),
        (["kv", "set"], KeyValueSetCommand.self),
        (["kv", "remove"], KeyValueRemoveCommand.self),
        (["kv", "list"], KeyValueListCommand.self),
    ]

    /// Words that ask the parser itself for something (help, version, completions): left to the whole tree.
    static func asksTheParser(_ argument: String) -> Bool {
        argument == "help" || argument == "-h" || argument.hasPrefix("--help") || argument.hasPrefix("--version")
            || argument.hasPrefix("--generate-completion") || argument.hasPrefix("--experimental")
    }

    /// `baton --version`'s answer, as the parser prints it.
    static func version(_ arguments: [String]) -> String? {
        arguments == ["--version"] ? BatonVersion.current : nil
    }

    /// The parsed command when `arguments` name a leaf and parse cleanly under it; nil otherwise.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let leaf = leaves.first(where: { arguments.starts(with: $0.words) }) else { return nil }
        let rest = Array(arguments.dropFirst(leaf.words.count))
        guard !rest.contains(where: asksTheParser) else { return nil }
        return try? leaf.command.parseAsRoot(rest)
    }
}
