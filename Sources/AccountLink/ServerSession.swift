import Foundation
import Logging
import PostgresNIO

/// One connection to the account's server for the length of `body` (the account commands): a refusal (wrong
/// password, no such database, TLS required) is reported at once, and a server that does not answer within
/// `timeout` gives a clear line instead of a hang.
public enum ServerSession {
    public static func with<T: Sendable>(
        _ address: ServerAddress, logger: Logger, timeout: Duration = .seconds(20),
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(AccountLinkError) -> T {
        let configuration = try address.connectionConfiguration()
        do {
            return try await withThrowingTaskGroup(of: T.self) { group in
                group.addTask {
                    let connection = try await PostgresConnection.connect(
                        on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1,
                        logger: logger
                    ).get()
                    do {
                        let result = try await body(connection)
                        try? await connection.close()
                        return result
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw AccountLinkError.failed(
                        "the server at \(address.host):\(address.port) did not answer within \(timeout)")
                }
                defer { group.cancelAll() }
                guard let result = try await group.next() else {
                    throw AccountLinkError.failed("the connection to the server ended")
                }
                return result
            }
        } catch let error as AccountLinkError {
            throw error
        } catch {
            throw .failed(ServerErrors.describe(error))
        }
    }
}
