import Foundation

/// The size discipline of an advertisement: a title shortened to about one line (Apple shows one line in
/// the Dock), and a bound on the whole encoded advertisement so that every offer, and every list of
/// offers a query returns, fits in one frame.
public enum AdvertisementLimits {
    /// The longest title offered to other devices, in characters; longer ones end in "…".
    public static let maxTitleCharacters = 120
    /// The largest encoded advertisement accepted (its web page URL is the only other free-form field).
    public static let maxEncodedBytes = 8 * 1024
}

extension Advertisement {
    /// Whether the title is longer than other devices are shown.
    public var titleNeedsShortening: Bool { title.count > AdvertisementLimits.maxTitleCharacters }

    /// This advertisement with its title cut to `AdvertisementLimits.maxTitleCharacters` (ending in "…").
    public var withShortenedTitle: Advertisement {
        guard titleNeedsShortening else { return self }
        var copy = self
        copy.title = String(title.prefix(AdvertisementLimits.maxTitleCharacters - 1)) + "…"
        return copy
    }

    /// The advertisement's encoded size in bytes.
    public var encodedSize: Int { (try? JSONEncoder().encode(self).count) ?? Int.max }

    /// Why this advertisement cannot be offered (too large once its title is shortened), or nil.
    public var sizeRefusal: WireFailure? {
        let size = withShortenedTitle.encodedSize
        guard size > AdvertisementLimits.maxEncodedBytes else { return nil }
        return WireFailure(
            code: WireFailure.userInfoTooLarge,
            message:
                "the activity's advertisement is \(size) bytes (its web page URL or identifiers are too long), "
                + "over the \(AdvertisementLimits.maxEncodedBytes)-byte limit")
    }
}
