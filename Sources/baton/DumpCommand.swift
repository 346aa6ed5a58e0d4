import ArgumentParser
import BatonEnvironment
import CMallocTuning
import Foundation
import HTMLText
import PageLoading

/// `baton dump URL`: loads a page and prints it laid out as text, then its numbered links.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a web page as text with a list of its numbered links (like w3m -dump).",
        discussion: "URL may be http(s)://…, file://…, about:help, about:blank, or a file path."
    )

    @Argument(help: "The page: a URL or a file path.")
    var url: String

    @Option(name: .long, help: "Width of the text in columns.")
    var cols: Int = 80

    @Flag(name: .long, help: "Print the page as JSON (title, status, lines, links).")
    var json = false

    @Flag(
        name: .long,
        help: "Print the page's control characters as they are (by default they are escaped, as \\u{1b}).")
    var raw = false

    func validate() throws {
        guard (1...10_000).contains(cols) else {
            throw ValidationError("--cols must be between 1 and 10000")
        }
    }

    func run() throws {
        try DumpRun(url: url, cols: cols, json: json, raw: raw).run()
    }
}

/// What `baton dump` was asked for, and the dump itself; `baton dump PAGE` alone reaches it without
/// swift-argument-parser (`BatonMain.runDump`), whose generic argument sets cost about 15 M instructions
/// (1.5 ms) to build, half of a small page's whole dump.
struct DumpRun {
    var url: String
    var cols = 80
    var json = false
    var raw = false

    /// The run for `arguments` (what follows `dump`) when they are only a page that no option or help
    /// request could be mistaken for; nil for everything else, which the parser takes.
    static func plain(_ arguments: [String]) -> DumpRun? {
        guard arguments.count == 1, let page = arguments.first, !page.hasPrefix("-"), !page.isEmpty,
            !FastPath.asksTheParser(page)
        else { return nil }
        return DumpRun(url: page)
    }

    /// Runs on the process's main thread from start to end (see `BatonMain`): no tasks, no thread hops, and
    /// glibc's main heap, which grows by `sbrk` in 16 MB steps (a worker thread's heap grows page by page).
    func run() throws {
        _ = baton_set_malloc_top_pad(16 << 20)
        let page: LoadedPage
        do {
            let address = try PageAddress.url(from: url)
            page = try PageLoader().loadBlocking(address)
        } catch PageLoadError.download(let address, let filename, let type) {
            // Not a page: say where MonkeyBrowser would save it, and fail.
            let path = DownloadLocation.freePath(for: filename, in: DownloadLocation.directory()).path
            CommandLineRunner.printError(
                "baton dump: \(address.absoluteString) is a file to save, not a page "
                    + "(\(type.isEmpty ? "no type" : type)); MonkeyBrowser would save it as \(path)")
            throw ExitCode(BatonExitCode.notAPage)
        } catch let error as PageLoadError {
            CommandLineRunner.printError("baton dump: \(error.description)")
            throw ExitCode(1)
        }
        let html = page.htmlSource
        HeapPrefault.start(forHTMLBytes: html.utf8.count)
        let (document, text) = HTMLDocument.parsedAndLaidOut(html: html, url: page.url, width: cols)
        if json {
            try StandardOutput.emit(Data(try DumpOutput.json(page: page, text: text).utf8))
        } else {
            // Text from the page reaches the terminal escaped (`TerminalText`), unless asked for as it is.
            try StandardOutput.write(raw ? text.dumpUTF8 : TerminalText.lines(text.dumpUTF8))
        }
        if !page.isSuccess {
            CommandLineRunner.printError(
                "baton dump: HTTP status \(page.statusCode ?? 0) for \(page.url.absoluteString)")
            throw ExitCode(2)
        }
        // The document and its layout are hundreds of thousands of small allocations; the process ends
        // here, so it exits without freeing them one by one (output is unbuffered, nothing is lost).
        withExtendedLifetime((document, text)) { Foundation.exit(0) }
    }
}
