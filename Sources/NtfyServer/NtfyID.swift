import Foundation

/// Message ids as ntfy makes them: 12 characters of `[A-Za-z0-9]`.
public enum NtfyID {
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}
