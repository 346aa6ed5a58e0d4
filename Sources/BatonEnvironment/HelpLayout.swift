/// Puts a command's usage before its long description in `--help` (issue 40, item 4). swift-argument-parser prints
/// the discussion inside OVERVIEW, before USAGE; `baton`'s discussion is its manual (keys, files, environment,
/// examples, exit codes), so a reader met forty lines of it before learning how to call the command. The
/// discussion's sections (a line `NAME:`) move after the usage, options and subcommands (before the closing
/// "See 'baton help …'" line); its first paragraphs stay in the overview. `man baton` has its SYNOPSIS first.
public enum HelpLayout {
    /// `help` with the discussion's sections after the rest; unchanged when it has none.
    public static func usageFirst(_ help: String, width: Int = 80) -> String {
        guard let usage = help.range(of: "\nUSAGE:") else { return help }
        let overview = help[..<usage.lowerBound].components(separatedBy: "\n")
        guard let first = overview.firstIndex(where: isSectionHeader), first > 0 else { return help }
        let intro = trimmingNewlines(overview[..<first].joined(separator: "\n"))
        let sections = rows(Array(overview[first...]), width: width)
        var rest = trimmingNewlines(String(help[usage.lowerBound...]))
        var footer = ""
        if let see = rest.range(of: "\n\n  See '", options: .backwards) {
            footer = "\n\n" + rest[rest.index(see.lowerBound, offsetBy: 2)...]
            rest = String(rest[..<see.lowerBound])
        }
        return intro + "\n\n" + rest + "\n\n" + sections + footer + (help.hasSuffix("\n") ? "\n" : "")
    }

    /// A section's first line: capitals and spaces, then a colon (`EXIT CODES:`).
    public static func isSectionHeader(_ line: String) -> Bool {
        guard line.count > 1, line.last == ":" else { return false }
        return line.dropLast().allSatisfy { ("A"..."Z").contains($0) || $0 == " " }
    }

    /// The sections' lines with each row whole again (the parser wrapped them at column 0), wrapped to `width`
    /// with its continuation indented under the row.
    static func rows(_ lines: [String], width: Int) -> String {
        var joined: [String] = []
        for line in lines {
            if let last = joined.last, !line.isEmpty, !line.hasPrefix(" "), !isSectionHeader(line), !last.isEmpty,
                !isSectionHeader(last)
            {
                joined[joined.count - 1] = last + " " + line
            } else {
                joined.append(line)
            }
        }
        return trimmingNewlines(joined.map { wrap($0, width: width) }.joined(separator: "\n"))
    }

    private static func wrap(_ line: String, width: Int) -> String {
        guard line.count > width, line.hasPrefix("  ") else { return line }
        var out: [String] = []
        var current: String?
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            guard let text = current else {
                current = String(word)
                continue
            }
            if text.count + 1 + word.count > width, text.contains(where: { $0 != " " }) {
                out.append(text)
                current = "      " + word
            } else {
                current = text + " " + word
            }
        }
        out.append(current ?? "")
        return out.joined(separator: "\n")
    }

    private static func trimmingNewlines(_ text: String) -> String {
        var text = Substring(text)
        while text.first == "\n" { text = text.dropFirst() }
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
