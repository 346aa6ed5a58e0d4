/// A misbehaving `Notify` client (python3-dbus): one line per call, `name id N` or `name error ERROR`.
enum FreedesktopBadClientScript {
    static let source = #"""
        import sys
        import dbus
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()
        server = dbus.Interface(
            bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications'),
            'org.freedesktop.Notifications')

        def notify(name, summary, body='', actions=(), hints=None):
            try:
                result = server.Notify(
                    'Bad', dbus.UInt32(0), '', summary, body, dbus.Array(actions, signature='s'),
                    dbus.Dictionary(hints or {}, signature='sv'), dbus.Int32(-1))
                print(name, 'id', int(result))
            except dbus.exceptions.DBusException as error:
                print(name, 'error', error.get_dbus_name())
            except Exception as error:
                print(name, 'client-refused', type(error).__name__)
            sys.stdout.flush()

        notify('huge', 'huge body', 'x' * 1000000)
        notify('many', 'many actions', '', [str(i) for i in range(2000)])
        notify('odd', 'odd actions', '', ['a', 'A', 'b'])
        notify('unclosed', 'unclosed markup', '<b>never closed &amp')
        notify('shape', 'wrong hints', '', (), {
            'image-data': dbus.Struct((dbus.String('x'),)), 'urgency': dbus.String('high')})
        notify('bigimage', 'a 20 MB image', '', (), {'image-data': dbus.ByteArray(b'\0' * 20000000)})
        def image(width, height, rowstride, alpha, bits, channels, data):
            return {'image-data': dbus.Struct(
                (dbus.Int32(width), dbus.Int32(height), dbus.Int32(rowstride), dbus.Boolean(alpha),
                 dbus.Int32(bits), dbus.Int32(channels), dbus.ByteArray(data)), signature='iiibiiay')}
        # 64 MB of pixels (4000 x 4000 RGBA), about the largest image-data D-Bus carries (the hints array holding
        # it must stay under 64 MiB; 100 MB is refused by the client's library or the bus and never reaches a
        # server): over the image limit, ignored without a copy.
        notify('bigpixels', 'a 64 MB image', '', (), image(4000, 4000, 16000, True, 8, 4, b'\0' * 64000000))
        # Dimensions the data does not cover, 16-bit samples, a channel count that contradicts has_alpha.
        notify('shortimage', 'pixels missing', '', (), image(100, 100, 300, False, 8, 3, b'\0' * 10))
        notify('deepimage', 'sixteen bits', '', (), image(1, 1, 6, False, 16, 3, b'\0' * 6))
        notify('liarimage', 'alpha liar', '', (), image(1, 1, 3, True, 8, 3, b'\0' * 3))
        notify('negativeimage', 'negative', '', (), image(-1, 2147483647, -5, False, 8, 3, b''))
        notify('utf8', b'\xff\xfe not UTF-8')
        try:
            bus.call_blocking(
                'org.freedesktop.Notifications', '/org/freedesktop/Notifications', 'org.freedesktop.Notifications',
                'Notify', 's', ['only one argument'])
            print('short', 'answered')
        except dbus.exceptions.DBusException as error:
            print('short', 'error', error.get_dbus_name())
        sys.stdout.flush()

        # 1000 calls at once, without waiting for answers: each is answered (an id or Busy), none lost.
        loop = GLib.MainLoop()
        counts = {'id': 0, 'error': 0}
        def done(kind):
            counts[kind] += 1
            if counts['id'] + counts['error'] == 1000:
                loop.quit()
        for i in range(1000):
            server.Notify(
                'Flood', dbus.UInt32(0), '', 'flood %d' % i, '', dbus.Array([], signature='s'),
                dbus.Dictionary({}, signature='sv'), dbus.Int32(-1),
                reply_handler=lambda *args: done('id'), error_handler=lambda *args: done('error'))
        # Another client, while the flood waits: it still gets its place.
        other = dbus.Interface(
            dbus.bus.BusConnection(dbus.bus.BUS_SESSION).get_object(
                'org.freedesktop.Notifications', '/org/freedesktop/Notifications'),
            'org.freedesktop.Notifications')
        try:
            result = other.Notify(
                'Other', dbus.UInt32(0), '', 'not lost', '', dbus.Array([], signature='s'),
                dbus.Dictionary({}, signature='sv'), dbus.Int32(-1))
            print('other', 'id', int(result))
        except dbus.exceptions.DBusException as error:
            print('other', 'error', error.get_dbus_name())
        loop.run()
        print('flood', 'answered', counts['id'] + counts['error'], 'ids', counts['id'])
        print('information', '|'.join(server.GetServerInformation()))
        """#
}
