/// Places store markers into cells and gathers crowded ones into clusters.
///
/// Stores in one cell always form one marker. When `mergeNeighbours` is set (low zooms), the
/// fullest cells first absorb the occupied cells around them (8-neighbourhood), so a dense metro
/// area shows one count instead of a smear of symbols.
struct MarkerLayout {
    let favourites: Set<String>
    let selected: String?
    let mergeNeighbours: Bool

    /// An occupied cell and the stores in it, in the dataset's order.
    private struct Occupied {
        let column: Int
        let row: Int
        var ids: [String]
    }

    private static let neighbourOffsets = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]

    func markers(for stores: [StoreRecord], transform: ViewportTransform) -> [MapMarker] {
        let columns = max(transform.size.columns, 0)
        let rows = max(transform.size.rows, 0)
        // The occupied cells, and for each canvas cell the index of its entry (-1: empty).
        var slots = [Int32](repeating: -1, count: columns * rows)
        var occupied: [Occupied] = []
        for index in stores.indices {
            guard let cell = transform.cell(of: stores[index].coordinate) else { continue }
            let key = cell.row * columns + cell.column
            if slots[key] < 0 {
                slots[key] = Int32(occupied.count)
                occupied.append(Occupied(column: cell.column, row: cell.row, ids: [stores[index].id]))
            } else {
                occupied[Int(slots[key])].ids.append(stores[index].id)
            }
        }
        let seeds = occupied.indices.sorted { a, b in
            let (countA, countB) = (occupied[a].ids.count, occupied[b].ids.count)
            if countA != countB { return countA > countB }
            return (occupied[a].row, occupied[a].column) < (occupied[b].row, occupied[b].column)
        }
        var taken = [Bool](repeating: false, count: occupied.count)
        var markers: [MapMarker] = []
        for seed in seeds where !taken[seed] {
            taken[seed] = true
            var ids = occupied[seed].ids
            if mergeNeighbours {
                for (dx, dy) in Self.neighbourOffsets {
                    let column = occupied[seed].column + dx
                    let row = occupied[seed].row + dy
                    guard column >= 0, row >= 0, column < columns, row < rows else { continue }
                    let other = Int(slots[row * columns + column])
                    guard other >= 0, !taken[other] else { continue }
                    taken[other] = true
                    ids += occupied[other].ids
                }
            }
            markers.append(marker(at: occupied[seed], ids: ids.sorted()))
        }
        return markers.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
    }

    private func marker(at cell: Occupied, ids: [String]) -> MapMarker {
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
}
