/// Places store markers into cells and gathers crowded ones into clusters.
///
/// Stores in one cell always form one marker. When `mergeNeighbours` is set (low zooms), the
/// fullest cells first absorb the occupied cells around them (8-neighbourhood), so a dense metro
/// area shows one count instead of a smear of symbols.
struct MarkerLayout {
    let favourites: Set<String>
    let selected: String?
    let mergeNeighbours: Bool

    private struct CellKey: Hashable {
        let column: Int
        let row: Int
    }

    func markers(for stores: [StoreRecord], transform: ViewportTransform) -> [MapMarker] {
        var occupied: [CellKey: [String]] = [:]
        for store in stores {
            guard let cell = transform.cell(of: store.coordinate) else { continue }
            occupied[CellKey(column: cell.column, row: cell.row), default: []].append(store.id)
        }
        let seeds = occupied.keys.sorted { a, b in
            let (countA, countB) = (occupied[a]?.count ?? 0, occupied[b]?.count ?? 0)
            if countA != countB { return countA > countB }
            return (a.row, a.column) < (b.row, b.column)
        }
        var taken: Set<CellKey> = []
        var markers: [MapMarker] = []
        for seed in seeds where !taken.contains(seed) {
            taken.insert(seed)
            var ids = occupied[seed] ?? []
            if mergeNeighbours {
                for neighbour in Self.neighbours(of: seed) where !taken.contains(neighbour) {
                    guard let more = occupied[neighbour] else { continue }
                    taken.insert(neighbour)
                    ids += more
                }
            }
            markers.append(marker(at: seed, ids: ids.sorted()))
        }
        return markers.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
    }

    private func marker(at cell: CellKey, ids: [String]) -> MapMarker {
        let kind: MapCellKind
        if let selected, ids.contains(selected) {
            kind = .selected
        } else if ids.count > 1 {
            kind = .cluster(ids.count)
        } else if let only = ids.first, favourites.contains(only) {
            kind = .favourite
        } else {
            kind = .store
        }
        return MapMarker(column: cell.column, row: cell.row, storeIDs: ids, kind: kind)
    }

    private static func neighbours(of cell: CellKey) -> [CellKey] {
        [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)].map {
            CellKey(column: cell.column + $0.0, row: cell.row + $0.1)
        }
    }
}
