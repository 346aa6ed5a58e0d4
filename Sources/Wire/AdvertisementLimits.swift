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

    /// At least `encodedSize`, counted without encoding: every byte of every string at JSON's widest escape
    /// (`\u001b`, 6 bytes), plus the keys, numbers and punctuation. Most advertisements are far under the
    /// limit by this count, and are then not encoded a second time only to be measured.
    public var encodedSizeBound: Int {
        let url =
            webpageURL.map {
                $0.absoluteString.utf8.count + $0.relativeString.utf8.count
                    + ($0.baseURL?.absoluteString.utf8.count ?? 0)
            } ?? 0
        let strings = [device, bundleIdentifier, teamIdentifier, activityType, title].reduce(url) {
            $0 + $1.utf8.count
        }
        return strings * 6 + 512
    }

    /// Why this advertisement cannot be offered (too large once its title is shortened), or nil.
    public var sizeRefusal: WireFailure? {
        let shortened = withShortenedTitle
        guard shortened.encodedSizeBound > AdvertisementLimits.maxEncodedBytes else { return nil }
        let size = shortened.encodedSize
        guard size > AdvertisementLimits.maxEncodedBytes else { return nil }
        return WireFailure(
            code: WireFailure.userInfoTooLarge,
            message:
                "the activity's advertisement is \(size) bytes (its web page URL or identifiers are too long), "
                + "over the \(AdvertisementLimits.maxEncodedBytes)-byte limit")
    }
}
