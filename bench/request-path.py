#!/usr/bin/env python3
"""Instructions a `POST /api/layout` of 200 words costs outside its layout, under callgrind.

Starts `tagcloud serve` under `valgrind --tool=callgrind` twice: once answering `--warmup` layouts of
the 200-word body of `bench/serve.py` (`layout-200-800x600`), once answering `--warmup` + `--requests`
of them. A request's instructions are the difference divided by `--requests`, so start-up, shutdown
and what the first requests do once (loading the font list, opening fonts) are left out; its
layout's are the difference of the inclusive instructions of `WordCloudLayout.run`, divided alike;
(with the masks its second thread makes ahead of it) the rest (reading the body, resolving the
recipe, the JSON and SVG answer, HTTP) is the request path.

    python3 bench/request-path.py                       # .build/release/tagcloud
    python3 bench/request-path.py --bin /tmp/before/.build/release/tagcloud --requests 5

Needs valgrind (`apt-get install valgrind`). Prints one JSON line.
"""
import argparse
import http.client
import json
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from serve import LATENCY_WORKLOADS  # noqa: E402

# The layout: `WordCloudLayout.run`, and the masks its second thread makes ahead of it
# (`MaskLookahead`'s prefetch jobs), whose share of the work depends on timing.
LAYOUT_SYMBOLS = ["LayoutV3run_10typesetter8progress", "13MaskLookaheadVyAcA16PlacementContext"]


def run(binary: str, requests: int, body: bytes, out: Path) -> None:
    """Runs the server under callgrind, sends `requests` layouts, stops it with SIGTERM."""
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "serve", "--port", "0", "--quiet",
         "--timeout", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    port = int(re.search(r":(\d+)/", line).group(1))
    for _ in range(requests):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        connection.request("POST", "/api/layout", body, {"Content-Type": "application/json"})
        answer = connection.getresponse()
        answer.read()
        if answer.status != 200:
            raise SystemExit(f"status {answer.status}")
        connection.close()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=600)


def totals(out: Path) -> tuple[int, int]:
    """The program's instructions, and the layout's: for each of `LAYOUT_SYMBOLS`, the most any
    function of that name includes, summed."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
                          capture_output=True, text=True, check=True).stdout
    total = int(re.search(r"^([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", text, re.M).group(1).replace(",", ""))
    layout = 0
    for symbol in LAYOUT_SYMBOLS:
        rows = [int(row.split()[0].replace(",", "")) for row in text.splitlines() if symbol in row]
        layout += max(rows, default=0)
    return total, layout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/tagcloud")
    parser.add_argument("--requests", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--keep", help="keep callgrind's output files in this folder")
    args = parser.parse_args()
    workload = next(w for w in LATENCY_WORKLOADS if w.words == 200)
    body = workload.body()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        idle, busy = folder / "idle.out", folder / "busy.out"
        run(args.bin, args.warmup, body, idle)
        run(args.bin, args.warmup + args.requests, body, busy)
        idle_total, idle_layout = totals(idle)
        busy_total, busy_layout = totals(busy)
    per_request = (busy_total - idle_total) / args.requests
    per_layout = (busy_layout - idle_layout) / args.requests
    print(json.dumps({
        "group": "request-path", "workload": workload.name, "bin": args.bin, "requests": args.requests,
        "warmup": args.warmup,
        "instructions_per_request": round(per_request), "layout_instructions": round(per_layout),
        "outside_layout": round(per_request - per_layout),
        "outside_share": round((per_request - per_layout) / per_request, 3),
    }))


if __name__ == "__main__":
    main()
