/// How many colours the terminal can show, decided once at start-up.
public enum ColorSupport: Hashable, Sendable {
    case none, ansi8, ansi16, palette256

    /// Picks the level from the terminal's colour count, honouring `NO_COLOR`.
    public static func detect(colors: Int, hasColors: Bool, environment: [String: String])
        -> ColorSupport
    {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        guard hasColors else { return .none }
        if colors >= 256 { return .palette256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .none
    }

    /// The colour index to ask the terminal for, or nil for the default colour.
    /// With 16 or 8 colours the 256-colour cube and greys map to the nearest ANSI colour.
    public func resolve(_ color: Color) -> Int16? {
        guard case .indexed(let index) = color else { return nil }
        switch self {
        case .none: return nil
        case .palette256: return Int16(index)
        case .ansi16: return Int16(Self.nearestANSI(index))
        case .ansi8: return Int16(Self.nearestANSI(index) % 8)
        }
    }

    /// The nearest of the 16 ANSI colours to a 256-colour index.
    static func nearestANSI(_ index: UInt8) -> UInt8 {
        if index < 16 { return index }
        let (r, g, b): (Int, Int, Int)
        if index >= 232 {
            let level = Int(index - 232) * 10 + 8
            (r, g, b) = (level, level, level)
        } else {
            let cube = Int(index) - 16
            let steps = [0, 95, 135, 175, 215, 255]
            (r, g, b) = (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
        }
        let ansi: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        var best = 0
        var bestDistance = Int.max
        for (i, c) in ansi.enumerated() {
            let d = (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return UInt8(best)
    }
}
