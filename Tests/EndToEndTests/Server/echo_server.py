"""The end-to-end tests' web server: forms, an echo of every request (method, query, body, cookies), a cookie
setter, a download (direct, through a redirect, through a meta refresh, and a large one), a meta refresh and a
redirect loop. Prints its port, then serves until its parent exits."""
import html
import http.server
import os
import signal
import threading
import time

FORM = """<html><head><title>Order form</title></head><body>
<h1>Order</h1>
<form action="/echo" method="{method}">
<p>Name: <input name="name" value=""></p>
<p><input type="checkbox" name="gift" value="yes"> Gift wrap</p>
<p>Size: <select name="size"><option>Small</option><option value="m">Medium</option><option value="l">Large</option></select></p>
<p><input type="submit" name="go" value="Order"></p>
</form></body></html>"""

REFRESH = """<html><head><title>Moving</title><meta http-equiv="refresh" content="{delay}; url=/echo?from=refresh"></head>
<body><p>This page moves on.</p></body></html>"""


# How many requests /echo has answered (a page handed off must not be requested again).
SEEN = 0
SEEN_LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def send(self, status, content_type, body, extra=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def echo(self, body):
        global SEEN
        with SEEN_LOCK:
            SEEN += 1
            seen = SEEN
        path, _, query = self.path.partition("?")
        lines = [
            "METHOD=" + self.command,
            "QUERY=" + query,
            "BODY=" + body.decode("utf-8", "replace"),
            "TYPE=" + (self.headers.get("Content-Type") or ""),
            "COOKIE=" + (self.headers.get("Cookie") or ""),
            "SEEN=%d" % seen,
        ]
        page = "<html><head><title>Echo</title></head><body><pre>" + html.escape("\n".join(lines)) + "</pre></body></html>"
        self.send(200, "text/html; charset=utf-8", page.encode())

    def do_GET(self):
        path = self.path.partition("?")[0]
        if path == "/form-get.html":
            self.send(200, "text/html; charset=utf-8", FORM.format(method="get").encode())
        elif path == "/form-post.html":
            self.send(200, "text/html; charset=utf-8", FORM.format(method="post").encode())
        elif path == "/echo":
            self.echo(b"")
        elif path == "/setcookie":
            self.send(200, "text/html", b"<html><body><p>Cookie set.</p></body></html>", [
                ("Set-Cookie", "flavour=oatmeal; Path=/; Max-Age=86400"),
                ("Set-Cookie", "secret=no; Path=/; Secure; Max-Age=86400"),
                ("Set-Cookie", "visit=1; Path=/"),
            ])
        elif path == "/refresh":
            self.send(200, "text/html", REFRESH.format(delay=1).encode())
        elif path == "/refresh-slow":
            self.send(200, "text/html", REFRESH.format(delay=30).encode())
        elif path == "/redirect-download":
            self.send(302, "text/html", b"moved", [("Location", "/download")])
        elif path == "/refresh-download":
            self.send(200, "text/html", b'<html><head><title>Get it</title>'
                      b'<meta http-equiv="refresh" content="0; url=/download"></head><body><p>Your file.</p></body></html>')
        elif path == "/big":
            # /big?mb=N[&length=no]: N MB as fast as the socket takes them, announced or not.
            query = dict(part.partition("=")[::2] for part in self.path.partition("?")[2].split("&") if part)
            megabytes = int(query.get("mb", "1"))
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Disposition", 'attachment; filename="big.bin"')
            if query.get("length") != "no":
                self.send_header("Content-Length", str(megabytes << 20))
            else:
                self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"\x07" * (1 << 20)
            try:
                for _ in range(megabytes):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        elif path == "/loop":
            self.send(302, "text/html", b"again", [("Location", "/loop")])
        elif path == "/download":
            size = 3 * 256 * 1024
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Disposition", 'attachment; filename="report 2026.bin"')
            self.send_header("Content-Length", str(size))
            self.end_headers()
            for _ in range(3):
                self.wfile.write(b"\x00\x01" * (128 * 1024))
                self.wfile.flush()
                time.sleep(1.5)  # a progress bar on screen for seconds, not a blink the test can miss
        else:
            self.send(404, "text/html", b"<html><body><h1>Not Found</h1></body></html>")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        if self.path.partition("?")[0] == "/echo":
            self.echo(body)
        else:
            self.send(404, "text/html", b"<html><body><h1>Not Found</h1></body></html>")

    def log_message(self, format, *args):
        pass


def exit_with_parent(parent):
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(0)


signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=exit_with_parent, args=(os.getppid(),), daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
