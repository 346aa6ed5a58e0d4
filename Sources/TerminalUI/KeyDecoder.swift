import CNcursesw

/// One value read from ncurses' `wget_wch`: a character, or a key code (`KEY_CODE_YES`).
public enum RawInput: Hashable, Sendable {
    case character(UInt32)
    case keyCode(Int32)
}

/// Turns what ncurses reads into key presses: control bytes become `Ctrl-…`, an Escape followed at
/// once by a character becomes `Alt-…`, and terminal-specific extended codes (Alt/Ctrl/Shift arrows)
/// come from a table read from terminfo at start-up.
public struct KeyDecoder: Sendable {
    /// Extended key codes (such as `kLFT3`) found in the terminal's description.
    public var extendedKeys: [Int32: KeyPress]

    public init(extendedKeys: [Int32: KeyPress] = [:]) { self.extendedKeys = extendedKeys }

    /// Decodes one batch of input read together (an Escape pairs only with what arrived with it).
    public func decode(_ batch: [RawInput]) -> [KeyPress] {
        var presses: [KeyPress] = []
        var index = 0
        while index < batch.count {
            let raw = batch[index]
            index += 1
            if raw == .character(27), index < batch.count {
                let next = decode(batch[index])
                if let next, next.key != .escape {
                    index += 1
                    presses.append(KeyPress(next.key, next.modifiers.union(.alt)))
                    continue
                }
            }
            if let press = decode(raw) { presses.append(press) }
        }
        return presses
    }

    /// Decodes a single value with no Escape pairing.
    public func decode(_ raw: RawInput) -> KeyPress? {
        switch raw {
        case .character(let value): return Self.decodeCharacter(value)
        case .keyCode(let code): return decodeKeyCode(code)
        }
    }

    static func decodeCharacter(_ value: UInt32) -> KeyPress? {
        switch value {
        case 9: return KeyPress(.tab)
        case 10, 13: return KeyPress(.enter)
        case 8, 127: return KeyPress(.backspace)
        case 27: return KeyPress(.escape)
        case 0: return KeyPress(.character(" "), .control)
        case 1...26:
            guard let scalar = Unicode.Scalar(value + 96) else { return nil }
            return KeyPress(.character(Character(scalar)), .control)
        case 28...31:
            guard let scalar = Unicode.Scalar(value + 64) else { return nil }
            return KeyPress(.character(Character(scalar)), .control)
        default:
            guard let scalar = Unicode.Scalar(value), value >= 32 else { return nil }
            return KeyPress(.character(Character(scalar)))
        }
    }

    func decodeKeyCode(_ code: Int32) -> KeyPress? {
        if let extended = extendedKeys[code] { return extended }
        switch code {
        case KEY_UP: return KeyPress(.up)
        case KEY_DOWN: return KeyPress(.down)
        case KEY_LEFT: return KeyPress(.left)
        case KEY_RIGHT: return KeyPress(.right)
        case KEY_SR: return KeyPress(.up, .shift)
        case KEY_SF: return KeyPress(.down, .shift)
        case KEY_SLEFT: return KeyPress(.left, .shift)
        case KEY_SRIGHT: return KeyPress(.right, .shift)
        case KEY_HOME: return KeyPress(.home)
        case KEY_END: return KeyPress(.end)
        case KEY_SHOME: return KeyPress(.home, .shift)
        case KEY_SEND: return KeyPress(.end, .shift)
        case KEY_PPAGE: return KeyPress(.pageUp)
        case KEY_NPAGE: return KeyPress(.pageDown)
        case KEY_DC: return KeyPress(.delete)
        case KEY_IC: return KeyPress(.insert)
        case KEY_BACKSPACE: return KeyPress(.backspace)
        case KEY_ENTER: return KeyPress(.enter)
        case KEY_BTAB: return KeyPress(.tab, .shift)
        case KEY_F0 + 1...KEY_F0 + 12: return KeyPress(.function(Int(code - KEY_F0)))
        case KEY_F0 + 13...KEY_F0 + 24: return KeyPress(.function(Int(code - KEY_F0 - 12)), .shift)
        case KEY_F0 + 25...KEY_F0 + 36: return KeyPress(.function(Int(code - KEY_F0 - 24)), .control)
        default: return nil
        }
    }

    /// Reads the terminal's extended keys (`kLFT3`, `kRIT5`, …) with `tigetstr` and `key_defined`.
    /// Call after ncurses is initialised.
    public static func extendedKeysFromTerminfo() -> [Int32: KeyPress] {
        let names: [(String, Key)] = [
            ("kLFT", .left), ("kRIT", .right), ("kUP", .up), ("kDN", .down),
            ("kHOM", .home), ("kEND", .end), ("kDC", .delete), ("kPRV", .pageUp), ("kNXT", .pageDown),
        ]
        let suffixes: [(Int, Modifiers)] = [
            (2, [.shift]), (3, [.alt]), (4, [.shift, .alt]), (5, [.control]), (6, [.control, .shift]),
            (7, [.control, .alt]),
        ]
        var table: [Int32: KeyPress] = [:]
        for (name, key) in names {
            for (suffix, modifiers) in suffixes {
                let capability = "\(name)\(suffix)"
                guard let sequence = capability.withCString({ tigetstr($0) }),
                    Int(bitPattern: sequence) != -1, Int(bitPattern: sequence) != 0
                else { continue }
                let code = key_defined(sequence)
                if code > 0 { table[code] = KeyPress(key, modifiers) }
            }
        }
        return table
    }
}
