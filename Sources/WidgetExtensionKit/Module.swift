// WidgetExtensionKit: work in progress; replaced as the module lands.
enum WidgetExtensionKitModule {}
