import BatonEnvironment
import Foundation
import Wire

/// Who may be this machine's account link: the daemon writes a fresh random token for each run
/// (`BatonPaths.linkToken`, the user's alone), and grants a connection as the link only when it shows that
/// token *and* its peer's pid holds the link's lock (`BatonPaths.linkLock`). Never by a name: a device can call
/// itself anything, including what the link calls the machines its values come from.
struct LinkGrant {
    let paths: BatonPaths
    /// This run's token; empty when it could not be written (then no connection is granted).
    let token: String

    init(paths: BatonPaths) {
        self.paths = paths
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<4).map { _ in String(generator.next(), radix: 16) }.joined(separator: "-")
        do {
            try PrivateFile.write(Data(fresh.utf8), to: paths.linkToken)
            token = fresh
        } catch {
            token = ""
        }
    }

    /// Why `hello` from a peer with `pid` is not the link's; nil when it is.
    func refusal(of hello: LinkHello, peerPID: pid_t?) -> String? {
        guard !token.isEmpty else { return "the daemon could not write its link token" }
        guard hello.token.utf8.count == token.utf8.count, Self.same(hello.token, token) else {
            return "not the token this daemon wrote for its link"
        }
        guard let peerPID, let holder = LockHolder.pid(of: paths.linkLock), holder == peerPID else {
            return "the peer does not hold the link's lock"
        }
        return nil
    }

    /// Compares without stopping at the first difference.
    private static func same(_ a: String, _ b: String) -> Bool {
        zip(a.utf8, b.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
