/// The suite's apps' device tokens for remote notifications (bundle identifier → 64 hex digits), as the
/// daemon gave them when the suite registered its apps; post it to `.shell` and About shows them.
public struct DeviceTokensNotice: Sendable {
    public var tokens: [String: String]
    public init(tokens: [String: String]) { self.tokens = tokens }
}
