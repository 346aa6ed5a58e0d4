// baton-fetch: Baton's network process. It loads one http(s) URL with URLSession (FoundationNetworking
// and libcurl, which `baton` itself never loads) and reports it on stdout in the `FetchProtocol`
// format: `baton-fetch URL TIMEOUT-SECONDS LIMIT-BYTES [--post BODY-BYTES CONTENT-TYPE]`.
import Foundation
import PageLoading

#if canImport(Glibc)
    import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard var request = FetchRequest(arguments: arguments) else {
    let usage = """
        usage: baton-fetch URL TIMEOUT-SECONDS LIMIT-BYTES [--post BODY-BYTES CONTENT-TYPE]
        Fetches an http(s) URL for baton and writes the reply on stdout in baton's fetch protocol \
        (version \(FetchProtocol.version)).

        """
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
if let length = request.postLength {
    // The body comes first on stdin; only then does stdin become the parent watch.
    guard let body = StandardInput.read(exactly: length) else {
        FileHandle.standardError.write(Data("baton-fetch: the request body ended early\n".utf8))
        exit(2)
    }
    request.post?.bytes = body
}
ParentWatch.start()
HTTPFetch.run(request, output: FrameOutput())
// The reply is written (unbuffered); end without tearing URLSession down.
_exit(0)
