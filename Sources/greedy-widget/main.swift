import WidgetExtensionKit

WidgetExtensionRunner.main(GreedyWidget.self)
