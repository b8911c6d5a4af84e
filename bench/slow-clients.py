#!/usr/bin/env python3
"""Time normal requests to `tagcloud serve` while slow clients trickle: the slow-client target of
issue 39 ("a normal request answers within 1 s while 100 slow clients trickle").

Starts ``tagcloud serve --port 0 --quiet`` (the binary of ``--binary``, by default
``.build/release/tagcloud``), then, for each mode:

- ``none``: no slow clients (the baseline);
- ``headers``: ``--clients`` connections (default 100) each send a request line and then one header
  line a second, never ending the header section;
- ``body``: as many connections each declare a 1,000,000-byte body (``POST /api/tags``) and send it a
  byte a second;
- ``expensive``: two clients each keep one expensive layout running (a 5000×5000 cloud of 20 words
  repeated to 100,000, some 16 s of work), so that both layout slots of a 2-core machine are busy.

After ``--settle`` seconds of trickling (default 3) it sends ``--requests`` normal requests one after
another (default 20 of each): ``GET /api/shapes`` and ``POST /api/layout`` of a 20-word cloud, each on
a new connection, and reports the median and slowest time from connecting to the whole answer, the
statuses, how many slow clients the server has answered (a 503 when their bodies pass the body
budget, a 408 at their deadline) and the server's resident memory. A request not answered within
``--timeout`` seconds (default 60) counts as a timeout.

Usage: ``python3 bench/slow-clients.py [--binary PATH] [--clients N] [--requests N] [--modes none,headers,body]``.
A Markdown table goes to standard output, one JSON line per mode and request after it.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXPENSIVE = json.dumps({
    "command": "cloud", "width": 5000, "height": 5000, "max-words": 100000, "repeat": True, "seed": 1,
    "tags": [f"w{i}" for i in range(20)],
})
CLOUD = json.dumps({
    "command": "cloud", "width": 400, "height": 300, "seed": 1, "font": ["DejaVu Sans"],
    "tags": [f"word{i}" for i in range(20)],
})


def start_server(binary: str) -> tuple[subprocess.Popen, int]:
    """Starts the server on a free port and reads the port from the line it prints."""
    process = subprocess.Popen([binary, "serve", "--port", "0", "--quiet"], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    prefix = "Editor at http://127.0.0.1:"
    if not line.startswith(prefix):
        process.kill()
        sys.exit(f"slow-clients: unexpected first line from the server: {line!r}")
    return process, int(line[len(prefix):].split("/")[0])


class Trickle:
    """Slow clients: each sends `first`, then `piece` every `interval` seconds, until stopped."""

    def __init__(self, port: int, count: int, first: bytes, piece: bytes, interval: float = 1.0):
        self.sockets = []
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(first)
            self.sockets.append(s)
        self.piece, self.interval = piece, interval
        self.answered = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        alive = list(self.sockets)
        while not self.stopped.wait(self.interval):
            still = []
            for s in alive:
                try:
                    s.sendall(self.piece)
                    still.append(s)
                except OSError:
                    self.answered += 1
            alive = still

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join()
        for s in self.sockets:
            s.close()


class Expensive:
    """Clients that each keep an expensive layout running, one after another, until stopped."""

    def __init__(self, port: int, count: int, host: bytes):
        self.request = (b"POST /api/layout HTTP/1.1\r\n" + host + b"Connection: close\r\n"
                        + b"Content-Type: application/json\r\n"
                        + f"Content-Length: {len(EXPENSIVE)}\r\n\r\n{EXPENSIVE}".encode())
        self.port, self.stopped = port, threading.Event()
        self.answered = 0
        self.threads = [threading.Thread(target=self.run, daemon=True) for _ in range(count)]
        for t in self.threads:
            t.start()

    def run(self) -> None:
        while not self.stopped.is_set():
            timed(self.port, self.request, 120)
            self.answered += 1

    def stop(self) -> None:
        self.stopped.set()


def timed(port: int, request: bytes, timeout: float) -> tuple[float, int]:
    """Seconds from connecting to the whole answer (the server closes: Connection: close), and the status."""
    start = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(request)
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
    except OSError:
        return time.monotonic() - start, 0
    return time.monotonic() - start, status


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(REPO / ".build/release/tagcloud"))
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--settle", type=float, default=3.0)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--modes", default="none,headers,body")
    args = parser.parse_args()
    process, port = start_server(args.binary)
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    requests = {
        "GET /api/shapes": b"GET /api/shapes HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n",
        "POST /api/layout (20 words)": b"POST /api/layout HTTP/1.1\r\n" + host
        + b"Connection: close\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {len(CLOUD)}\r\n\r\n{CLOUD}".encode(),
    }
    rows = []
    try:
        for mode in args.modes.split(","):
            trickle = None
            if mode == "headers":
                trickle = Trickle(port, args.clients, b"GET / HTTP/1.1\r\n" + host, b"X-Slow: 1\r\n")
            elif mode == "expensive":
                trickle = Expensive(port, 2, host)
            elif mode == "body":
                head = (b"POST /api/tags HTTP/1.1\r\n" + host
                        + b"Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{")
                trickle = Trickle(port, args.clients, head, b" ")
            time.sleep(args.settle if trickle else 0)
            for name, request in requests.items():
                runs = [timed(port, request, args.timeout) for _ in range(args.requests)]
                seconds = [t for t, _ in runs]
                statuses = sorted({s for _, s in runs})
                rows.append({
                    "mode": mode, "request": name, "clients": args.clients if mode in ("headers", "body") else 0,
                    "median_seconds": statistics.median(seconds), "max_seconds": max(seconds),
                    "statuses": statuses, "timeouts": sum(1 for _, s in runs if s == 0),
                    "slow_clients_answered": trickle.answered if trickle else 0, "rss_mb": round(rss_mb(process.pid), 1),
                })
            if trickle:
                trickle.stop()
    finally:
        process.terminate()
        process.wait()
    print("| slow clients | request | median | slowest | statuses | slow clients answered so far | server RSS |")
    print("| --- | --- | ---: | ---: | --- | ---: | ---: |")
    for r in rows:
        who = {"none": "none", "headers": f"{r['clients']} trickling header lines",
               "body": f"{r['clients']} trickling 1 MB bodies", "expensive": "2 expensive layouts running"}[r["mode"]]
        print(f"| {who} | {r['request']} | {r['median_seconds'] * 1000:.1f} ms | {r['max_seconds'] * 1000:.1f} ms "
              f"| {', '.join(map(str, r['statuses']))}{' (' + str(r['timeouts']) + ' timed out)' if r['timeouts'] else ''} "
              f"| {r['slow_clients_answered']} | {r['rss_mb']} MB |")
    for r in rows:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
