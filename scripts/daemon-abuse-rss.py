#!/usr/bin/env python3
"""Peak resident memory of the account daemon under the two abuses issue 12 names, beside its idle figure.

Usage: scripts/daemon-abuse-rss.py [path/to/baton]   (default .build/release/baton, else .build/debug/baton)
Runs in a fresh BATON_HOME; prints one line per scenario: idle, 300 stalled half-sent 1 MiB frames, and a
client that never reads while another advertises 3000 times with 7 KB web page URLs.
"""
import json, os, socket, struct, subprocess, sys, tempfile, time

def binary():
    if len(sys.argv) > 1: return sys.argv[1]
    for build in (".build/release/baton", ".build/debug/baton"):
        if os.access(build, os.X_OK): return build
    sys.exit("build baton first")

def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1])

def frame(message):
    body = json.dumps(message).encode()
    return struct.pack(">IHI", 0x42544F4E, 1, len(body)) + body

def start(baton):
    home = tempfile.mkdtemp(prefix="baton-abuse-")
    env = dict(os.environ, BATON_HOME=home)
    subprocess.run([baton, "daemon", "start"], env=env, check=True, stdout=subprocess.DEVNULL)
    pid = int(open(f"{home}/run/daemon.lock").read())
    return home, env, pid

def stop(baton, env):
    subprocess.run([baton, "daemon", "stop"], env=env, stdout=subprocess.DEVNULL)

def register(path, name):
    s = socket.socket(socket.AF_UNIX); s.connect(path)
    app = {"bundleIdentifier": "com.example.apple-samplecode.MonkeyBrowser", "teamIdentifier": "BATONTEAM1",
           "activityTypes": ["com.baton.monkeybrowser.tab.weather"]}
    s.sendall(frame({"kind": "registerDevice", "body": {"name": name, "pid": 1, "apps": [app]}}))
    return s

def main():
    baton = binary()
    home, env, pid = start(baton)
    path = f"{home}/run/daemon.sock"
    time.sleep(0.5)
    print(f"idle: {rss_kb(pid)} kB")
    half = struct.pack(">IHI", 0x42544F4E, 1, 1 << 20) + b" " * (1 << 19)
    peak, held = 0, []
    for index in range(300):
        s = socket.socket(socket.AF_UNIX)
        try:
            s.connect(path); s.sendall(half)
        except OSError:
            pass
        held.append(s)
        if index % 10 == 0: peak = max(peak, rss_kb(pid))
    print(f"300 stalled half frames: peak {max(peak, rss_kb(pid))} kB")
    for s in held: s.close()
    sleeper = register(path, "sleeper"); talker = register(path, "talker")
    url = "https://example.com/" + "p" * 7000
    peak = 0
    for sequence in range(1, 3001):
        talker.sendall(frame({"kind": "advertise", "body": {
            "device": "", "bundleIdentifier": "com.example.apple-samplecode.MonkeyBrowser",
            "teamIdentifier": "BATONTEAM1", "activityType": "com.baton.monkeybrowser.tab.weather",
            "title": f"Weather {sequence}", "sequence": sequence, "webpageURL": url,
            "supportsContinuationStreams": False}}))
        if sequence % 100 == 0: peak = max(peak, rss_kb(pid))
    print(f"a client that never reads, 3000 offers of 7 KB: peak {max(peak, rss_kb(pid))} kB")
    stop(baton, env)

main()
