import Foundation

/// How `baton` and its network process `baton-fetch` talk: the command line and the reply on stdout.
///
/// **Command line:** `baton-fetch URL TIMEOUT-SECONDS LIMIT-BYTES [--post BODY-BYTES CONTENT-TYPE]
/// [--cookies JAR-FILE] [--site HOST] [--save-in DIR]` (see `FetchRequest`): `--cookies` sends and keeps
/// cookies in that jar (`CookieJarFile`), `--site` names the host of the page the request comes from (for
/// `SameSite`), and `--save-in` saves a response that is a file rather than a page (a binary type or
/// `Content-Disposition: attachment`) in that directory (`DownloadLocation`); without it such a response is
/// the failure `download`. stdin is a pipe: with `--post`, the parent first writes the request body there
/// (exactly BODY-BYTES bytes); after that it never writes, and when stdin reaches end of file the parent
/// is gone and `baton-fetch` exits.
///
/// **Reply, version 1:** a sequence of frames on stdout. Every frame is one kind byte, the payload's
/// length as 4 bytes big-endian, then the payload:
///
/// | kind | payload |
/// | --- | --- |
/// | `H` head | JSON `{"version":1,"url":"…","status":200,"contentType":"text/html; charset=utf-8"}`: the final URL after redirects, the status, the `Content-Type` header (absent when the server sent none) |
/// | `D` data | 1 to `maximumDataLength` bytes of the body, in order |
/// | `E` end | JSON `{"truncated":false}`: the body is complete, or (`true`) was cut at LIMIT-BYTES |
/// | `F` failure | JSON `{"version":1,"error":{"case":"timedOut","url":"…"}}`: `PageLoadError`'s Codable form |
/// | `P` progress | JSON `{"path":"…","received":1024,"total":4096}`: a download so far (`total` absent when unknown) |
/// | `S` saved | JSON `{"path":"…","bytes":4096}`: the download is complete at that path |
///
/// A reply is `H D* E` (a page), `H D* F` (the fetch failed during the body), `P+ S` (a file saved),
/// `P+ F` (the download failed; the partial file is removed) or `F` (it failed before the head). JSON payloads are at most `maximumJSONLength` bytes; nothing
/// follows `E` or `F`, after which `baton-fetch` exits with status 0. The first frame carries the
/// version: a parent refuses a reply of another version, and every reply that breaks these rules.
public enum FetchProtocol {
    /// The version of the reply format described above.
    public static let version = 1
    /// The most a JSON payload (head, end, failure) may hold.
    public static let maximumJSONLength = 64 * 1024
    /// The most a data frame may hold.
    public static let maximumDataLength = 64 * 1024
    /// A frame's kind byte and length before its payload.
    static let frameHeaderLength = 5
    /// The executable's name, next to `baton`.
    public static let executableName = "baton-fetch"
}

/// A request body and its `Content-Type` (a form submitted by `POST`).
public struct PostBody: Codable, Hashable, Sendable {
    public var bytes: [UInt8]
    public var contentType: String

    public init(bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
    }
}

/// What `baton` asks `baton-fetch` to fetch, as it travels on the command line (a `POST` body's length and
/// type travel there too; the body itself goes through stdin).
public struct FetchRequest: Equatable, Sendable {
    /// The http(s) URL.
    public var url: URL
    /// URLSession's request timeout, in seconds.
    public var timeout: TimeInterval
    /// The body is cut after this many bytes.
    public var limit: Int
    /// `POST` with this body; nil for `GET`.
    public var post: PostBody?
    /// The cookie jar to send cookies from and keep them in; nil: no cookies.
    public var cookieJar: String?
    /// The host of the page that asked for this one (a link followed, a form sent); nil when the user did.
    public var site: String?
    /// Where a file that is not a page is saved; nil: such a response is the failure `download`.
    public var saveIn: String?
    /// The most bytes a saved file may have (`--max-size`); nil: `defaultMaxDownloadBytes`. A larger one is
    /// refused (by its announced length, or once it grows past the cap) and nothing of it is kept.
    public var maxDownloadBytes: Int?
    /// A file reached through a redirect is not saved but answered with the failure `download`, so the host
    /// can ask the user first (`--ask-redirected`).
    public var askIfRedirected = false

    /// Downloads are capped at 2 GB unless the user says otherwise.
    public static let defaultMaxDownloadBytes = 2 << 30

    /// The largest `POST` body sent.
    public static let maximumPostBytes = 16 * 1024 * 1024

    public init(
        url: URL, timeout: TimeInterval, limit: Int, post: PostBody? = nil, cookieJar: String? = nil,
        site: String? = nil
    ) {
        self.url = url
        self.timeout = timeout
        self.limit = limit
        self.post = post
        self.cookieJar = cookieJar
        self.site = site
    }

    /// The arguments after the executable: URL, timeout, limit, then the options.
    public var arguments: [String] {
        var arguments = [url.absoluteString, String(timeout), String(limit)]
        if let post { arguments += ["--post", String(post.bytes.count), post.contentType] }
        if let cookieJar { arguments += ["--cookies", cookieJar] }
        if let site { arguments += ["--site", site] }
        if let saveIn { arguments += ["--save-in", saveIn] }
        if let maxDownloadBytes { arguments += ["--max-size", String(maxDownloadBytes)] }
        if askIfRedirected { arguments.append("--ask-redirected") }
        return arguments
    }

