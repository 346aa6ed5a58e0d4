/// A key the terminal reported, without modifiers.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, tab, backspace, delete, insert, escape
    case up, down, left, right
    case home, end, pageUp, pageDown
    case function(Int)
}

/// Modifier keys held with a key.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let alt = Modifiers(rawValue: 1 << 1)
    public static let control = Modifiers(rawValue: 1 << 2)
}

/// A key press with its modifiers; `Ctrl-O` is `.character("o")` with `.control`.
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    public var key: Key
    public var modifiers: Modifiers

    public init(_ key: Key, _ modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    public static func char(_ c: Character) -> KeyPress { KeyPress(.character(c)) }
    public static func ctrl(_ c: Character) -> KeyPress { KeyPress(.character(c), .control) }
    public static func alt(_ c: Character) -> KeyPress { KeyPress(.character(c), .alt) }
    public static func f(_ n: Int) -> KeyPress { KeyPress(.function(n)) }

    /// The printable character typed, when this is plain text input.
    public var text: Character? {
        if case .character(let c) = key, modifiers.subtracting(.shift).isEmpty { return c }
        return nil
    }

    /// How the help bar names the key: `Ctrl-O`, `Alt-←`, `F10`, `Shift-Tab`.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        // A shifted character names itself ("K", not "Shift-K"); Shift shows for keys without case.
        var namesItself = false
        if case .character(let c) = key, c != " ", modifiers.isDisjoint(with: [.control, .alt]) { namesItself = true }
        if modifiers.contains(.shift), !namesItself { parts.append("Shift") }
        let name: String
        switch key {
        case .character(" "): name = "Space"
        case .character(let c): name = modifiers.contains(.control) ? String(c).uppercased() : String(c)
        case .enter: name = "Enter"
        case .tab: name = "Tab"
        case .backspace: name = "Backspace"
        case .delete: name = "Del"
        case .insert: name = "Ins"
        case .escape: name = "Esc"
        case .up: name = "↑"
        case .down: name = "↓"
        case .left: name = "←"
        case .right: name = "→"
        case .home: name = "Home"
        case .end: name = "End"
        case .pageUp: name = "PgUp"
        case .pageDown: name = "PgDn"
        case .function(let n): name = "F\(n)"
        }
        parts.append(name)
        return parts.joined(separator: "-")
    }
}

/// A mouse report: where, and what happened.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        case press, release, click, drag, wheelUp, wheelDown
    }
    public var kind: Kind
    public var position: Point
    public init(kind: Kind, position: Point) {
        self.kind = kind
        self.position = position
    }
}

/// Anything the terminal tells the program.
public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    case mouse(MouseEvent)
    case resize(Size)
}
