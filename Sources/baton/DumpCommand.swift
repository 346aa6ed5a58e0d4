import ArgumentParser
import CMallocTuning
import Foundation
import HTMLText
import PageLoading

/// `baton dump URL`: loads a page and prints it laid out as text, then its numbered links.
struct DumpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        _superCommandName: "baton",
        abstract: "Print a web page as text with a list of its numbered links (like w3m -dump).",
        discussion: "URL may be http(s)://…, file://…, about:help, about:blank, or a file path."
    )

    @Argument(help: "The page: a URL or a file path.")
    var url: String

    @Option(name: .long, help: "Width of the text in columns.")
    var cols: Int = 80

    @Flag(name: .long, help: "Print the page as JSON (title, status, lines, links).")
    var json = false

    func validate() throws {
        guard (1...10_000).contains(cols) else {
            throw ValidationError("--cols must be between 1 and 10000")
        }
    }

    func run() async throws {
        let page: LoadedPage
        do {
            let address = try PageAddress.url(from: url)
            page = try await PageLoader().load(address)
        } catch let error as PageLoadError {
            FileHandle.standardError.write(Data("baton dump: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
        // Parsing and layout run on the main thread: a worker thread's glibc heap grows by one mprotect call
        // per small step (~900 calls for a 200 KB page), the main heap by sbrk in 16 MB steps.
        let (document, text) = await MainActor.run { [cols] in
            _ = baton_set_malloc_top_pad(16 << 20)
            let document = HTMLDocument(html: page.htmlSource, url: page.url)
            return (document, document.layout(width: cols))
        }
        if json {
            FileHandle.standardOutput.write(Data(try DumpOutput.json(page: page, text: text).utf8))
        } else {
            try StandardOutput.write(text.dumpUTF8)
        }
        if !page.isSuccess {
            FileHandle.standardError.write(
                Data(
                    "baton dump: HTTP status \(page.statusCode ?? 0) for \(page.url.absoluteString)\n".utf8))
            throw ExitCode(2)
        }
        // The document and its layout are hundreds of thousands of small allocations; the process ends
        // here, so it exits without freeing them one by one (output is unbuffered, nothing is lost).
        withExtendedLifetime(document) { Foundation.exit(0) }
    }
}
