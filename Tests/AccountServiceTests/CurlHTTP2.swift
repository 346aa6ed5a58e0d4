import Foundation

/// Debian's `curl --http2` as a provider: one request (or several on one connection with `--next`), the
/// status, response headers and body of each. Runs off the cooperative pool (the process's end is awaited).
struct CurlHTTP2 {
    /// One response.
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
        /// `{"reason": …}`'s reason.
        var reason: String? { json?["reason"] as? String }
        var timestamp: Int64? { (json?["timestamp"] as? NSNumber)?.int64Value }
        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        }
    }

    /// One request's curl arguments (after the connection's own).
    struct Request {
        var path: String
        var headers: [String] = []
        var data: String? = #"{"aps":{"alert":"test"}}"#
        var method: String?
    }

    var base: String
    var caFile: String

    /// Sends `requests` on one connection (curl reuses it across `--next`) and returns each response.
    func send(_ requests: [Request]) async throws -> [Response] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments: [String] = []
        for (index, request) in requests.enumerated() {
            if index > 0 { arguments.append("--next") }
            arguments += [
                "-s", "--http2", "--cacert", caFile, "-D", directory.appendingPathComponent("h\(index)").path,
            ]
            arguments += ["-o", directory.appendingPathComponent("b\(index)").path]
            for header in request.headers { arguments += ["--header", header] }
            if let data = request.data { arguments += ["--data-binary", data] }
            if let method = request.method { arguments += ["-X", method] }
            arguments.append(base + request.path)
        }
        let status = try await Self.run("/usr/bin/curl", arguments)
        guard status == 0 else { throw CurlError.exit(status) }
        return try requests.indices.map { index in
            let head = try String(contentsOf: directory.appendingPathComponent("h\(index)"), encoding: .utf8)
            let body = (try? String(contentsOf: directory.appendingPathComponent("b\(index)"), encoding: .utf8)) ?? ""
            return Self.parse(head: head, body: body)
        }
    }

    /// One request.
    func send(_ request: Request) async throws -> Response {
        guard let response = try await send([request]).first else { throw CurlError.noResponse }
        return response
    }

    static func parse(head: String, body: String) -> Response {
        let lines = head.split(whereSeparator: \.isNewline)
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Runs `program` and awaits its exit status.
    static func run(_ program: String, _ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}

enum CurlError: Error {
    case exit(Int32)
    case noResponse
}
