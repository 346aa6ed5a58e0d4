"""A tiny HTTP server for PageLoader tests: prints its port, serves fixed routes, exits with its parent."""
import http.server
import os
import signal
import sys
import threading
import time

PAGE = "<html><head><title>Served</title></head><body><p>Hello from the test server.</p></body></html>"
LATIN1 = "<html><body><p>caf\xe9</p></body></html>".encode("latin-1")


HITS = {}
HITS_LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def send(self, status, content_type, body, extra=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def echo(self, body=b""):
        cookie = self.headers.get("Cookie") or ""
        text = "method=%s cookie=[%s] body=[%s]" % (self.command, cookie, body.decode("utf-8", "replace"))
        self.send(200, "text/plain; charset=utf-8", text.encode())

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.echo(self.rfile.read(length))

    def do_GET(self):
        with HITS_LOCK:
            HITS[self.path] = HITS.get(self.path, 0) + 1
        if self.path.startswith("/hits/"):
            # How many requests for the rest of the path arrived: a test's readiness check.
            with HITS_LOCK:
                count = HITS.get(self.path[len("/hits"):], 0)
            self.send(200, "text/plain", str(count).encode())
        elif self.path == "/echo":
            self.echo()
        elif self.path == "/setcookie":
            self.send(200, "text/plain", b"set", {"Set-Cookie": "kept=1; Path=/; Max-Age=3600"})
        elif self.path == "/setcookies":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", "3")
            self.send_header("Set-Cookie", "plain=a; Path=/")
            self.send_header("Set-Cookie", "strict=b; Path=/; SameSite=Strict; Max-Age=3600")
            self.send_header("Set-Cookie", "secure=c; Path=/; Secure; Max-Age=3600")
            self.send_header("Set-Cookie", "narrow=d; Path=/other; Max-Age=3600")
            self.send_header("Set-Cookie", "gone=e; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
            self.send_header("Set-Cookie", "only=f; Path=/; HttpOnly; Max-Age=3600")
            self.end_headers()
            self.wfile.write(b"set")
        elif self.path == "/redirect-cookie":
            self.send(302, "text/html", b"moved", {"Location": "/echo", "Set-Cookie": "hop=2; Path=/"})
        elif self.path == "/attachment":
            self.send(200, "text/plain", b"n" * 300000, {"Content-Disposition": 'attachment; filename="notes 1.txt"'})
        elif self.path == "/attachment-up":
            self.send(200, "text/plain", b"u", {"Content-Disposition": 'attachment; filename="../../up.txt"'})
        elif self.path == "/attachment-absolute":
            self.send(200, "text/plain", b"a", {"Content-Disposition": 'attachment; filename="/tmp/absolute.txt"'})
        elif self.path == "/slow-attachment":
            # Sends a tenth of the file, then waits long enough to be cancelled.
            self.send_response(200)
            self.send_header("Content-Type", "application/zip")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b"z" * 10000)
            self.wfile.flush()
            time.sleep(30)
        elif self.path == "/loop":
            self.send(302, "text/html", b"again", {"Location": "/loop"})
        elif self.path == "/page":
            self.send(200, "text/html; charset=utf-8", PAGE.encode())
        elif self.path == "/redirect":
            self.send(302, "text/html", b"moved", {"Location": "/page"})
        elif self.path == "/missing":
            self.send(404, "text/html", b"<html><body><h1>Not Found</h1></body></html>")
        elif self.path == "/binary":
            self.send(200, "application/octet-stream", bytes(range(256)))
        elif self.path == "/latin1":
            self.send(200, "text/html; charset=iso-8859-1", LATIN1)
        elif self.path == "/big":
            self.send(200, "text/plain", b"x" * 5000)
        elif self.path == "/cut":
            # Promises 5000 bytes, sends 100 and closes the connection.
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", "5000")
            self.end_headers()
            self.wfile.write(b"y" * 100)
            self.wfile.flush()
            self.close_connection = True
        elif self.path == "/slow":
            # Longer than the loader's own 60 s timeout: only a cancellation ends such a load in time.
            time.sleep(300)
            self.send(200, "text/html", PAGE.encode())
        else:
            self.send(500, "text/plain", b"unknown route")

    def log_message(self, format, *args):
        pass


def exit_with_parent(parent):
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(0)


# The test process may have blocked signals in the thread that started us: unblock them.
signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=exit_with_parent, args=(os.getppid(),), daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
