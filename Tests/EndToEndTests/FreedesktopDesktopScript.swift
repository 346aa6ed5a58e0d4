/// A desktop's notification server on a second bus (python3-dbus) whose user is quick: a notification with an
/// `ok` action is answered, then chosen at once, as a 1.2 server does it: `ActivationToken(id,
/// 'token-from-the-desktop')` and then `ActionInvoked(id, 'ok')`. Prints `ready`, and `app NAME for SUMMARY`
/// and `notify SUMMARY` for each call.
enum FreedesktopDesktopScript {
    static let token = "token-from-the-desktop"
    static let source = #"""
        import dbus
        import dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        IFACE = 'org.freedesktop.Notifications'
        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()

        class Desktop(dbus.service.Object):
            last = 0

            @dbus.service.method(IFACE, in_signature='susssasa{sv}i', out_signature='u')
            def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
                self.last += 1
                nid = dbus.UInt32(replaces or self.last)
                print('app', app, 'for', summary, flush=True)
                print('notify', summary, flush=True)
                if 'ok' in [str(a) for a in actions][0::2]:
                    def choose():
                        self.ActivationToken(nid, 'token-from-the-desktop')
                        self.ActionInvoked(nid, 'ok')
                        return False
                    GLib.idle_add(choose)
                return nid

            @dbus.service.method(IFACE, out_signature='as')
            def GetCapabilities(self):
                return ['actions', 'body']

            @dbus.service.method(IFACE, in_signature='u')
            def CloseNotification(self, nid):
                self.NotificationClosed(nid, dbus.UInt32(3))

            @dbus.service.signal(IFACE, signature='us')
            def ActivationToken(self, nid, token):
                pass

            @dbus.service.signal(IFACE, signature='us')
            def ActionInvoked(self, nid, key):
                pass

            @dbus.service.signal(IFACE, signature='uu')
            def NotificationClosed(self, nid, reason):
                pass

        Desktop(bus, '/org/freedesktop/Notifications')
        name = dbus.service.BusName(IFACE, bus)
        print('ready', flush=True)
        GLib.MainLoop().run()
        """#
}
