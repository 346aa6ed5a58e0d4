import Foundation
import Wire

/// An app's manifest, read from its real `Info.plist`: identity, team and the activity types it declares.
public struct AppManifest: Sendable, Equatable {
    public var bundleIdentifier: String
    public var teamIdentifier: String
    /// `CFBundleDisplayName`, else `CFBundleName`, else the last part of the bundle identifier.
    public var displayName: String
    /// `NSUserActivityTypes`: the only types the app may make current or continue.
    public var activityTypes: [String]

    public init(bundleIdentifier: String, teamIdentifier: String, displayName: String, activityTypes: [String]) {
        self.bundleIdentifier = bundleIdentifier
        self.teamIdentifier = teamIdentifier
        self.displayName = displayName
        self.activityTypes = activityTypes
    }

    /// Reads and validates the manifest at `url`.
    public static func load(from url: URL) throws(ManifestError) -> AppManifest {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try parse(data, source: url.path)
    }

    /// Reads and validates the manifest `Resources/<app>/Info.plist` under `resources`.
    public static func load(app: String, resources: URL) throws(ManifestError) -> AppManifest {
        try load(from: resources.appendingPathComponent(app).appendingPathComponent("Info.plist"))
    }

    /// Parses and validates property-list data (XML or binary); `source` names it in errors.
    public static func parse(_ data: Data, source: String) throws(ManifestError) -> AppManifest {
        let raw: RawInfo
        do {
            raw = try PropertyListDecoder().decode(RawInfo.self, from: data)
        } catch {
            throw .unreadable(path: source, reason: Self.reason(error))
        }
        let manifest = AppManifest(
            bundleIdentifier: raw.bundleIdentifier ?? "",
            teamIdentifier: raw.teamIdentifier ?? "",
            displayName: raw.displayName ?? raw.bundleName
                ?? String((raw.bundleIdentifier ?? "").split(separator: ".").last ?? ""),
            activityTypes: raw.activityTypes ?? [])
        try ManifestValidation.check(manifest, raw: raw, source: source)
        return manifest
    }

    /// Whether the app declares `type`.
    public func declares(_ type: String) -> Bool { activityTypes.contains(type) }

    /// The form the daemon routes offers by.
    public var descriptor: AppDescriptor {
        AppDescriptor(bundleIdentifier: bundleIdentifier, teamIdentifier: teamIdentifier, activityTypes: activityTypes)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) must be \(type)"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}

/// The keys of `Info.plist` a manifest reads.
struct RawInfo: Decodable {
    var bundleIdentifier: String?
    var teamIdentifier: String?
    var bundleName: String?
    var displayName: String?
    var activityTypes: [String]?

    enum CodingKeys: String, CodingKey {
        case bundleIdentifier = "CFBundleIdentifier"
        case teamIdentifier = "TeamIdentifier"
        case bundleName = "CFBundleName"
        case displayName = "CFBundleDisplayName"
        case activityTypes = "NSUserActivityTypes"
    }
}
