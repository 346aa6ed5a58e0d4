import FoundationEssentials
import WidgetExtensionKit

/// The Favorites widget: the favourite stores Stores keeps in the app group.
struct FavoritesWidget: WidgetProviding {
    /// How many stores the compact display lists before "and N more".
    static let compactCount = 3

    mutating func widgetPerformUpdate(
        context: WidgetExtensionContext, completionHandler: (WidgetUpdate) -> Void
    ) {
        let file = URL(fileURLWithPath: context.request.appGroupPath).appendingPathComponent(
            "favorites.json")
        guard let data = try? Data(contentsOf: file) else {
            completionHandler(
                WidgetUpdate(result: .newData, content: WidgetContent(lines: ["No favourite stores yet"])))
            return
        }
        guard let stores = try? JSONDecoder().decode([FavoriteStore].self, from: data) else {
            context.cancelRequest(reason: "favorites.json in the app group is not a list of {name, city}")
            return
        }
        // `o` on the card opens the first favourite in Stores.
        if let slug = stores.first?.slug, !slug.isEmpty { context.open("baton://stores/\(slug)") }
        completionHandler(
            WidgetUpdate(result: .newData, content: WidgetContent(lines: lines(stores, context.request))))
    }

    private func lines(_ stores: [FavoriteStore], _ request: WidgetRequest) -> [String] {
        guard !stores.isEmpty else { return ["No favourite stores yet"] }
        let shown = request.displayMode == .expanded ? stores : Array(stores.prefix(Self.compactCount))
        var lines = shown.map { "★ \($0.name) — \($0.city)" }
        if shown.count < stores.count {
            lines.append("and \(stores.count - shown.count) more")
        }
        return lines
    }
}
