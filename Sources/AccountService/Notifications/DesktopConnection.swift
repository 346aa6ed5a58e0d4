import CSystemdBus
import Foundation
import SystemdBus

/// The desktop bridge's one connection to the session bus (sd-bus, on a bus thread of its own): calls to the
/// desktop's notification server are posted to the thread and sent there without waiting; their answers and
/// the server's signals come back through closures (the bridge hops onto its event loop). No child processes,
/// no GVariant text: sd-bus writes and checks every value.
final class DesktopConnection: @unchecked Sendable {
    static let destination = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    /// How long a call may wait for the server (the bridge tries again later).
    static let callTimeout = 5.0
    /// The server's signals (ActionInvoked, NotificationClosed, ActivationToken) from whoever owns the name.
    static let signalRule =
        "type='signal',sender='\(destination)',path='\(path)',interface='\(destination)'"

    /// One call to the server.
    enum Call: Sendable {
        case capabilities
        case notify(NotifyArguments)
        case close(id: UInt32)
    }

    /// `Notify`'s arguments (the hints say the urgency, and that Baton sent it).
    struct NotifyArguments: Sendable, Equatable {
        /// `app_name`: a freedesktop program's own name, else "Baton".
        var appName = "Baton"
        var replacing: UInt32
        var summary: String
        var body: String
        var actions: [String]
        var urgency: UInt8
    }

    /// What a call came back with.
    enum Answer: Sendable {
        case id(UInt32)
        case capabilities([String])
        case done
        case failed(String)
    }

    private let bus: OpaquePointer
    private let loop: BusLoop
    /// Bus thread only.
    private var signals: OpaquePointer?

    private init(bus: OpaquePointer, loop: BusLoop) {
        self.bus = bus
        self.loop = loop
    }

    /// Connects to `address` and subscribes to the server's signals; `onEnd` runs (on the bus thread) once the
    /// connection is over, with why.
    static func open(
        address: String, onSignal: @escaping @Sendable (FreedesktopSignal) -> Void,
        onEnd: @escaping @Sendable (String) -> Void
    ) throws -> DesktopConnection {
        let bus = try SystemdBus.open(address: address)
        let connection: DesktopConnection
        do {
            connection = DesktopConnection(bus: bus, loop: try BusLoop(bus: bus))
            connection.signals = try SystemdBus.match(bus, signalRule) { message in
                if let signal = FreedesktopSignal(message) { onSignal(signal) }
            }
        } catch {
            sd_bus_flush_close_unref(bus)
            throw error
        }
        Thread.detachNewThread {
            let result = connection.loop.run()
            connection.signals.map { _ = sd_bus_slot_unref($0) }
            sd_bus_flush_close_unref(connection.bus)
            onEnd(result == 0 ? "closed" : String(cString: strerror(-result)))
        }
        return connection
    }

    /// Sends `call`; `answer` runs once on the bus thread (unless the connection is closed first: `onEnd` then
    /// says so).
    func call(_ call: Call, answer: @escaping @Sendable (Answer) -> Void) {
        loop.post { [self] in
            do {
                let message = try Self.message(call, bus: bus)
                try SystemdBus.call(bus, message, timeout: Self.callTimeout) { reply in
                    answer(Self.read(reply, of: call))
                }
            } catch {
                answer(.failed("\(error)"))
            }
        }
    }

    /// Ends the connection (its thread flushes what was sent and exits).
    func close() { loop.stop() }

    private static func message(_ call: Call, bus: OpaquePointer) throws -> BusMessage {
        let member: String
        switch call {
        case .capabilities: member = "GetCapabilities"
        case .notify: member = "Notify"
        case .close: member = "CloseNotification"
        }
        let message = try SystemdBus.methodCall(
            bus, destination: destination, path: path, interface: destination, member: member)
        do {
            switch call {
            case .capabilities: break
            case .close(let id): try message.append(id)
            case .notify(let arguments):
                try message.append(arguments.appName)
                try message.append(arguments.replacing)
                try message.append("")
                try message.append(arguments.summary)
                try message.append(arguments.body)
                try message.append(strings: arguments.actions)
                try message.open("a", "{sv}")
                try message.open("e", "sv")
                try message.append("urgency")
                try message.open("v", "y")
                try message.append(byte: arguments.urgency)
                try message.close()
                try message.close()
                // The loop guard: Baton's own server answers this and adds nothing.
                try message.open("e", "sv")
                try message.append("desktop-entry")
                try message.open("v", "s")
                try message.append("baton")
                try message.close()
                try message.close()
                try message.close()
                try message.append(Int32(-1))
            }
        } catch {
            sd_bus_message_unref(message.pointer)
            throw error
        }
        return message
    }

    private static func read(_ reply: BusMessage, of call: Call) -> Answer {
        if let error = reply.error { return .failed("\(error.name): \(error.message)") }
        do {
            switch call {
            case .capabilities: return .capabilities(try reply.strings())
            case .notify: return .id(try reply.uint32())
            case .close: return .done
            }
        } catch {
            return .failed("\(error)")
        }
    }
}

extension FreedesktopSignal {
    /// The signal `message` carries, or nil for another one or one of the wrong shape.
    init?(_ message: BusMessage) {
        switch message.member {
        case "ActionInvoked":
            guard sd_bus_message_has_signature(message.pointer, "us") > 0, let id = try? message.uint32(),
                let key = try? message.string()
            else { return nil }
            self = .actionInvoked(id: id, actionKey: key)
        case "ActivationToken":
            guard sd_bus_message_has_signature(message.pointer, "us") > 0, let id = try? message.uint32(),
                let token = try? message.string(limit: FreedesktopBridge.maxTokenBytes)
            else { return nil }
            self = .activationToken(id: id, token: token)
        case "NotificationClosed":
            guard sd_bus_message_has_signature(message.pointer, "uu") > 0, let id = try? message.uint32(),
                let reason = try? message.uint32()
            else { return nil }
            self = .closed(id: id, reason: reason)
        default:
            return nil
        }
    }
}
