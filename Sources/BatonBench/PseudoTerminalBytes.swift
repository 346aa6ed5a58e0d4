import CPseudoTerminal
import Foundation
import Synchronization
import TerminalUI

/// Counts the bytes ncurses writes to a real pseudo-terminal: a reader thread drains the master side
/// while frames are presented on the slave side through `NcursesTerminal`.
enum PseudoTerminalBytes {
    struct Result {
        var oneCell: [Double]
        var full: [Double]
    }

    static func measure(frames: (Int) -> CellBuffer, size: Size, repeats: Int) throws -> Result {
        var pathBuffer = [CChar](repeating: 0, count: 128)
        let master = baton_open_pty(UInt16(size.height), UInt16(size.width), &pathBuffer, UInt(pathBuffer.count))
        guard master >= 0 else { throw BenchError(description: "cannot open a pseudo-terminal") }
        defer { close(master) }
        let slavePath = String(decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let output = fopen(slavePath, "w+"), let input = fopen(slavePath, "r") else {
            throw BenchError(description: "cannot open \(slavePath)")
        }
        defer {
            fclose(output)
            fclose(input)
        }
        let counter = ByteCounter(fd: master)
        counter.start()
        defer { counter.stop() }

        let terminal = try NcursesTerminal(
            terminalType: "xterm-256color", input: input, output: output, environment: [:])
        defer { terminal.shutdown() }
        let renderer = FrameRenderer(backend: terminal)
        var result = Result(oneCell: [], full: [])
        for round in 0..<repeats {
            var frame = frames(round)
            renderer.present(frame)
            counter.settle()
            // One cell changes, as a keystroke in a text field would.
            let before = counter.total
            frame.put(round % 2 == 0 ? "x" : "y", x: 100, y: 30)
            renderer.present(frame)
            counter.settle()
            result.oneCell.append(Double(counter.total - before))
            // The same frame repainted in full.
            let beforeFull = counter.total
            renderer.invalidate()
            renderer.present(frame)
            counter.settle()
            result.full.append(Double(counter.total - beforeFull))
        }
        return result
    }
}

/// Reads everything written to a pty master on its own thread and counts it.
final class ByteCounter: Sendable {
    private let fd: Int32
    private let count = Atomic<Int>(0)
    private let running = Atomic<Bool>(false)

    init(fd: Int32) { self.fd = fd }

    var total: Int { count.load(ordering: .acquiring) }

    func start() {
        running.store(true, ordering: .releasing)
        Self.read(
            fd, while: { [self] in running.load(ordering: .acquiring) },
            take: { [self] chunk in count.add(chunk.count, ordering: .releasing) })
    }

    /// Reads `fd` on a thread of its own while `running()` holds, handing each chunk to `take`.
    static func read(
        _ fd: Int32, while running: @escaping @Sendable () -> Bool,
        take: @escaping @Sendable (ArraySlice<UInt8>) -> Void
    ) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while running() {
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 20) > 0 else { continue }
                let n = Glibc.read(fd, &buffer, buffer.count)
                if n > 0 {
                    take(buffer[0..<n])
                } else if n < 0 && errno != EINTR && errno != EAGAIN {
                    break
                }
            }
        }
        thread.start()
    }

    /// Waits until no more bytes arrive for a moment (the last write has been drained).
    func settle() {
        var last = -1
        while total != last {
            last = total
            Thread.sleep(forTimeInterval: 0.03)
        }
    }

    func stop() { running.store(false, ordering: .releasing) }
}
