/// Another notification server (a desktop's, say) on the test's bus (python3-dbus): it owns
/// `org.freedesktop.Notifications` allowing replacement, queues for it when it loses it, answers
/// `GetServerInformation` as `Other`, and prints `ready`, `lost` and `acquired`.
enum FreedesktopOtherServerScript {
    static let source = #"""
        import dbus
        import dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        NAME = 'org.freedesktop.Notifications'
        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()

        class Other(dbus.service.Object):
            @dbus.service.method(NAME, out_signature='ssss')
            def GetServerInformation(self):
                return ('Other', 'Desktop', '1', '1.2')

        Other(bus, '/org/freedesktop/Notifications')
        bus.add_signal_receiver(
            lambda name: name == NAME and print('lost', flush=True), 'NameLost', 'org.freedesktop.DBus')
        bus.add_signal_receiver(
            lambda name: name == NAME and print('acquired', flush=True), 'NameAcquired', 'org.freedesktop.DBus')
        owner = dbus.service.BusName(NAME, bus, allow_replacement=True, replace_existing=False, do_not_queue=False)
        print('ready', flush=True)
        GLib.MainLoop().run()
        """#
}
