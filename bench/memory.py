#!/usr/bin/env python3
"""Memory per tag: the peak resident memory of ``tagcloud flow`` and ``tagcloud cloud`` on large tag lists.

Four inputs, made in a scratch folder: 1,000,000 string tags (one per line) all the same word
(``a``) and all distinct (``w0`` … ``w999999``), and 700,000 term objects (``{"text": "a"}``) in a
JSON tag list, again the same and distinct. Each is laid out by ``flow`` and by ``cloud`` (its
default 200 words) with the JSON layout written to a file, and the process's peak RSS (``ru_maxrss``
from ``wait4``) is read. The figure per tag is the peak less a one-tag run's, divided by the tags,
less the tags' own text (the target of issue 39: at most 300 bytes beyond the text).

Usage: ``python3 bench/memory.py [--bin PATH] [--only NAME,NAME…] [--json-out FILE]``; the release
build is made first unless ``--no-build`` or ``--bin`` is given. A Markdown table goes to standard
output, one JSON line per run after it; progress to standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

INPUTS = {
    "strings-same-1m": (1_000_000, "txt", lambda n: "\n".join(["a"] * n) + "\n", 1),
    "strings-distinct-1m": (1_000_000, "txt", lambda n: "\n".join(f"w{i}" for i in range(n)) + "\n", None),
    "objects-same-700k": (700_000, "json", lambda n: json.dumps([{"text": "a"}] * n), 1),
    "objects-distinct-700k": (700_000, "json", lambda n: json.dumps([{"text": f"w{i}"} for i in range(n)]), None),
}


def text_bytes(name: str, count: int, same: int | None) -> float:
    """The mean UTF-8 bytes of the tags' own text."""
    if same is not None:
        return float(same)
    return sum(len(f"w{i}") for i in range(count)) / count


def peak_rss(args: list[str]) -> tuple[int, float, int]:
    """Runs ``args``; returns its peak RSS in bytes, its seconds and its exit status."""
    start = time.monotonic()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        print(f"memory: {' '.join(args)} exited {code}: {err.strip()}", file=sys.stderr)
    return usage.ru_maxrss * 1024, seconds, code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", help="the tagcloud binary (default: the release build)")
    parser.add_argument("--no-build", action="store_true", help="use the existing release build")
    parser.add_argument("--only", help="comma-separated input names")
    parser.add_argument("--json-out", help="also write the JSON lines here")
    opts = parser.parse_args()
    binary = opts.bin or os.path.join(ROOT, ".build", "release", "tagcloud")
    if not opts.bin and not opts.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "tagcloud"], cwd=ROOT, check=True)
    names = opts.only.split(",") if opts.only else list(INPUTS)
    rows, lines = [], []
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "out.json")
        base = {cmd: peak_rss([binary, cmd, "a", "--seed", "1", "--quiet", "-o", out])[0] for cmd in ("flow", "cloud")}
        for name in names:
            count, ext, make, same = INPUTS[name]
            path = os.path.join(scratch, f"{name}.{ext}")
            print(f"memory: writing {name}", file=sys.stderr)
            with open(path, "w", encoding="utf-8") as f:
                f.write(make(count))
            for cmd in ("flow", "cloud"):
                print(f"memory: {cmd} {name}", file=sys.stderr)
                rss, seconds, code = peak_rss([binary, cmd, "--input", path, "--seed", "1", "--quiet", "-o", out])
                per_tag = (rss - base[cmd]) / count - text_bytes(name, count, same)
                record = {"input": name, "command": cmd, "tags": count, "peak_rss_mb": round(rss / 2**20, 1),
                          "baseline_mb": round(base[cmd] / 2**20, 1), "bytes_per_tag_beyond_text": round(per_tag),
                          "seconds": round(seconds, 2), "status": code}
                lines.append(json.dumps(record))
                rows.append(record)
            os.remove(path)
    print("| input | command | peak RSS | bytes per tag beyond its text | seconds |")
    print("| --- | --- | ---: | ---: | ---: |")
    for r in rows:
        print(f"| {r['input']} | {r['command']} | {r['peak_rss_mb']} MB | {r['bytes_per_tag_beyond_text']} | {r['seconds']} |")
    print("\n".join(lines))
    if opts.json_out:
        with open(opts.json_out, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
