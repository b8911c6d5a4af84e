#!/usr/bin/env python3
"""Time d3-cloud on TagCloud's scaling workloads, in headless Chromium, in the same run as ours.

d3-cloud (https://github.com/jasondavies/d3-cloud) lays out words in a web page: a spiral from a
random start near the centre, each word's sprite tested against a bitmap of the board. It is not
part of this repository; pass its standalone build with ``--d3-cloud FILE`` (``build/d3.layout.cloud.js``
of the d3-cloud repository, or of ``npm pack d3-cloud``, which bundles d3-dispatch).

For each workload:

1. ``tagcloud-bench scaling NAME --write-inputs DIR`` lays the words out once and writes
   ``NAME.words.tsv``: each word with the size and angle TagCloud gave it, so d3-cloud is given the
   same words at the same sizes and angles (its padding 2 matches our margin 2, the font is DejaVu
   Sans), on the same canvas;
2. ``tagcloud-bench scaling NAME`` times our layout (median of ``--runs``);
3. a page that loads d3-cloud and the words runs ``cloud.start()`` synchronously
   (``timeInterval(Infinity)``) between two ``performance.now()`` calls, in headless Chromium
   (``--dump-dom``), with a time cap; the page writes the time and the words placed into the DOM.

Only the layout is timed on both sides (not start-up, not drawing). A Markdown table goes to
standard output; progress to standard error.

Usage: ``python3 bench/d3cloud.py --d3-cloud d3.layout.cloud.js [--only a,b] [--runs N] [--timeout S]``
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / ".build" / "release" / "tagcloud-bench"
WORKLOADS = [
    "scale-1000-2000x1500", "scale-5000-4000x3000", "scale-10000-5657x4243", "scale-20000-8000x6000",
    "canvas-5000-2828x2121", "canvas-5000-5657x4243", "canvas-5000-8000x6000",
]

PAGE = """<!doctype html>
<meta charset="utf-8">
<body>
<pre id="result">running</pre>
<script>{d3}</script>
<script>
const words = {words};
const layout = d3.layout.cloud()
  .size([{width}, {height}])
  .words(words.map(w => ({{text: w[0], size: w[1], rotate: w[2]}})))
  .font("DejaVu Sans")
  .padding(2)
  .rotate(d => d.rotate)
  .fontSize(d => d.size)
  .timeInterval(Infinity);
let placed = 0;
layout.on("end", tags => {{ placed = tags.length; }});
const start = performance.now();
layout.start();
const seconds = (performance.now() - start) / 1000;
document.getElementById("result").textContent = JSON.stringify({{seconds: seconds, placed: placed}});
</script>
"""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return name
    sys.exit("d3cloud.py: no Chromium found (scripts/setup installs it)")


def bench(arguments: list[str]) -> list[dict]:
    completed = subprocess.run([str(BENCH)] + arguments, capture_output=True, text=True)
    if completed.returncode != 0:
        sys.exit(f"d3cloud.py: tagcloud-bench {' '.join(arguments)} failed:\n{completed.stderr}")
    return [json.loads(line) for line in completed.stdout.splitlines() if line.startswith("{")]


def run_d3(d3: str, words: list, width: int, height: int, timeout: float, directory: Path) -> dict:
    page = directory / "d3cloud.html"
    script = d3.replace("</script", "<\\/script")
    page.write_text(PAGE.format(d3=script, words=json.dumps(words), width=width, height=height), encoding="utf-8")
    command = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()]
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"seconds": None, "note": f"> {timeout:g} s (cap)"}
    match = re.search(r'<pre id="result">(.*?)</pre>', completed.stdout, re.S)
    if not match or not match.group(1).startswith("{"):
        return {"seconds": None, "note": "no result: " + (completed.stderr.strip().splitlines() or ["?"])[-1][:120]}
    return json.loads(html.unescape(match.group(1)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--d3-cloud", required=True, metavar="FILE", help="d3-cloud's standalone build")
    parser.add_argument("--only", metavar="A,B", help="only these workloads")
    parser.add_argument("--runs", type=int, default=1, metavar="N", help="runs of our layout (median)")
    parser.add_argument("--timeout", type=float, default=120.0, metavar="S", help="cap on d3-cloud's page")
    arguments = parser.parse_args()
    d3 = Path(arguments.d3_cloud).read_text(encoding="utf-8")
    if not BENCH.exists():
        sys.exit(f"d3cloud.py: {BENCH} is missing: swift build -c release --product tagcloud-bench")
    names = arguments.only.split(",") if arguments.only else WORKLOADS
    rows = []
    with tempfile.TemporaryDirectory(prefix="tagcloud-d3-") as temporary:
        directory = Path(temporary)
        for name in names:
            log(f"{name}: our layout …")
            bench(["scaling", name, "--write-inputs", str(directory)])
            ours = bench(["scaling", name, "--runs", str(arguments.runs)])[0]
            spec = json.loads((directory / f"{name}.json").read_text(encoding="utf-8"))
            words = []
            for line in (directory / f"{name}.words.tsv").read_text(encoding="utf-8").splitlines():
                text, size, angle = line.split("\t")
                words.append([text, float(size), float(angle)])
            log(f"{name}: d3-cloud, {len(words)} words …")
            d3result = run_d3(d3, words, spec["width"], spec["height"], arguments.timeout, directory)
            rows.append((name, ours, d3result, len(words)))
    print("| workload | TagCloud | d3-cloud | speed-up | placed (ours / d3-cloud) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, ours, d3result, count in rows:
        theirs = d3result.get("seconds")
        d3time = f"{theirs:.2f} s" if theirs is not None else d3result.get("note", "—")
        ratio = f"{theirs / ours['seconds']:.0f}×" if theirs else (
            f"> {arguments.timeout / ours['seconds']:.0f}×" if "cap" in d3result.get("note", "") else "—")
        placed = d3result.get("placed", "—")
        print(f"| {name} | {ours['seconds']:.2f} s | {d3time} | {ratio} | {ours['placed']} / {placed} of {count} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
