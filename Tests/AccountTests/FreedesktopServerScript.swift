/// A small freedesktop notification server for the bridge's tests (python3-dbus, python3-gi): it owns
/// `org.freedesktop.Notifications` on the bus it is given, answers Notify with ids (reusing replaces_id),
/// prints each call as a JSON line, and emits a real `ActionInvoked` or `NotificationClosed` when the test calls
/// `org.baton.TestControl.Invoke` / `Close`. A notification whose summary starts "Dismissed before the reply" is
/// dismissed (reason 2) before Notify answers.
enum FreedesktopServerScript {
    static let source = #"""
        import json, os, sys
        import dbus, dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        DBusGMainLoop(set_as_default=True)
        IFACE = 'org.freedesktop.Notifications'

        def say(**fields):
            print(json.dumps(fields), flush=True)

        class Server(dbus.service.Object):
            def __init__(self, bus):
                self.last = 0
                dbus.service.Object.__init__(self, bus, '/org/freedesktop/Notifications')

            @dbus.service.method(IFACE, in_signature='susssasa{sv}i', out_signature='u')
            def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
                if replaces:
                    nid = int(replaces)
                else:
                    self.last += 1
                    nid = self.last
                say(event='notify', id=nid, replaces=int(replaces), app=str(app), summary=str(summary),
                    body=str(body), actions=[str(a) for a in actions])
                if str(summary).startswith('Dismissed before the reply'):
                    # A quick user on a busy machine: the signal is on the bus before Notify's answer.
                    self.NotificationClosed(dbus.UInt32(nid), dbus.UInt32(2))
                return dbus.UInt32(nid)

            @dbus.service.method(IFACE, in_signature='u')
            def CloseNotification(self, nid):
                say(event='close', id=int(nid))
                self.NotificationClosed(nid, dbus.UInt32(3))

            @dbus.service.method(IFACE, out_signature='as')
            def GetCapabilities(self):
                return os.environ.get('TEST_CAPABILITIES', 'actions,body').split(',')

            @dbus.service.method(IFACE, out_signature='ssss')
            def GetServerInformation(self):
                return ('baton-test-server', 'baton', '1', '1.2')

            @dbus.service.signal(IFACE, signature='us')
            def ActionInvoked(self, nid, key):
                pass

            @dbus.service.signal(IFACE, signature='uu')
            def NotificationClosed(self, nid, reason):
                pass

            @dbus.service.method('org.baton.TestControl', in_signature='us')
            def Invoke(self, nid, key):
                self.ActionInvoked(dbus.UInt32(nid), key)

            @dbus.service.method('org.baton.TestControl', in_signature='uu')
            def Close(self, nid, reason):
                self.NotificationClosed(dbus.UInt32(nid), dbus.UInt32(reason))

        bus = dbus.SessionBus()
        server = Server(bus)
        name = dbus.service.BusName(IFACE, bus)
        say(event='ready')
        GLib.MainLoop().run()
        """#
}
