#!/usr/bin/env python3
"""The WebAssembly engine beside the native build: one word cloud, three ways, in one run.

Times the 200-word 800×600 cloud of `tagcloud-bench` (`cloud-200-800x600`, DejaVu Sans, seed 1) as
the native library lays it out (`tagcloud-bench`), as the `tagcloud` command does in a whole process,
as the engine does in Node (`.build/web/engine.js`, in one process: the first run, then the median of
the warm ones), and in headless Chromium through `tagcloud.js` in its worker (the first layout after
the page starts, the warm median, and the first picture of `index.html` once its files are cached).
Needs `make web` first. Prints a Markdown table; bench/README.md#the-webassembly-engine has figures.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import functools
import http.server
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / ".build" / "web"
BENCH = ROOT / ".build" / "release" / "tagcloud-bench"
TOOL = ROOT / ".build" / "release" / "tagcloud"
NAME = "cloud-200-800x600"
ARGS = ["cloud", "--input", "words.tsv", "--width", "800", "--height", "600", "--seed", "1", "--margin", "2",
        "--relative-scaling", "0.5", "--min-size", "4", "--prefer-horizontal", "0.9", "--quiet",
        "--format", "json", "-o", "-"]
# Counting: Alice's Adventures in Wonderland (demo/texts) repeated to 1 MB, as `tagcloud count --text`.
COUNT_ARGS = ["count", "--text", "words.tsv", "--quiet", "-o", "-"]
COUNT_BYTES = 1 << 20

NODE_SCRIPT = """
import { readFileSync } from 'node:fs';
import { loadEngine } from '%(site)s/engine.js';
const started = performance.now();
const read = (path) => { try { return readFileSync(path); } catch { return null; } };
const engine = await loadEngine(readFileSync('%(site)s/tagcloud.wasm'), readFileSync('%(site)s/fonts/manifest.json'),
  read, (path) => read('%(site)s/' + path));
