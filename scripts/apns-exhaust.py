#!/usr/bin/env python3
"""Holds connections on a `baton apns serve` endpoint without a token and prints its resident memory.

    scripts/apns-exhaust.py PID PORT CA_FILE [--tls 60] [--bare 2000] [--streams 100] [--body 16000]

Opens --tls TLS connections (ALPN h2) that each open --streams streams with HEADERS and --body bytes of DATA and
never end them (no token is ever checked), then --bare plain TCP connections that never start TLS. Prints the
server's VmRSS (from /proc/PID/status) before, once everything is open, and at intervals for 40 s with how many of
the connections the server still keeps open. Loopback only. Needs python3's h2 (pip install h2).
"""
import argparse, select, socket, ssl, time

import h2.config, h2.connection, h2.events


def rss(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return -1


def still_open(sockets):
    """How many of `sockets` the server has not closed (no end of file, no reset)."""
    count = 0
    for sock in sockets:
        try:
            poller = select.poll()
            poller.register(sock, select.POLLIN)
            if not poller.poll(0):
                count += 1
                continue
            sock.setblocking(False)
            count += 1 if sock.recv(65536) else 0
        except ssl.SSLWantReadError:
            count += 1
        except (OSError, ssl.SSLError):
            pass
    return count


def streaming(port, context, streams, body):
    raw = socket.create_connection(("127.0.0.1", port))
    sock = context.wrap_socket(raw, server_hostname="localhost")
    conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
    conn.initiate_connection()
    sock.sendall(conn.data_to_send())
    sock.settimeout(2)
    conn.receive_data(sock.recv(65536))  # The server's SETTINGS: its stream cap, which h2 keeps to.
    opened = 0
    for _ in range(streams):
        try:
            stream = conn.get_next_available_stream_id()
            conn.send_headers(stream, [(":method", "POST"), (":scheme", "https"), (":authority", "localhost"),
                                       (":path", "/3/device/00"), ("content-length", str(body + 1))])
            chunk = min(body, conn.local_flow_control_window(stream), conn.max_outbound_frame_size)
            conn.send_data(stream, b"x" * chunk)
            opened += 1
        except Exception:  # The server's stream cap (a protocol error on the client's side).
            break
        if conn.open_outbound_streams >= conn.remote_settings.max_concurrent_streams:
            break
    sock.sendall(conn.data_to_send())
    try:
        conn.receive_data(sock.recv(65536))
    except (OSError, ssl.SSLError, h2.exceptions.ProtocolError):
        pass
    return sock, opened, conn.remote_settings.max_concurrent_streams


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pid", type=int)
    parser.add_argument("port", type=int)
    parser.add_argument("cafile")
    parser.add_argument("--tls", type=int, default=60)
    parser.add_argument("--bare", type=int, default=2000)
    parser.add_argument("--streams", type=int, default=100)
    parser.add_argument("--body", type=int, default=16000)
    args = parser.parse_args()
    context = ssl.create_default_context(cafile=args.cafile)
    context.set_alpn_protocols(["h2"])
    print(f"before: {rss(args.pid)} MB")
    tls, streams, advertised = [], 0, None
    for _ in range(args.tls):
        try:
            sock, opened, advertised = streaming(args.port, context, args.streams, args.body)
            tls.append(sock)
            streams += opened
        except (OSError, ssl.SSLError) as error:
            print(f"tls connection refused: {error}")
    bare = []
    for _ in range(args.bare):
        try:
            bare.append(socket.create_connection(("127.0.0.1", args.port), timeout=2))
        except OSError as error:
            print(f"bare connection refused: {error}")
            break
    print(f"opened: {len(tls)} TLS connections with {streams} streams (server allows {advertised} per connection), "
          f"{len(bare)} bare TCP connections")
    start = time.monotonic()
    for second in (0, 5, 10, 20, 30, 35, 40):
        time.sleep(max(0, start + second - time.monotonic()))
        print(f"t={second:2d}s rss={rss(args.pid)} MB open: tls={still_open(tls)} bare={still_open(bare)}")


if __name__ == "__main__":
    main()
