import Foundation

/// A point on Earth in degrees.
public struct Coordinate: Codable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius the distance uses, in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres (haversine formula).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let phi1 = latitude * radians
        let phi2 = other.latitude * radians
        let deltaPhi = (other.latitude - latitude) * radians
        let deltaLambda = (other.longitude - longitude) * radians
        let sinPhi = sin(deltaPhi / 2)
        let sinLambda = sin(deltaLambda / 2)
        let a = sinPhi * sinPhi + cos(phi1) * cos(phi2) * sinLambda * sinLambda
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }
}

/// A crossing of a region's boundary.
public enum RegionCrossing: String, Codable, Hashable, Sendable {
    case entry, exit
}

extension Region {
    /// The region's centre.
    public var centre: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    /// Whether `point` is inside the circle (on the boundary counts as inside).
    public func contains(_ point: Coordinate) -> Bool { centre.distance(to: point) <= radius }

    /// The crossing a move from `previous` to `current` makes, if the region notifies on it.
    ///
    /// An unknown location (nil) is outside every region, as Core Location reports a region's state as
    /// unknown until it has a fix: a first fix inside is an entry; losing the location is not an exit.
    public func crossing(from previous: Coordinate?, to current: Coordinate?) -> RegionCrossing? {
        guard let current else { return nil }
        let wasInside = previous.map(contains) ?? false
        let isInside = contains(current)
        if !wasInside && isInside && notifyOnEntry { return .entry }
        if wasInside && !isInside && notifyOnExit { return .exit }
        return nil
    }
}

/// Which location triggers fire when the device moves.
public enum RegionMonitor {
    /// The requests among `requests` whose location trigger fires for a move from `previous` to
    /// `current`, with the crossing each makes. Other triggers are ignored.
    public static func firing(
        _ requests: [NotificationRequest], from previous: Coordinate?, to current: Coordinate?
    ) -> [(request: NotificationRequest, crossing: RegionCrossing)] {
        requests.compactMap { request in
            guard case .location(let region, _) = request.trigger,
                let crossing = region.crossing(from: previous, to: current)
            else { return nil }
            return (request, crossing)
        }
    }
}
