import Foundation
import PostgresNIO

/// A `postgres://user:password@host:port/database?sslmode=…` URL, as libpq reads it (the parts Baton uses):
/// `sslmode` `disable` (the default on loopback), `prefer`, `require`, `verify-ca` or `verify-full` (the system's
/// CA store, or `sslrootcert=FILE`).
public struct ServerAddress: Sendable, Equatable, Codable {
    public var url: String
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var sslMode: String
    public var rootCertificate: String?

    static let sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    public init(url: String) throws(AccountLinkError) {
        guard let components = URLComponents(string: url),
            components.scheme == "postgres" || components.scheme == "postgresql",
            let host = components.host, !host.isEmpty
        else {
            throw .usage("'\(url.prefix(80))' is not a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw .usage("the URL names no user (postgres://USER@HOST/DATABASE)")
        }
        let items = components.queryItems ?? []
        let sslMode = items.first { $0.name == "sslmode" }?.value ?? "prefer"
        guard Self.sslModes.contains(sslMode) else {
            throw .usage("unknown sslmode '\(sslMode)' (one of \(Self.sslModes.joined(separator: ", ")))")
        }
        self.url = url
        self.host = host
        port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? self.user : path
        self.sslMode = sslMode
        rootCertificate = items.first { $0.name == "sslrootcert" }?.value
    }

    /// The URL with its password hidden, for status lines and logs.
    public var redacted: String {
        guard password != nil, var components = URLComponents(string: url) else { return url }
        components.password = "…"
        return components.string ?? url
    }

    /// TLS as `sslmode` asks: nil for `disable`; whether the server must take it.
    func tls() throws(AccountLinkError) -> (configuration: TLSConfiguration, required: Bool)? {
        guard sslMode != "disable" else { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case "verify-full": break
        case "verify-ca": tls.certificateVerification = .noHostnameVerification
        default: tls.certificateVerification = .none
        }
        if let rootCertificate {
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificate))
            } catch {
                throw .usage("cannot read the root certificate \(rootCertificate): \(error)")
            }
        }
        return (tls, !["allow", "prefer"].contains(sslMode))
    }

    /// The pool's configuration (the link).
    public func clientConfiguration() throws(AccountLinkError) -> PostgresClient.Configuration {
        let mode: PostgresClient.Configuration.TLS =
            switch try tls() {
            case nil: .disable
            case (let configuration, let required)?: required ? .require(configuration) : .prefer(configuration)
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: mode)
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    /// One connection's configuration (the account commands: a refusal is reported at once, not retried).
    public func connectionConfiguration() throws(AccountLinkError) -> PostgresConnection.Configuration {
        let mode: PostgresConnection.Configuration.TLS
        do {
            mode =
                switch try tls() {
                case nil: .disable
                case (let configuration, let required)?:
                    required
                        ? .require(try NIOSSLContext(configuration: configuration))
                        : .prefer(try NIOSSLContext(configuration: configuration))
                }
        } catch let error as AccountLinkError {
            throw error
        } catch {
            throw .failed("cannot set up TLS: \(error)")
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: mode)
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }
}
