import WidgetExtensionKit

WidgetExtensionRunner.main(FaultyWidget.self)
