import Foundation

/// Parses an ISO 8601 date with offset; test inputs are literals, so a bad one is a test bug.
func instant(_ text: String, sourceLocation: StaticString = #fileID) -> Date {
    guard let date = try? Date(text, strategy: .iso8601) else {
        preconditionFailure("bad test date \(text)")
    }
    return date
}

/// The zone named `identifier` (test literals only).
func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { preconditionFailure("no zone \(identifier)") }
    return zone
}

/// `date` as local wall-clock text with its UTC offset in `zone`, e.g. `2026-03-08T03:00:00-04:00`.
func local(_ date: Date?, _ zone: TimeZone) -> String {
    guard let date else { return "nil" }
    var style = Date.ISO8601FormatStyle(timeZone: zone)
    style = style.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .colon)
    return style.format(date)
}
