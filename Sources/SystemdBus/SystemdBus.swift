import CSystemdBus
import CSystemdBusLoader
import Foundation

/// Connections and calls on sd-bus (libsystemd-dev), the D-Bus library of Baton's freedesktop server and of the
/// desktop bridge: chosen over libdbus for its plain message API (no main-loop glue to write) and because it
/// checks every string it reads or writes (UTF-8, object paths, signatures). Everything here runs on the
/// connection's bus thread (`BusLoop`): sd-bus is not thread-safe.
public enum SystemdBus {
    /// A connection to the bus at `address`, as a client of a bus (sd-bus's `Hello`).
    public static func open(address: String) throws(BusMessage.BusFailure) -> OpaquePointer {
        guard baton_sd_bus_available() != 0 else {
            throw BusMessage.BusFailure(call: "load libsystemd.so.0 (Debian package libsystemd0)", code: -ENOSYS)
        }
        var bus: OpaquePointer?
        var result = sd_bus_new(&bus)
        guard result >= 0, let bus else { throw BusMessage.BusFailure(call: "sd_bus_new", code: result) }
        result = sd_bus_set_address(bus, address)
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        guard result >= 0 else {
            sd_bus_unref(bus)
            throw BusMessage.BusFailure(call: "sd_bus_start", code: result)
        }
        return bus
    }

    /// A method call to fill and send with `call`.
    public static func methodCall(
        _ bus: OpaquePointer, destination: String, path: String, interface: String, member: String
    ) throws(BusMessage.BusFailure) -> BusMessage {
        var message: OpaquePointer?
        let result = sd_bus_message_new_method_call(bus, &message, destination, path, interface, member)
        guard result >= 0, let message else {
            throw BusMessage.BusFailure(call: "new method call \(member)", code: result)
        }
        return BusMessage(pointer: message)
    }

    /// Sends `message` (and releases it) without waiting; `reply` runs once on the bus thread with the answer or
    /// an error reply (sd-bus makes one when the call times out after `timeout` seconds or the connection ends).
    public static func call(
        _ bus: OpaquePointer, _ message: BusMessage, timeout: Double, reply: @escaping (BusMessage) -> Void
    ) throws(BusMessage.BusFailure) {
        defer { sd_bus_message_unref(message.pointer) }
        let box = Unmanaged.passRetained(Handler(reply)).toOpaque()
        let handler: sd_bus_message_handler_t = { answer, userdata, _ in
            guard let userdata else { return 0 }
            let handler = Unmanaged<Handler>.fromOpaque(userdata).takeRetainedValue()
            if let answer { handler.body(BusMessage(pointer: answer)) }
            return 1
        }
        let result = sd_bus_call_async(bus, nil, message.pointer, handler, box, UInt64(timeout * 1_000_000))
        guard result >= 0 else {
            Unmanaged<Handler>.fromOpaque(box).release()
            throw BusMessage.BusFailure(call: "send", code: result)
        }
    }

    /// Calls `body` on the bus thread for each message matching `rule`; unref the returned slot to stop.
    public static func match(
        _ bus: OpaquePointer, _ rule: String, _ body: @escaping (BusMessage) -> Void
    ) throws(BusMessage.BusFailure) -> OpaquePointer {
        let box = Unmanaged.passRetained(Handler(body)).toOpaque()
        let handler: sd_bus_message_handler_t = { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<Handler>.fromOpaque(userdata).takeUnretainedValue().body(BusMessage(pointer: message))
            return 0
        }
        var slot: OpaquePointer?
        let result = sd_bus_add_match(bus, &slot, rule, handler, box)
        guard result >= 0, let slot else {
            Unmanaged<Handler>.fromOpaque(box).release()
            throw BusMessage.BusFailure(call: "add match", code: result)
        }
        _ = sd_bus_slot_set_destroy_callback(slot) { userdata in
            if let userdata { Unmanaged<Handler>.fromOpaque(userdata).release() }
        }
        return slot
    }

    /// A closure handed to sd-bus as userdata.
    private final class Handler {
        let body: (BusMessage) -> Void
        init(_ body: @escaping (BusMessage) -> Void) { self.body = body }
    }
}
