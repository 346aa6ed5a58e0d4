/// Whether a load may save a file that is not a page, or must let the user decide first.
public enum DownloadConsent: Hashable, Sendable {
    /// The user asked for this address (typed it, followed a link): a file it names is saved, but one
    /// reached through a redirect is offered first (`PageLoadError.download`).
    case direct
    /// The page asked, not the user (a `<meta http-equiv=refresh>`): no file is saved without asking.
    case ask
    /// The user said yes to this file: saved, redirected or not.
    case given
}
