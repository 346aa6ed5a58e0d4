import Foundation

/// Turns what a user typed (a URL, a file path, or a bare host name) into a URL to load.
public enum PageAddress {
    public static func url(
        from input: String, currentDirectory: String = FileManager.default.currentDirectoryPath
    )
        throws -> URL
    {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw PageLoadError.invalidURL(input) }
        if text.lowercased().hasPrefix("about:") {
            guard let url = URL(string: text) else { throw PageLoadError.invalidURL(input) }
            return url
        }
        if text.contains("://") {
            guard let url = URL(string: text) ?? Self.escaped(text), url.scheme != nil else {
                throw PageLoadError.invalidURL(input)
            }
            return url
        }
        // A bare name with a document extension ("notes.html") is a file, not a host.
        let fileExtensions = ["html", "htm", "xhtml", "txt", "md"]
        let bareFileName =
            !text.contains("/") && fileExtensions.contains((text as NSString).pathExtension.lowercased())
        let looksLikePath = text.hasPrefix("/") || text.hasPrefix(".") || text.hasPrefix("~") || bareFileName
        let expanded = (text as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded : currentDirectory + "/" + expanded
        if looksLikePath || FileManager.default.fileExists(atPath: absolute) {
            return URL(fileURLWithPath: absolute).standardizedFileURL
        }
        let host = text.prefix { $0 != "/" && $0 != ":" }
        let local = host == "localhost" || host.hasPrefix("127.") || host.hasPrefix("[")
        guard
            let url = URL(string: (local ? "http://" : "https://") + text)
                ?? Self.escaped((local ? "http://" : "https://") + text),
            url.host != nil
        else { throw PageLoadError.invalidURL(input) }
        return url
    }

    private static func escaped(_ text: String) -> URL? {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed).flatMap { URL(string: $0) }
    }
}
