/// The browser's tabs and which one is selected. There is always at least one tab and at most nine.
public struct BrowserTabs: Sendable {
    public static let maximum = 9

    public private(set) var tabs: [BrowserTab]
    public private(set) var selectedIndex: Int
    private var nextID: Int

    /// The four tabs of the sample (or the given kinds), the first selected.
    public init(kinds: [TabKind] = TabKind.initial) {
        let kinds = kinds.isEmpty ? [TabKind.other] : Array(kinds.prefix(Self.maximum))
        self.init(tabs: kinds.map { ($0, TabHistory()) }, selected: 0)
    }

    /// Tabs restored from a snapshot (an empty one gives the initial tabs).
    public init(snapshot: BrowserSnapshot) {
        let saved = snapshot.tabs.prefix(Self.maximum)
        if saved.isEmpty {
            self.init()
        } else {
            self.init(tabs: saved.map { ($0.kind, $0.history) }, selected: snapshot.selected)
        }
    }

    private init(tabs saved: [(TabKind, TabHistory)], selected: Int) {
        tabs = saved.enumerated().map { BrowserTab(id: $0.offset + 1, kind: $0.element.0, history: $0.element.1) }
        selectedIndex = min(max(0, selected), tabs.count - 1)
        nextID = tabs.count + 1
    }

    public var count: Int { tabs.count }
    public var isFull: Bool { tabs.count >= Self.maximum }

    public var selected: BrowserTab {
        get { tabs[selectedIndex] }
        set { tabs[selectedIndex] = newValue }
    }

    public subscript(index: Int) -> BrowserTab {
        get { tabs[index] }
        set { tabs[index] = newValue }
    }

    /// The index of the tab with `id`.
    public func index(ofID id: Int) -> Int? { tabs.firstIndex { $0.id == id } }

    /// The first tab of `kind`.
    public func index(of kind: TabKind) -> Int? { tabs.firstIndex { $0.kind == kind } }

    /// Opens a tab after the others and selects it; nil when nine are open.
    @discardableResult
    public mutating func open(_ kind: TabKind = .other) -> Int? {
        guard !isFull else { return nil }
        tabs.append(BrowserTab(id: nextID, kind: kind))
        nextID += 1
        selectedIndex = tabs.count - 1
        return selectedIndex
    }

    /// Closes the tab at `index` (never the last one); the neighbour to its left is then selected.
    @discardableResult
    public mutating func close(at index: Int) -> BrowserTab? {
        guard tabs.count > 1, tabs.indices.contains(index) else { return nil }
        let closed = tabs.remove(at: index)
        if selectedIndex > index || (selectedIndex == index && index > 0) { selectedIndex -= 1 }
        return closed
    }

    /// Selects the tab at `index`; returns false when there is none.
    @discardableResult
    public mutating func select(_ index: Int) -> Bool {
        guard tabs.indices.contains(index) else { return false }
        selectedIndex = index
        return true
    }

    /// Selects the next tab (`by: 1`) or the previous one (`by: -1`), wrapping around.
    public mutating func cycle(by step: Int) {
        selectedIndex = ((selectedIndex + step) % tabs.count + tabs.count) % tabs.count
    }

    /// What is saved for the device: kinds and histories, the current scroll positions included.
    public var snapshot: BrowserSnapshot {
        BrowserSnapshot(
            tabs: tabs.map { tab in
                var history = tab.history
                history.record(scroll: tab.scroll.top)
                return BrowserSnapshot.Tab(kind: tab.kind, history: history)
            }, selected: selectedIndex)
    }
}
