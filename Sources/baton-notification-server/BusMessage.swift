import CSystemdBus
import Foundation

/// Reading and writing one sd-bus message (`sd_bus_message *`) with sd-bus's plain functions; each read throws
/// `BusFailure` with sd-bus's error (a wrong signature, invalid UTF-8 in a string: sd-bus checks each string).
struct BusMessage {
    let pointer: OpaquePointer

    /// The failed call's name and its negative errno.
    struct BusFailure: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call): \(String(cString: strerror(-code)))" }
    }

    private func check(_ result: Int32, _ call: String) throws(BusFailure) -> Int32 {
        guard result >= 0 else { throw BusFailure(call: call, code: result) }
        return result
    }

    var member: String { sd_bus_message_get_member(pointer).map { String(cString: $0) } ?? "" }
    var interface: String { sd_bus_message_get_interface(pointer).map { String(cString: $0) } ?? "" }
    var sender: String { sd_bus_message_get_sender(pointer).map { String(cString: $0) } ?? "" }

    // MARK: Reading

    func string() throws(BusFailure) -> String {
        var value: UnsafePointer<CChar>?
        _ = try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &value), "read string")
        return value.map { String(cString: $0) } ?? ""
    }

    /// A string cut to at most `limit` UTF-8 bytes (on a character boundary), without copying the rest.
    func string(limit: Int) throws(BusFailure) -> String {
        var value: UnsafePointer<CChar>?
        _ = try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &value), "read string")
        guard let value else { return "" }
        let length = strnlen(value, limit + 1)
        let bytes = UnsafeRawBufferPointer(start: value, count: min(length, limit))
        var text = String(decoding: bytes, as: UTF8.self)
        if length > limit, text.last == "\u{FFFD}" { text.removeLast() }  // A character cut in two.
        return text
    }

    func uint32() throws(BusFailure) -> UInt32 { try basic("u", UInt32(0)) }
    func int32() throws(BusFailure) -> Int32 { try basic("i", Int32(0)) }
    func byte() throws(BusFailure) -> UInt8 { try basic("y", UInt8(0)) }
    /// D-Bus booleans are 32 bits wide.
    func boolean() throws(BusFailure) -> Bool { try basic("b", Int32(0)) != 0 }

    /// A fixed-size value of D-Bus type `type`, read into a `Value` of its size.
    private func basic<Value>(_ type: Unicode.Scalar, _ initial: Value) throws(BusFailure) -> Value {
        var value = initial
        _ = try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: type)), &value), "read \(type)")
        return value
    }

    /// Enters a container; false at the end of the enclosing array.
    func enter(_ type: Character, _ contents: String) throws(BusFailure) -> Bool {
        try check(
            sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: type.unicodeScalars.first ?? "a")), contents),
            "enter \(type)\(contents)") > 0
    }

    func exit() throws(BusFailure) {
        _ = try check(sd_bus_message_exit_container(pointer), "exit container")
    }

    func skip(_ types: String) throws(BusFailure) {
        _ = try check(sd_bus_message_skip(pointer, types), "skip \(types)")
    }

    /// The type of the next value and, for a container, its contents' signature.
    func peek() throws(BusFailure) -> (type: Character, contents: String) {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        _ = try check(sd_bus_message_peek_type(pointer, &type, &contents), "peek")
        return (Character(UnicodeScalar(UInt8(bitPattern: type))), contents.map { String(cString: $0) } ?? "")
    }

    // MARK: Writing

    func append(_ value: String) throws(BusFailure) {
        _ = try check(
            value.withCString { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "s")), $0) }, "append string")
    }

    func append(_ value: UInt32) throws(BusFailure) {
        var value = value
        _ = try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "u")), &value), "append uint32")
    }

    func append(strings: [String]) throws(BusFailure) {
        _ = try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "s"), "open as")
        for value in strings { try append(value) }
        _ = try check(sd_bus_message_close_container(pointer), "close as")
    }
}
