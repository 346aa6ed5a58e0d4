import Foundation

extension LinkFiles {
    /// Writes `value` as JSON to `url` (0600, atomically; fsynced when `durable`).
    static func writeJSON(_ value: some Encodable, to url: URL, durable: Bool = true) throws(AccountLinkError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw .failed("cannot write \(url.path): \(error)")
        }
        try writePrivate(data, to: url, durable: durable)
    }
}
