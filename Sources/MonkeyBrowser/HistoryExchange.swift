import Foundation

/// The small JSON exchange over a continuation stream pair: the continuing device asks for the tab's
/// history (one request line) and the source answers with it (one line), scroll positions included.
public enum HistoryExchange {
    /// The longest line either side accepts.
    public static let maximumBytes = 2 * 1024 * 1024
    /// The largest answer to a `POST` that travels with the history (a larger one is not sent; the other
    /// device says it stayed behind).
    public static let maximumAnswerBytes = 512 * 1024

    /// What the continuing device sends.
    public struct Request: Codable, Equatable, Sendable {
        public var want: String
        public var device: String
        public init(device: String) {
            want = "history"
            self.device = device
        }
    }

    /// Encodes one message as a JSON line.
    public static func line<T: Encodable>(_ value: T) -> Data {
        var data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
        data.append(0x0A)
        return data
    }

    /// Collects stream chunks until the first line is complete.
    public struct LineReader: Sendable {
        private var buffer = Data()
        public init() {}

        /// What the bytes so far amount to.
        public enum Outcome: Equatable, Sendable {
            /// No newline yet, and still within the limit.
            case needMore
            /// The first line, without its newline.
            case line(Data)
            /// More than `maximumBytes` with no newline: the peer is not speaking this exchange.
            case tooLong
        }

        public mutating func append(_ chunk: Data) -> Outcome {
            buffer.append(chunk)
            if let newline = buffer.firstIndex(of: 0x0A) {
                return .line(buffer[buffer.startIndex..<newline])
            }
            return buffer.count > HistoryExchange.maximumBytes ? .tooLong : .needMore
        }
    }
}
