import WidgetExtensionKit

WidgetExtensionRunner.main(UpNextWidget.self)
