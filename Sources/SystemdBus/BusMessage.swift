import CSystemdBus
import Foundation

/// Reading and writing one sd-bus message (`sd_bus_message *`) with sd-bus's plain functions; each read throws
/// `BusFailure` with sd-bus's error (a wrong signature, invalid UTF-8 in a string: sd-bus checks each string).
public struct BusMessage {
    public let pointer: OpaquePointer

    public init(pointer: OpaquePointer) { self.pointer = pointer }

    /// The failed call's name and its negative errno.
    public struct BusFailure: Error, CustomStringConvertible {
        public var call: String
        public var code: Int32
        public init(call: String, code: Int32) {
            self.call = call
            self.code = code
        }
        public var description: String { "\(call): \(String(cString: strerror(-code)))" }
    }

    private func check(_ result: Int32, _ call: String) throws(BusFailure) -> Int32 {
        guard result >= 0 else { throw BusFailure(call: call, code: result) }
        return result
    }

    public var member: String { sd_bus_message_get_member(pointer).map { String(cString: $0) } ?? "" }
    public var interface: String { sd_bus_message_get_interface(pointer).map { String(cString: $0) } ?? "" }
    public var sender: String { sd_bus_message_get_sender(pointer).map { String(cString: $0) } ?? "" }

    // MARK: Reading

    public func string() throws(BusFailure) -> String {
        var value: UnsafePointer<CChar>?
        _ = try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &value), "read string")
        return value.map { String(cString: $0) } ?? ""
    }

    /// A string cut to at most `limit` UTF-8 bytes (on a character boundary), without copying the rest.
    public func string(limit: Int) throws(BusFailure) -> String {
        var value: UnsafePointer<CChar>?
        _ = try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &value), "read string")
        guard let value else { return "" }
        let length = strnlen(value, limit + 1)
        let bytes = UnsafeRawBufferPointer(start: value, count: min(length, limit))
        var text = String(decoding: bytes, as: UTF8.self)
        if length > limit, text.last == "\u{FFFD}" { text.removeLast() }  // A character cut in two.
        return text
    }

    public func uint32() throws(BusFailure) -> UInt32 { try basic("u", UInt32(0)) }
    public func int32() throws(BusFailure) -> Int32 { try basic("i", Int32(0)) }
    public func byte() throws(BusFailure) -> UInt8 { try basic("y", UInt8(0)) }
    /// D-Bus booleans are 32 bits wide.
    public func boolean() throws(BusFailure) -> Bool { try basic("b", Int32(0)) != 0 }

    /// A fixed-size value of D-Bus type `type`, read into a `Value` of its size.
    private func basic<Value>(_ type: Unicode.Scalar, _ initial: Value) throws(BusFailure) -> Value {
        var value = initial
        _ = try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: type)), &value), "read \(type)")
        return value
    }

    /// Enters a container; false at the end of the enclosing array.
    public func enter(_ type: Character, _ contents: String) throws(BusFailure) -> Bool {
        try check(
            sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: type.unicodeScalars.first ?? "a")), contents),
            "enter \(type)\(contents)") > 0
    }

    public func exit() throws(BusFailure) {
        _ = try check(sd_bus_message_exit_container(pointer), "exit container")
    }

    public func skip(_ types: String) throws(BusFailure) {
        _ = try check(sd_bus_message_skip(pointer, types), "skip \(types)")
    }

    /// The type of the next value and, for a container, its contents' signature.
    public func peek() throws(BusFailure) -> (type: Character, contents: String) {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        _ = try check(sd_bus_message_peek_type(pointer, &type, &contents), "peek")
        return (Character(UnicodeScalar(UInt8(bitPattern: type))), contents.map { String(cString: $0) } ?? "")
    }

    // MARK: Writing

    public func append(_ value: String) throws(BusFailure) {
        _ = try check(
            value.withCString { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "s")), $0) }, "append string")
    }

    public func append(_ value: UInt32) throws(BusFailure) {
        var value = value
        _ = try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "u")), &value), "append uint32")
    }

    public func append(strings: [String]) throws(BusFailure) {
        _ = try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "s"), "open as")
        for value in strings { try append(value) }
        _ = try check(sd_bus_message_close_container(pointer), "close as")
    }

    public func append(_ value: Int32) throws(BusFailure) {
        var value = value
        _ = try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "i")), &value), "append int32")
    }

    public func append(byte value: UInt8) throws(BusFailure) {
        var value = value
        _ = try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "y")), &value), "append byte")
    }

    /// Opens a container (`a`, `e`, `v`, `r`) of `contents`; `close()` ends it.
    public func open(_ type: Character, _ contents: String) throws(BusFailure) {
        _ = try check(
            sd_bus_message_open_container(pointer, CChar(UInt8(ascii: type.unicodeScalars.first ?? "a")), contents),
            "open \(type)\(contents)")
    }

    public func close() throws(BusFailure) {
        _ = try check(sd_bus_message_close_container(pointer), "close container")
    }

    /// Reads an `ay` without copying it: the bytes stay in the message (valid while it lives).
    public func byteArray() throws(BusFailure) -> UnsafeRawBufferPointer {
        var bytes: UnsafeRawPointer?
        var size = 0
        _ = try check(sd_bus_message_read_array(pointer, CChar(UInt8(ascii: "y")), &bytes, &size), "read ay")
        return UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : size)
    }

    /// Reads an `as` (the whole array).
    public func strings() throws(BusFailure) -> [String] {
        _ = try enter("a", "s")
        var values: [String] = []
        while try peek().type == "s" { values.append(try string()) }
        try exit()
        return values
    }

    /// The D-Bus error this message carries (a method's error reply), or nil.
    public var error: (name: String, message: String)? {
        guard let error = sd_bus_message_get_error(pointer), sd_bus_error_is_set(error) != 0 else { return nil }
        return (
            error.pointee.name.map { String(cString: $0) } ?? "",
            error.pointee.message.map { String(cString: $0) } ?? ""
        )
    }
}
