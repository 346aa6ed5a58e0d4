/// Six clients (python3-dbus, each its own bus connection) flood `Notify` with 1 000 calls each while the daemon
/// is stopped (argv[1], its pid: no place frees), then a victim calls once. Event-driven, no timing: the victim
/// calls once every flooder has been refused at least once (the places are as full as the rule lets them be),
/// and the daemon goes on once the server has read the victim's call (its `GetServerInformation`, sent after on
/// the same connection, is answered). Prints `victim id` or `victim error NAME`, then `flood answered N`.
enum FreedesktopFloodScript {
    static let source = #"""
        import os
        import signal
        import sys
        import dbus
        import dbus.bus
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        DBusGMainLoop(set_as_default=True)
        daemon = int(sys.argv[1])
        def server():
            return dbus.Interface(
                dbus.bus.BusConnection(dbus.bus.BUS_SESSION).get_object(
                    'org.freedesktop.Notifications', '/org/freedesktop/Notifications'),
                'org.freedesktop.Notifications')
        floods = [server() for _ in range(6)]
        victim = server()
        loop = GLib.MainLoop()
        state = {'answered': 0, 'refused': set(), 'victim': None, 'sent': False}
        def notify(target, app, summary, reply, error):
            target.Notify(
                app, dbus.UInt32(0), '', summary, '', dbus.Array([], signature='s'),
                dbus.Dictionary({}, signature='sv'), dbus.Int32(-1), reply_handler=reply, error_handler=error)
        def finish_if_done():
            if state['answered'] == 6000 and state['victim'] is not None:
                loop.quit()
        def victim_answered(text):
            state['victim'] = text
            finish_if_done()
        def victim_call():
            state['sent'] = True
            notify(victim, 'Victim', 'victim', lambda *args: victim_answered('id'),
                   lambda error: victim_answered('error ' + error.get_dbus_name()))
            victim.GetServerInformation(
                reply_handler=lambda *args: os.kill(daemon, signal.SIGCONT),
                error_handler=lambda *args: os.kill(daemon, signal.SIGCONT))
        def flood_answered(index, refused):
            state['answered'] += 1
            if refused:
                state['refused'].add(index)
            if len(state['refused']) == 6 and not state['sent']:
                victim_call()
            finish_if_done()
        os.kill(daemon, signal.SIGSTOP)
        for index, flood in enumerate(floods):
            for i in range(1000):
                notify(flood, 'Flood%d' % index, 'flood %d' % i,
                       lambda *args: flood_answered(None, False),
                       lambda error, index=index: flood_answered(index, True))
        try:
            loop.run()
        finally:
            os.kill(daemon, signal.SIGCONT)
        print('victim', state['victim'])
        print('flood answered', state['answered'])
        """#
}
