import Glibc

/// A NULL-terminated array of C strings for `posix_spawn`'s `argv` and `envp`, freed when released.
public final class CStringArray {
    /// The pointers, ending with nil, as `posix_spawn` takes them.
    public private(set) var pointers: [UnsafeMutablePointer<CChar>?]

    public init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    /// An environment block (`KEY=value`), sorted so children see a stable order.
    public convenience init(environment: [String: String]) {
        self.init(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }
}
