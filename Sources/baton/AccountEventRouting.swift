import AccountClient
import TerminalUI
import Wire

/// Who in the suite an event from the account daemon is for: key-value messages go to the key-value store,
/// everything else to the dock (Handoff's coordinator); connection changes go to both.
enum AccountEventRouting {
    static func addressees(of event: AccountEvent) -> [Addressee] {
        switch event {
        case .connected, .disconnected, .refused: [.keyValueStore, .dock]
        case .timer: [.dock]
        case .message(let message): message.family == .keyValue ? [.keyValueStore] : [.dock]
        }
    }

    /// Posts what the account client reports to each of its addressees (anything but an `AccountEvent`, to
    /// the dock).
    static func post(_ event: any Sendable, to port: MessagePort) {
        guard let event = event as? AccountEvent else { return port.post(event, to: .dock) }
        for addressee in addressees(of: event) { port.post(event, to: addressee) }
    }
}