    /// Reads `arguments` (after the executable); nil unless they are an http(s) URL, a positive
    /// timeout and a positive limit, then at most a well-formed `--post`. A `POST` body's bytes are still
    /// to be read (`postLength` of them): they are empty here.
    public init?(arguments: [String]) {
        guard arguments.count >= 3, let url = URL(string: arguments[0]),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let timeout = TimeInterval(arguments[1]), timeout > 0, timeout.isFinite,
            let limit = Int(arguments[2]), limit > 0
        else { return nil }
        self.init(url: url, timeout: timeout, limit: limit)
        var rest = arguments.dropFirst(3)
        while let option = rest.popFirst() {
            switch option {
            case "--post" where post == nil && rest.count >= 2:
                guard let length = rest.popFirst().flatMap({ Int($0) }), (0...Self.maximumPostBytes).contains(length),
                    let type = rest.popFirst(), !type.isEmpty
                else { return nil }
                postLength = length
                post = PostBody(bytes: [], contentType: type)
            case "--cookies" where cookieJar == nil:
                guard let path = rest.popFirst(), !path.isEmpty else { return nil }
                cookieJar = path
            case "--site" where site == nil:
                guard let host = rest.popFirst(), !host.isEmpty else { return nil }
                site = host
            case "--save-in" where saveIn == nil:
                guard let directory = rest.popFirst(), !directory.isEmpty else { return nil }
                saveIn = directory
            case "--max-size" where maxDownloadBytes == nil:
                guard let bytes = rest.popFirst().flatMap({ Int($0) }), bytes > 0 else { return nil }
                maxDownloadBytes = bytes
            case "--ask-redirected":
                askIfRedirected = true
            default:
                return nil
            }
        }
    }

    /// How many body bytes the command line announced (read from stdin by `baton-fetch`).
    public private(set) var postLength: Int?
}

/// The head of a reply: where the request ended up and what the server said the body is.
public struct FetchHead: Codable, Equatable, Sendable {
    /// The protocol version (`FetchProtocol.version`).
    public var version: Int
    /// The final URL, after redirects.
    public var url: String
    /// The HTTP status.
    public var status: Int
    /// The `Content-Type` header, if the server sent one.
    public var contentType: String?
    /// Why cookies were off for this request (the jar is unsafe or damaged), if they were.
    public var cookieProblem: String?

    public init(url: URL, status: Int, contentType: String?, cookieProblem: String? = nil) {
        version = FetchProtocol.version
        self.url = url.absoluteString
        self.status = status
        self.contentType = contentType
        self.cookieProblem = cookieProblem
    }
}

/// One frame of a `baton-fetch` reply (see `FetchProtocol`).
public enum FetchFrame: Equatable, Sendable {
    case head(FetchHead)
    case data([UInt8])
    case end(truncated: Bool)
    case failure(PageLoadError)
    case progress(DownloadProgress)
    case saved(SavedFile)

    /// The frame's kind byte.
    enum Kind: UInt8 {
        case head = 0x48  // H
        case data = 0x44  // D
        case end = 0x45  // E
        case failure = 0x46  // F
        case progress = 0x50  // P
        case saved = 0x53  // S
    }

    struct End: Codable, Equatable {
        var truncated: Bool
    }

    struct Failure: Codable, Equatable {
        var version: Int
        var error: PageLoadError
    }

    /// The frame on the wire; data longer than `maximumDataLength` becomes several data frames, empty
    /// data none. Throws when a JSON payload cannot be encoded or is over `maximumJSONLength`.
    public func encoded() throws -> [UInt8] {
        switch self {
        case .head(let head): return try Self.json(head, kind: .head)
        case .end(let truncated): return try Self.json(End(truncated: truncated), kind: .end)
        case .failure(let error):
            return try Self.json(Failure(version: FetchProtocol.version, error: error), kind: .failure)
        case .progress(let progress): return try Self.json(progress, kind: .progress)
        case .saved(let saved): return try Self.json(saved, kind: .saved)
        case .data(let bytes):
            var wire: [UInt8] = []
            wire.reserveCapacity(bytes.count + FetchProtocol.frameHeaderLength)
            for start in stride(from: 0, to: bytes.count, by: FetchProtocol.maximumDataLength) {
                let piece = bytes[start..<min(start + FetchProtocol.maximumDataLength, bytes.count)]
                wire += Self.frameHeader(kind: .data, length: piece.count) + piece
            }
            return wire
        }
    }

    private static func json(_ value: some Encodable, kind: Kind) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payload = [UInt8](try encoder.encode(value))
        guard payload.count <= FetchProtocol.maximumJSONLength else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "over \(FetchProtocol.maximumJSONLength) bytes"))
        }
        return frameHeader(kind: kind, length: payload.count) + payload
    }

    private static func frameHeader(kind: Kind, length: Int) -> [UInt8] {
        let length = UInt32(length)
        return [
            kind.rawValue, UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF),
            UInt8(length & 0xFF),
        ]
    }
}
