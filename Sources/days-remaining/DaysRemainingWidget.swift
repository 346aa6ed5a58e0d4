import WidgetExtensionKit

/// The Days Remaining widget: the day of the year and the days left in it.
struct DaysRemainingWidget: WidgetProviding {
    private var lastLines: [String] = []

    init() {}

    mutating func widgetPerformUpdate(
        context: WidgetExtensionContext, completionHandler: (WidgetUpdate) -> Void
    ) {
        let request = context.request
        let progress = YearProgress(
            epochSeconds: request.now, utcOffsetSeconds: request.utcOffsetSeconds)
        let lines = progress.lines(mode: request.displayMode, width: request.maximumWidth)
        let result: WidgetUpdateResult = lines == lastLines ? .noData : .newData
        lastLines = lines
        completionHandler(WidgetUpdate(result: result, content: WidgetContent(lines: lines)))
    }
}
