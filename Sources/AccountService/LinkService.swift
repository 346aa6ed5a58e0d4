import Foundation
import Logging
import Wire

/// Grants a connection as this machine's account link (`LinkHello`, checked by `LinkGrant`). Serves the
/// `link` family; needs no registration. A refused claim closes the connection: a client that claims to be the
/// link and is not is either confused or hostile, and its writes must never be judged as the link's.
final class LinkService: DaemonService {
    let families: Set<MessageFamily> = [.link]
    var requiresRegistration: Bool { false }

    private let grant: LinkGrant
    private let logger: Logger

    init(grant: LinkGrant, logger: Logger) {
        self.grant = grant
        self.logger = logger
    }

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        guard case .linkHello(let hello) = message else {
            return connection.fail(nil, code: WireFailure.badRequest, "'\(message.kind)' is not sent to the daemon")
        }
        if let refusal = grant.refusal(of: hello, peerPID: connection.peerPID) {
            logger.warning("refused a link claim", metadata: ["from": "\(connection.name)", "reason": "\(refusal)"])
            connection.fail(hello.requestID, code: WireFailure.forbidden, "not this machine's link: \(refusal)")
            return connection.close()
        }
        connection.isLink = true
        logger.info("the account link connected", metadata: ["pid": "\(connection.peerPID ?? 0)"])
        connection.send(.linkGranted(LinkGranted(requestID: hello.requestID)))
    }
}