const files = { 'words.tsv': readFileSync('%(words)s') };
const times = [];
for (let i = 0; i <= %(runs)d; i++) {
  const start = performance.now();
  const result = engine.run(%(args)s, files);
  if (result.status !== 0) throw new Error(result.messages.join(' '));
  times.push((performance.now() - (i === 0 ? started : start)) / 1000);
}
console.log(JSON.stringify({ first: times[0], warm: times.slice(1) }));
"""

PAGE = """<!doctype html><meta charset="utf-8">
<script type="module">
import { TagCloud } from './tagcloud.js';
const started = performance.now();
const tagcloud = new TagCloud();
const words = await (await fetch('words.tsv')).text();
const times = [];
for (let i = 0; i <= %(runs)d; i++) {
  const start = performance.now();
  const result = await tagcloud.run(%(args)s, { 'words.tsv': words });
  if (result.status !== 0) throw new Error(result.messages.join(' '));
  times.push((performance.now() - (i === 0 ? started : start)) / 1000);
}
window.result = Promise.resolve({ first: times[0], warm: times.slice(1) });
</script>
"""

# The first picture of index.html: from the start of navigation to the cloud in the page.
FIRST_PICTURE = "window.result = new Promise((ok) => { const poll = () => document.querySelector('#preview svg') ? ok({ seconds: performance.now() / 1000 }) : setTimeout(poll, 2); poll(); });"



def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def median_process_seconds(words: Path, runs: int, args: list[str] = ARGS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(TOOL)] + args, cwd=words.parent, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def node_times(words: Path, runs: int, directory: Path, args: list[str] = ARGS) -> dict:
    script = directory / "bench-node.mjs"
    script.write_text(NODE_SCRIPT % {"site": SITE, "words": words, "runs": runs, "args": json.dumps(args)})
    completed = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True)
    return json.loads(completed.stdout)


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, int]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


class Chromium:
    """Headless Chromium over the DevTools protocol on a pipe (fds 3 and 4): real time, unlike
    --virtual-time-budget, whose clock a page's own timings would read."""

    def __init__(self, profile: Path):
        browser = next((b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
        if browser is None:
            sys.exit("web-engine.py: no Chromium found (scripts/setup installs it)")
        reading, self.to_browser = os.pipe()
        self.from_browser, writing = os.pipe()
        # Above 3 and 4, so that putting them there in the child overwrites neither.
        to_read, to_write = fcntl.fcntl(reading, fcntl.F_DUPFD, 10), fcntl.fcntl(writing, fcntl.F_DUPFD, 10)
        os.close(reading)
        os.close(writing)
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                   f"--user-data-dir={profile}", "about:blank"]
        self.process = subprocess.Popen(
            command, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=lambda: (os.dup2(to_read, 3), os.dup2(to_write, 4)))
        os.close(to_read)
        os.close(to_write)
        self.buffer, self.next_id = b"", 0

    def send(self, method: str, params: dict, session: str | None = None) -> dict:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_browser, 1 << 16)
                if not chunk:
                    sys.exit("web-engine.py: Chromium closed its pipe")
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(line)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']['message']}")
                return answer["result"]

    def page_result(self, url: str) -> dict:
        """Opens `url` in a new tab and waits for the promise `window.result` to settle."""
        target = self.send("Target.createTarget", {"url": url})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        expression = "new Promise((ok) => { const wait = () => window.result ? window.result.then(ok) : setTimeout(wait, 5); wait(); })"
        for _ in range(200):
            try:
                value = self.send("Runtime.evaluate",
                                  {"expression": expression, "awaitPromise": True, "returnByValue": True}, session)
                break
            except RuntimeError:  # the blank page's context, gone as the page loads: ask the page's
                time.sleep(0.05)
        else:
            sys.exit(f"web-engine.py: {url} gave no result")
        self.send("Target.closeTarget", {"targetId": target})
        return value["result"]["value"]

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def chromium_times(words: Path, text: Path, runs: int, directory: Path) -> tuple[dict, dict, float]:
    site = directory / "site"
    (site / "count").mkdir(parents=True)
    for entry in SITE.iterdir():
        (site / entry.name).symlink_to(entry)
        (site / "count" / entry.name).symlink_to(entry)
    shutil.copy(words, site / "words.tsv")
    shutil.copy(text, site / "count" / "words.tsv")
    (site / "bench.html").write_text(PAGE % {"runs": runs, "args": json.dumps(ARGS)})
    (site / "count" / "bench.html").write_text(PAGE % {"runs": runs, "args": json.dumps(COUNT_ARGS)})
    page = (SITE / "index.html").read_text(encoding="utf-8")
    (site / "first.html").write_text(page.replace("</body>", f"<script>{FIRST_PICTURE}</script>\n</body>"))
    server, port = serve(site)
    browser = Chromium(directory / "profile")
    try:
        layouts = browser.page_result(f"http://127.0.0.1:{port}/bench.html")
        counts = browser.page_result(f"http://127.0.0.1:{port}/count/bench.html")
        browser.page_result(f"http://127.0.0.1:{port}/first.html")
        firsts = [browser.page_result(f"http://127.0.0.1:{port}/first.html")["seconds"] for _ in range(5)]
    finally:
        browser.close()
        server.shutdown()
    return layouts, counts, statistics.median(firsts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11, metavar="N", help="warm runs of each (median)")
    arguments = parser.parse_args()
    for needed, how in ((BENCH, "swift build -c release"), (TOOL, "make build"), (SITE / "tagcloud.wasm", "make web")):
        if not needed.exists():
            sys.exit(f"web-engine.py: {needed} is missing: {how}")
    with tempfile.TemporaryDirectory(prefix="tagcloud-web-bench-") as temporary:
        directory = Path(temporary)
        subprocess.run([str(BENCH), "cloud", NAME, "--write-inputs", str(directory)], check=True, capture_output=True)
        words = directory / "words.tsv"
        (directory / f"{NAME}.tsv").rename(words)
        log("native library …")
        native = json.loads(subprocess.run([str(BENCH), "cloud", NAME, "--runs", str(arguments.runs)], check=True,
                                           capture_output=True, text=True).stdout.splitlines()[0])
        log("tagcloud processes …")
        process = median_process_seconds(words, arguments.runs)
        log("Node …")
        node = node_times(words, arguments.runs, directory)
        text = directory / "text" / "words.tsv"
        text.parent.mkdir()
        alice = (ROOT / "demo" / "texts" / "alice.txt").read_text(encoding="utf-8")
        text.write_text((alice * (COUNT_BYTES // len(alice.encode()) + 1))[:COUNT_BYTES], encoding="utf-8")
        log("counting: tagcloud, Node …")
        count_process = median_process_seconds(text, arguments.runs, COUNT_ARGS)
        count_node = node_times(text, arguments.runs, directory, COUNT_ARGS)
        log("Chromium …")
        chromium, count_chromium, first_picture = chromium_times(words, text, arguments.runs, directory)
    base = native["seconds"]
    rows = [
        ("native library (tagcloud-bench)", base, None),
        ("tagcloud command, whole process", process, None),
        ("engine in Node", statistics.median(node["warm"]), node["first"]),
        ("engine in Chromium (tagcloud.js, worker)", statistics.median(chromium["warm"]), chromium["first"]),
    ]
    print(f"| {NAME} | warm layout | × native | first run (load included) |")
    print("| --- | ---: | ---: | ---: |")
    for label, seconds, first in rows:
        first_text = f"{first * 1000:.0f} ms" if first is not None else "—"
        print(f"| {label} | {seconds * 1000:.0f} ms | {seconds / base:.2f}× | {first_text} |")
    print(f"\nindex.html, files cached: first picture {first_picture * 1000:.0f} ms after navigation (median of 5)")
    print("\n| count of 1 MB of English | warm | × tagcloud | first run (load included) |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| tagcloud count, whole process | {count_process * 1000:.0f} ms | 1.00× | — |")
    for label, result in (("engine in Node", count_node), ("engine in Chromium (tagcloud.js, worker)", count_chromium)):
        warm = statistics.median(result["warm"])
        print(f"| {label} | {warm * 1000:.0f} ms | {warm / count_process:.2f}× | {result['first'] * 1000:.0f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
