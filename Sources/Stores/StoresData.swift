import Cartography
import Foundation

/// What the Stores app loads once, off the UI thread: the store index and the map renderer.
public struct StoresData: Sendable {
    public var index: StoreIndex
    /// Records of the dataset that were left out, each with its reason.
    public var problems: [StoreRecordProblem]
    /// The land, or nil when it could not be read (the map then shows water and markers only).
    public var land: LandGeometry?
    /// Why the land could not be read.
    public var landProblem: String?

    public init(
        index: StoreIndex, problems: [StoreRecordProblem] = [], land: LandGeometry?, landProblem: String? = nil
    ) {
        self.index = index
        self.problems = problems
        self.land = land
        self.landProblem = landProblem
    }

    /// Reads `Stores/apple-stores.json` and `Stores/world-land-110m.geojson` from `resources`.
    /// - Throws: `StoreDatasetError` when the store list as a whole is unreadable; a bad land file only
    ///   sets `landProblem`.
    public static func load(resources: URL) throws(StoreDatasetError) -> StoresData {
        let dataset: StoreDataset
        do {
            dataset = try StoreDataset(resourcesDirectory: resources)
        } catch let error as StoreDatasetError {
            throw error
        } catch {
            throw .unreadable(path: resources.path, reason: "\(error)")
        }
        do {
            let land = try LandGeometry(resourcesDirectory: resources)
            return StoresData(index: StoreIndex(stores: dataset.stores), problems: dataset.problems, land: land)
        } catch {
            return StoresData(
                index: StoreIndex(stores: dataset.stores), problems: dataset.problems, land: nil,
                landProblem: "\(error)")
        }
    }
}

/// Posted to the UI thread when the background load finished.
public struct StoresDataLoaded: Sendable {
    public var result: Result<StoresData, StoreDatasetError>
    public init(result: Result<StoresData, StoreDatasetError>) { self.result = result }
}

/// Runs the load somewhere other than the UI thread; tests run it inline.
public protocol StoresLoading: Sendable {
    func load(resources: URL?, then deliver: @escaping @Sendable (StoresDataLoaded) -> Void)
}

/// Loads on a background task and delivers the result from there (the suite posts it to the UI thread).
public struct BackgroundStoresLoader: StoresLoading {
    public init() {}

    public func load(resources: URL?, then deliver: @escaping @Sendable (StoresDataLoaded) -> Void) {
        Task.detached(priority: .userInitiated) { deliver(StoresDataLoaded(result: Self.read(resources))) }
    }

    /// The load itself.
    static func read(_ resources: URL?) -> Result<StoresData, StoreDatasetError> {
        guard let resources else {
            return .failure(.unreadable(path: "Resources/Stores", reason: "the Resources folder was not found"))
        }
        return Result { () throws(StoreDatasetError) in try StoresData.load(resources: resources) }
    }
}

/// Loads at once on the calling thread (tests, benchmarks).
public struct InlineStoresLoader: StoresLoading {
    public init() {}

    public func load(resources: URL?, then deliver: @escaping @Sendable (StoresDataLoaded) -> Void) {
        deliver(StoresDataLoaded(result: BackgroundStoresLoader.read(resources)))
    }
}
