import WidgetExtensionKit

WidgetExtensionRunner.main(FavoritesWidget.self)
