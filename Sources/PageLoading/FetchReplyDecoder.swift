import Foundation

/// Reads a `baton-fetch` reply (see `FetchProtocol`) as its bytes arrive, refusing anything that breaks
/// the protocol, and keeping at most `limit` bytes of body whatever the child sends.
struct FetchReplyDecoder {
    /// How a reply ended.
    enum Outcome: Equatable {
        /// A page: its head and body; `truncated` when cut at the limit (by the child or here).
        case page(FetchHead, body: [UInt8], truncated: Bool)
        /// The child's failure frame.
        case failed(PageLoadError)
        /// A file saved where it says.
        case saved(SavedFile)
    }

    /// Why a reply was refused.
    enum Violation: Error, Equatable, CustomStringConvertible {
        case unknownKind(UInt8)
        case oversizedFrame(kind: String, length: Int)
        case emptyData
        case malformedJSON(kind: String)
        case unsupportedVersion(Int)
        case invalidHead(String)
        case unexpectedFrame(kind: String, state: String)
        case bytesAfterReply
        /// The child's output ended without `E` or `F`; `sent` says what came.
        case incomplete(sent: String)

        var description: String {
            switch self {
            case .unknownKind(let byte): "a frame of unknown kind \(byte)"
            case .oversizedFrame(let kind, let length): "a \(kind) frame of \(length) bytes, over the limit"
            case .emptyData: "an empty data frame"
            case .malformedJSON(let kind): "a \(kind) frame that is not the expected JSON"
            case .unsupportedVersion(let version):
                "protocol version \(version), baton speaks \(FetchProtocol.version) (rebuild with scripts/setup.sh)"
            case .invalidHead(let detail): "a head with \(detail)"
            case .unexpectedFrame(let kind, let state): "a \(kind) frame \(state)"
            case .bytesAfterReply: "bytes after the end of its reply"
            case .incomplete(let sent): "no complete reply (\(sent))"
            }
        }
    }

    private enum State: Equatable {
        case awaitingHead
        case body(FetchHead)
        case downloading
        case finished
    }

    /// The most body bytes kept.
    let limit: Int
    private var state = State.awaitingHead
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    private var body: [UInt8] = []
    /// The outcome, once a final frame came or the body went over the limit.
    private(set) var outcome: Outcome?
    /// True when this side cut the body at the limit (the child sent more than it should have).
    private(set) var cutHere = false
    /// The latest progress of a download, if the reply is one.
    private(set) var progress: DownloadProgress?

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes the next bytes of the reply and reads every whole frame in them.
    mutating func append(_ bytes: some Collection<UInt8>) throws(Violation) {
        if cutHere { return }
        if state == .finished, !bytes.isEmpty { throw .bytesAfterReply }
        buffer.append(contentsOf: bytes)
        while !cutHere, let frame = try nextFrame() {
            try take(frame.kind, frame.payload)
        }
        if start > 0 && (start >= buffer.count || start > 64 * 1024) {
            buffer.removeFirst(start)
            start = 0
        }
        if state == .finished && start < buffer.count && !cutHere { throw .bytesAfterReply }
    }

    /// The outcome at the end of the child's output; throws when the reply was not finished.
    func finish() throws(Violation) -> Outcome {
        if let outcome { return outcome }
        if state == .awaitingHead {
            throw .incomplete(sent: start < buffer.count ? "part of a frame came" : "nothing came")
        }
        throw .incomplete(sent: "a head and \(body.count) bytes of body came")
    }

    /// The next whole frame in `buffer`, or nil while it is still arriving.
    private mutating func nextFrame() throws(Violation) -> (kind: FetchFrame.Kind, payload: ArraySlice<UInt8>)? {
        guard start < buffer.count else { return nil }
        guard let kind = FetchFrame.Kind(rawValue: buffer[start]) else { throw .unknownKind(buffer[start]) }
        guard buffer.count - start >= FetchProtocol.frameHeaderLength else { return nil }
        let length = buffer[(start + 1)..<(start + 5)].reduce(0) { $0 << 8 | Int($1) }
        let maximum = kind == .data ? FetchProtocol.maximumDataLength : FetchProtocol.maximumJSONLength
        guard length <= maximum else { throw .oversizedFrame(kind: Self.name(kind), length: length) }
        let payloadStart = start + FetchProtocol.frameHeaderLength
        guard buffer.count - payloadStart >= length else { return nil }
        start = payloadStart + length
        return (kind, buffer[payloadStart..<start])
    }

    private mutating func take(_ kind: FetchFrame.Kind, _ payload: ArraySlice<UInt8>) throws(Violation) {
        switch (kind, state) {
        case (.head, .awaitingHead):
            try Self.checkVersion(payload, kind: kind)
            let head = try Self.decode(FetchHead.self, payload, kind: kind)
            guard URL(string: head.url)?.host != nil else { throw .invalidHead("the URL '\(head.url)'") }
            guard (100...999).contains(head.status) else { throw .invalidHead("the status \(head.status)") }
            state = .body(head)
        case (.progress, .awaitingHead), (.progress, .downloading):
            progress = try Self.decode(DownloadProgress.self, payload, kind: kind)
            state = .downloading
        case (.saved, .downloading):
            outcome = .saved(try Self.decode(SavedFile.self, payload, kind: kind))
            state = .finished
        case (.failure, .awaitingHead), (.failure, .body), (.failure, .downloading):
            try Self.checkVersion(payload, kind: kind)
            outcome = .failed(try Self.decode(FetchFrame.Failure.self, payload, kind: kind).error)
            state = .finished
        case (.data, .body(let head)):
            guard !payload.isEmpty else { throw .emptyData }
            let room = limit - body.count
            body.append(contentsOf: payload.prefix(room))
            if payload.count > room {
                outcome = .page(head, body: body, truncated: true)
                cutHere = true
                state = .finished
            }
        case (.end, .body(let head)):
            let end = try Self.decode(FetchFrame.End.self, payload, kind: kind)
            outcome = .page(head, body: body, truncated: end.truncated)
            state = .finished
        case (_, .finished):
            throw .bytesAfterReply
        case (.head, .body), (.progress, .body), (.saved, .body):
            throw .unexpectedFrame(kind: Self.name(kind), state: "after the head")
        case (.head, .downloading), (.data, .downloading), (.end, .downloading):
            throw .unexpectedFrame(kind: Self.name(kind), state: "in a download")
        case (.saved, .awaitingHead):
            throw .unexpectedFrame(kind: Self.name(kind), state: "before any progress")
        case (.data, .awaitingHead), (.end, .awaitingHead):
            throw .unexpectedFrame(kind: Self.name(kind), state: "before the head")
        }
    }

    /// Checks the version before the rest, whose shape another version may have changed.
    private static func checkVersion(_ payload: ArraySlice<UInt8>, kind: FetchFrame.Kind) throws(Violation) {
        struct Versioned: Decodable { var version: Int }
        let version = try decode(Versioned.self, payload, kind: kind).version
        guard version == FetchProtocol.version else { throw .unsupportedVersion(version) }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ payload: ArraySlice<UInt8>, kind: FetchFrame.Kind)
        throws(Violation) -> T
    {
        do {
            return try JSONDecoder().decode(type, from: Data(payload))
        } catch {
            throw .malformedJSON(kind: name(kind))
        }
    }

    private static func name(_ kind: FetchFrame.Kind) -> String {
        switch kind {
        case .head: "head"
        case .data: "data"
        case .end: "end"
        case .failure: "failure"
        case .progress: "progress"
        case .saved: "saved"
        }
    }
}
