#!/usr/bin/env python3
"""Benchmark `tagcloud serve`: layout latency, throughput under load, and the server's memory.

Against a real server (``tagcloud serve --port 0 --quiet``, the address read from what it prints):

1. **Latency**, one request at a time on one kept-alive connection: ``POST /api/layout`` with a
   word cloud of 50 and 200 words on 800×600 and 1,000 words on 2000×1500, ``--warmup`` requests
   first (not timed), then ``--requests`` timed ones; p50/p95/p99 of the time from sending the
   request to having read the whole answer (layout, JSON, SVG and HTTP together).
2. **Load**, with ``wrk``: ``--connections`` connections (default 16, one per wrk thread) posting
   the 200-word body for ``--duration`` seconds (default 60) after a ``--load-warmup`` run (default
   10 s) at the same load. Reports layouts/s (200 answers only), every status counted (a 503 is not
   a layout: those that say "busy" are the full queue, the others the time limit), wrk's socket
   errors, and the latency of the 200 answers (timed in wrk's Lua script: each thread has one
   connection, so request and answer pair up).
3. **Memory**: the server's RSS (``VmRSS`` of /proc/PID/status) after start, after the latency
   runs, after the load warm-up and at the end of the load run, sampled every second during it;
   the growth is the end against the warm-up figure.

The CPU seconds of the server, of wrk and of the whole machine during the load run are reported
too: client and server share the machine, and a run shared with other work shows it.

The words are the Zipf vocabulary of ``tagcloud-bench`` (``Workloads.zipf``, seed 7: the same words
and weights as its ``cloud-200-800x600`` and ``cloud-1000-2000x1500`` workloads), sent as term
objects, as the editor sends them; every other option is the CLI's default, with ``--seed 1``.

A Markdown table goes to standard output, followed by one JSON line per workload (also written to
``--json-out FILE``); progress goes to standard error. ``wrk`` is installed with apt-get (or
Homebrew) when missing, as ``compare.py`` installs its Python packages; ``--no-load`` skips the load
run instead. Exit status 1 when the server cannot be built, started or reached, 0 otherwise (missed
targets are results).

Usage: ``python3 bench/serve.py [--duration S] [--requests N] [--only NAMES] [--no-build]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import platform
import queue
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
PRODUCT = "tagcloud"
MASK64 = (1 << 64) - 1


def log(message: str) -> None:
    """Progress and diagnostics go to standard error; standard output is only the report."""
    print(message, file=sys.stderr, flush=True)


class BenchError(Exception):
    """A failure that ends the benchmark, with a message meant for the user."""


# --------------------------------------------------------------------------------------------
# The words: tagcloud-bench's Zipf vocabulary, reproduced exactly
# --------------------------------------------------------------------------------------------

class SeededRandom:
    """TagCloud's `SeededRandom` (SplitMix64, Lemire's bounded integers), bit for bit."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def next_int(self, bound: int) -> int:
        threshold = ((1 << 64) - bound) % bound
        while True:
            r = self.next() * bound
            if r & MASK64 >= threshold:
                return r >> 64


def zipf_terms(count: int, seed: int = 7) -> list[tuple[str, int]]:
    """`Workloads.zipf(count:seed:)` of tagcloud-bench: pseudo-English words, weight ∝ 1 / rank."""
    onsets = ["", "b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "w", "st", "tr", "pl",
              "ch", "sh", "th", "br", "gr", "cl"]
    vowels = ["a", "e", "i", "o", "u", "ea", "ou", "ai", "io"]
    codas = ["", "", "n", "r", "s", "t", "l", "nd", "st", "ng", "ck", "m", "rt", "ss"]
    rng = SeededRandom(seed)
    seen: set[str] = set()
    words: list[str] = []
    while len(words) < count:
        syllables = [1, 1, 2, 2, 2, 3, 3, 4][rng.next_int(8)]
        word = ""
        for _ in range(syllables):
            # Python evaluates left to right, as Swift does: onset, vowel, coda.
            word += onsets[rng.next_int(len(onsets))] + vowels[rng.next_int(len(vowels))] \
                + codas[rng.next_int(len(codas))]
        if len(word) >= 2 and word not in seen:
            seen.add(word)
            words.append(word)
    # Swift's `rounded()` rounds halves away from zero; Python's round() would round them to even.
    return [(word, math.floor(100_000 / (rank + 1) + 0.5)) for rank, word in enumerate(words)]


@dataclass
class Workload:
    """One cloud the server is asked for."""

    name: str
    words: int
    width: int
    height: int
    target_p95_ms: float | None = None

    def body(self) -> bytes:
        terms = [{"text": text, "weight": weight} for text, weight in zipf_terms(self.words)]
        body = {"command": "cloud", "width": self.width, "height": self.height, "max-words": self.words,
                "seed": 1, "tags": terms}
        return json.dumps(body, ensure_ascii=False).encode("utf-8")


# The targets (on the project's 2-core machine): p95 under 50 ms for 200 words and under
# 150 ms for 1,000 words on 2000×1500; at least 100 layouts/s of 200 words; RSS growth under 10%.
LATENCY_WORKLOADS = [
    Workload("layout-50-800x600", 50, 800, 600),
    Workload("layout-200-800x600", 200, 800, 600, target_p95_ms=50),
    Workload("layout-1000-2000x1500", 1000, 2000, 1500, target_p95_ms=150),
]
LOAD_WORKLOAD = Workload("load-200-800x600", 200, 800, 600)
TARGET_LAYOUTS_PER_SECOND = 100.0
TARGET_RSS_GROWTH_PERCENT = 10.0


def percentile(values: list[float], q: float) -> float | None:
    """The q-quantile (0–1) with linear interpolation between the two nearest ranks (numpy's default)."""
    if not values:
        return None
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def rounded(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


# --------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------

def build_tool() -> Path:
    """Builds tagcloud in release mode and returns the path of the executable."""
    if shutil.which("swift") is None:
        raise BenchError("swift is not on PATH: install Swift 6, or pass --bin PATH")
    log(f"building {PRODUCT} (swift build -c release --product {PRODUCT}) …")
    build = subprocess.run(["swift", "build", "-c", "release", "--product", PRODUCT],
                           cwd=REPO, stdout=sys.stderr, stderr=sys.stderr)
    if build.returncode != 0:
        raise BenchError(f"swift build of {PRODUCT} failed (status {build.returncode}); its messages are above")
    return REPO / ".build" / "release" / PRODUCT


class Server:
    """`tagcloud serve --port 0 --quiet` as a child process."""

    def __init__(self, binary: Path, stderr_path: Path) -> None:
        self.stderr = open(stderr_path, "w+", encoding="utf-8")
        try:
            self.process = subprocess.Popen([str(binary), "serve", "--port", "0", "--quiet"],
                                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                            stderr=self.stderr, text=True)
        except OSError as error:
            raise BenchError(f"cannot run {binary}: {error}") from error
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            for line in self.process.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        try:
            line = lines.get(timeout=30)
        except queue.Empty:
            line = None
        match = re.search(r"http://([^/\s]+)/", line or "")
        if not match:
            self.stop()
            raise BenchError(f"tagcloud serve printed no address (it printed {line!r}; "
                             f"its messages: {self.messages() or 'none'})")
        self.address = match.group(1)
        host, _, port = self.address.rpartition(":")
        self.host, self.port = host.strip("[]"), int(port)

    @property
    def pid(self) -> int:
        return self.process.pid

    def rss_kb(self) -> int | None:
        """Resident memory in KB: VmRSS on Linux, `ps` elsewhere."""
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        except OSError:
            pass
        try:
            shown = subprocess.run(["ps", "-o", "rss=", "-p", str(self.pid)], capture_output=True, text=True)
            return int(shown.stdout.strip())
        except (OSError, ValueError):
            return None

    def threads(self) -> int | None:
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("Threads:"):
                    return int(line.split()[1])
        except OSError:
            pass
        return None

    def cpu_seconds(self) -> float | None:
        """User plus system CPU time so far (Linux)."""
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return None

    def wait_until_idle(self, limit: float = 60) -> None:
        """Returns once the server has used almost no CPU for half a second (at most `limit` s)."""
        end = time.monotonic() + limit
        last = self.cpu_seconds()
        while last is not None and time.monotonic() < end:
            time.sleep(0.5)
            now = self.cpu_seconds()
            if now is None or now - last < 0.02:
                return
            last = now

    def messages(self) -> str:
        self.stderr.flush()
        self.stderr.seek(0)
        return self.stderr.read().strip()

    def stop(self) -> int | None:
        """SIGTERM, then the exit status (None if it had to be killed)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return None
        return self.process.returncode


# --------------------------------------------------------------------------------------------
# Latency: one request at a time
# --------------------------------------------------------------------------------------------

def post_layout(connection: http.client.HTTPConnection, body: bytes) -> tuple[int, bytes, float]:
    """One POST /api/layout on a kept-alive connection: status, answer, milliseconds."""
    start = time.perf_counter()
    connection.request("POST", "/api/layout", body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    answer = response.read()
    return response.status, answer, (time.perf_counter() - start) * 1000


def measure_latency(server: Server, workload: Workload, requests: int, warmup: int) -> dict[str, Any]:
    body = workload.body()
    connection = http.client.HTTPConnection(server.host, server.port, timeout=120)
    statuses: dict[str, int] = {}
    times: list[float] = []
    summary = None
    answer_bytes = None
    try:
        for i in range(warmup + requests):
            status, answer, ms = post_layout(connection, body)
            if status != 200:
                log(f"    request {i + 1}: {status} {answer[:200].decode('utf-8', 'replace')}")
            if i < warmup:
                continue
            statuses[str(status)] = statuses.get(str(status), 0) + 1
            if status == 200:
                times.append(ms)
                if summary is None:
                    summary = json.loads(answer).get("summary")
                    answer_bytes = len(answer)
    except (OSError, http.client.HTTPException) as error:
        raise BenchError(f"{workload.name}: the server stopped answering ({error}); "
                         f"its messages: {server.messages() or 'none'}") from error
    finally:
        connection.close()
    p95 = percentile(times, 0.95)
    record = {
        "workload": workload.name, "kind": "latency", "words": workload.words,
        "width": workload.width, "height": workload.height, "requests": requests, "warmup": warmup,
        "statuses": statuses, "body_bytes": len(body), "answer_bytes": answer_bytes, "summary": summary,
        "p50_ms": rounded(percentile(times, 0.5)), "p95_ms": rounded(p95), "p99_ms": rounded(percentile(times, 0.99)),
        "mean_ms": rounded(sum(times) / len(times)) if times else None,
        "min_ms": rounded(min(times, default=None)), "max_ms": rounded(max(times, default=None)),
        "target_p95_ms": workload.target_p95_ms,
    }
    if workload.target_p95_ms is not None:
        record["target_met"] = p95 is not None and p95 < workload.target_p95_ms and len(times) == requests
    return record


# --------------------------------------------------------------------------------------------
# Load: wrk
# --------------------------------------------------------------------------------------------

# One connection per wrk thread, so `request` and `response` of a thread alternate and each answer
# is timed from its own request (wrk's own histogram mixes in the quick 503s). LuaJIT's FFI gives
# the monotonic clock.
WRK_SCRIPT = r"""
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } tagcloud_timespec;
int clock_gettime(int clock, tagcloud_timespec *tp);
]]
local clock = ffi.new("tagcloud_timespec")
local function now_us()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1e6 + tonumber(clock.tv_nsec) / 1e3
end

local file = assert(io.open(os.getenv("TAGCLOUD_BENCH_BODY"), "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"

local threads = {}
function setup(thread) table.insert(threads, thread) end

local prepared, started
statuses = {}
latencies = {}
busy = 0
function init(args) prepared = wrk.format() end
function request() started = now_us(); return prepared end
function response(status, headers, body)
  local elapsed = now_us() - started
  statuses[status] = (statuses[status] or 0) + 1
  if status == 200 then
    latencies[#latencies + 1] = elapsed
  elseif status == 503 and body:find("busy", 1, true) then
    busy = busy + 1
  end
end

function done(summary, latency, requests)
  local counts, times, busy_total = {}, {}, 0
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      counts[status] = (counts[status] or 0) + n
    end
    for _, t in ipairs(thread:get("latencies")) do times[#times + 1] = string.format("%.0f", t) end
    busy_total = busy_total + thread:get("busy")
  end
  local parts = {}
  for status, n in pairs(counts) do parts[#parts + 1] = string.format('"%d": %d', status, n) end
  local e = summary.errors
  io.write(string.format(
    'TAGCLOUD-WRK {"duration_us": %d, "requests": %d, "bytes": %d, "statuses": {%s}, "busy": %d, '
      .. '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, '
      .. '"all_p50_us": %d, "all_p99_us": %d, "latencies_us": [%s]}\n',
    summary.duration, summary.requests, summary.bytes, table.concat(parts, ", "), busy_total,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), table.concat(times, ",")))
end
"""


def ensure_wrk() -> str:
    """The path of wrk, installed with apt-get or Homebrew when missing."""
    found = shutil.which("wrk")
    if found:
        return found
    if shutil.which("apt-get"):
        prefix = [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else None)
        if prefix is not None:
            log("installing wrk with apt-get …")
            environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            subprocess.run([*prefix, "apt-get", "install", "-y", "-qq", "wrk"], env=environment,
                           stdout=sys.stderr, stderr=sys.stderr)
    elif shutil.which("brew"):
        log("installing wrk with Homebrew …")
        subprocess.run(["brew", "install", "wrk"], stdout=sys.stderr, stderr=sys.stderr)
    found = shutil.which("wrk")
    if not found:
        raise BenchError("the load run needs wrk (Debian: apt-get install wrk; macOS: brew install wrk), "
                         "which could not be installed; --no-load skips it")
    return found


def run_wrk(wrk: str, server: Server, script: Path, body: Path, seconds: float, connections: int,
            samples: list[tuple[float, int]] | None = None) -> dict[str, Any]:
    """Runs wrk; returns its report, plus its CPU seconds and the server's, and RSS samples (1/s)."""
    command = [wrk, f"-t{connections}", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--timeout", "30s",
               "-s", str(script), f"http://{server.address}/api/layout"]
    environment = dict(os.environ, TAGCLOUD_BENCH_BODY=str(body))
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    server_cpu_before = server.cpu_seconds()
    machine_before = machine_busy_seconds()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    start = time.monotonic()
    while process.poll() is None:
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            pass
        rss = server.rss_kb()
        if samples is not None and rss is not None:
            samples.append((time.monotonic() - start, rss))
    out, err = process.communicate()
    children_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    server_cpu_after = server.cpu_seconds()
    machine_after = machine_busy_seconds()
    line = next((l for l in out.splitlines() if l.startswith("TAGCLOUD-WRK ")), None)
    if process.returncode != 0 or line is None:
        raise BenchError(f"wrk failed (status {process.returncode}): {(err or out).strip()[-500:]}")
    report = json.loads(line[len("TAGCLOUD-WRK "):])
    report["wrk_cpu_seconds"] = (children_after.ru_utime + children_after.ru_stime
                                 - children_before.ru_utime - children_before.ru_stime)
    if server_cpu_before is not None and server_cpu_after is not None:
        report["server_cpu_seconds"] = server_cpu_after - server_cpu_before
    if machine_before is not None and machine_after is not None:
        report["machine_cpu_seconds"] = machine_after - machine_before
    return report


def machine_busy_seconds() -> float | None:
    """CPU seconds every process of the machine has used so far (Linux): what else ran meanwhile."""
    try:
        fields = [int(f) for f in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError, IndexError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def measure_load(server: Server, wrk: str, directory: Path, seconds: float, warmup_seconds: float,
                 connections: int, rss_before_load: int | None) -> dict[str, Any]:
    workload = LOAD_WORKLOAD
    body = directory / f"{workload.name}.json"
    body.write_bytes(workload.body())
    script = directory / "post.lua"
    script.write_text(WRK_SCRIPT, encoding="utf-8")
    if warmup_seconds > 0:
        log(f"  warm-up: {connections} connections for {warmup_seconds:g} s …")
        warm = run_wrk(wrk, server, script, body, warmup_seconds, connections)
        log(f"    statuses {warm['statuses']}")
    # wrk stops at its deadline with requests still queued in the server, which finishes them:
    # the measured run starts once it is idle, or it would begin with a full queue.
    server.wait_until_idle()
    rss_start = server.rss_kb()
    threads_start = server.threads()
    log(f"  load: {connections} connections for {seconds:g} s (RSS {rss_start} KB) …")
    samples: list[tuple[float, int]] = []
    report = run_wrk(wrk, server, script, body, seconds, connections, samples)
    rss_end = server.rss_kb()
    duration = report["duration_us"] / 1e6
    statuses = {str(k): v for k, v in sorted(report["statuses"].items(), key=lambda kv: int(kv[0]))}
    layouts = statuses.get("200", 0)
    times = [t / 1000 for t in report["latencies_us"]]
    unavailable = statuses.get("503", 0)
    errors = {k: v for k, v in report["errors"].items() if k != "status" and v}
    other = {k: v for k, v in statuses.items() if k not in ("200", "503")}
    growth = 100 * (rss_end - rss_start) / rss_start if rss_start and rss_end else None
    layouts_per_second = layouts / duration if duration else 0.0
    return {
        "workload": workload.name, "kind": "load", "words": workload.words,
        "width": workload.width, "height": workload.height, "connections": connections,
        "seconds": round(duration, 2), "warmup_seconds": warmup_seconds, "requests": report["requests"],
        "statuses": statuses, "layouts": layouts, "layouts_per_second": round(layouts_per_second, 1),
        "busy_503": report["busy"], "time_limit_503": unavailable - report["busy"],
        "other_errors": other, "socket_errors": errors,
        "p50_ms": rounded(percentile(times, 0.5)), "p95_ms": rounded(percentile(times, 0.95)),
        "p99_ms": rounded(percentile(times, 0.99)), "max_ms": rounded(max(times, default=None)),
        "all_answers_p50_ms": round(report["all_p50_us"] / 1000, 1),
        "all_answers_p99_ms": round(report["all_p99_us"] / 1000, 1),
        "server_cpu_seconds": rounded(report.get("server_cpu_seconds"), 2),
        "wrk_cpu_seconds": round(report["wrk_cpu_seconds"], 2),
        # The whole machine's busy CPU seconds in the run: beyond the server's and wrk's, other work
        # shared the cores (the figures then understate the server).
        "machine_cpu_seconds": rounded(report.get("machine_cpu_seconds"), 2),
        "rss_kb_before_load": rss_before_load, "rss_kb_start": rss_start, "rss_kb_end": rss_end,
        "rss_kb_max": max((rss for _, rss in samples), default=None),
        # Every fifth sample (about one per 5 s): whether memory levels off or keeps growing.
        "rss_kb_trace": [[round(t), rss] for t, rss in samples[4::5]],
        "rss_growth_percent": rounded(growth, 2), "server_threads_start": threads_start,
        "server_threads_end": server.threads(),
        "target_layouts_per_second": TARGET_LAYOUTS_PER_SECOND,
        "target_rss_growth_percent": TARGET_RSS_GROWTH_PERCENT,
        "target_met": layouts_per_second >= TARGET_LAYOUTS_PER_SECOND and unavailable == 0 and not other
        and not errors and growth is not None and growth < TARGET_RSS_GROWTH_PERCENT,
    }


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------

def milliseconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} ms"


def statuses_text(statuses: dict[str, int]) -> str:
    return ", ".join(f"{n} × {status}" for status, n in statuses.items()) or "—"


def markdown(records: list[dict[str, Any]]) -> str:
    lines = []
    latency = [r for r in records if r["kind"] == "latency"]
    if latency:
        lines += ["| workload | requests | p50 | p95 | p99 | max | target (p95) | answers | placed |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |"]
        for r in latency:
            target = "—" if r["target_p95_ms"] is None else \
                f"< {r['target_p95_ms']:g} ms: {'met' if r['target_met'] else 'MISSED'}"
            lines.append(f"| {r['workload']} | {r['requests']} | {milliseconds(r['p50_ms'])} | "
                         f"{milliseconds(r['p95_ms'])} | {milliseconds(r['p99_ms'])} | {milliseconds(r['max_ms'])} | "
                         f"{target} | {statuses_text(r['statuses'])} | {r['summary'] or '—'} |")
    for r in (r for r in records if r["kind"] == "load"):
        if lines:
            lines.append("")
        kb = r["rss_kb_start"], r["rss_kb_end"]
        lines += [f"| {r['workload']}, {r['connections']} connections, {r['seconds']:g} s | |",
                  "| --- | --- |",
                  f"| layouts/s (200 answers) | {r['layouts_per_second']:.1f} "
                  f"(target ≥ {r['target_layouts_per_second']:g}) |",
                  f"| answers | {statuses_text(r['statuses'])}; 503: {r['busy_503']} busy, "
                  f"{r['time_limit_503']} time limit |",
                  f"| socket errors | {json.dumps(r['socket_errors']) if r['socket_errors'] else 'none'} |",
                  f"| latency of the layouts p50 / p95 / p99 / max | {milliseconds(r['p50_ms'])} / "
                  f"{milliseconds(r['p95_ms'])} / {milliseconds(r['p99_ms'])} / {milliseconds(r['max_ms'])} |",
                  f"| CPU: server / wrk / whole machine | {r['server_cpu_seconds']} s / {r['wrk_cpu_seconds']} s / "
                  f"{r['machine_cpu_seconds']} s |",
                  f"| server RSS: after warm-up → end (max) | {kb[0]} KB → {kb[1]} KB ({r['rss_kb_max']} KB): "
                  f"{r['rss_growth_percent']:+.2f}% (target < {r['target_rss_growth_percent']:g}%) |",
                  f"| all targets of the run met | {'yes' if r['target_met'] else 'NO'} |"]
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    model = None
    try:
        model = next((l.split(":", 1)[1].strip() for l in Path("/proc/cpuinfo").read_text().splitlines()
                      if l.startswith("model name")), None)
    except OSError:
        pass
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True)
    return {"cpu": model or platform.processor(), "cores": os.cpu_count(), "system": platform.platform(),
            "commit": commit.stdout.strip() or None}


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------

def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Benchmark tagcloud serve: /api/layout latency, load, memory.")
    names = [w.name for w in LATENCY_WORKLOADS] + [LOAD_WORKLOAD.name]
    parser.add_argument("--only", metavar="A,B", help=f"run only these workloads ({', '.join(names)})")
    parser.add_argument("--requests", type=int, default=100, metavar="N",
                        help="timed requests per latency workload (default 100)")
    parser.add_argument("--warmup", type=int, default=10, metavar="N",
                        help="requests before the timed ones, per latency workload (default 10)")
    parser.add_argument("--duration", type=float, default=60, metavar="S", help="load run seconds (default 60)")
    parser.add_argument("--load-warmup", type=float, default=10, metavar="S",
                        help="seconds of the same load before the measured run (default 10)")
    parser.add_argument("--connections", type=int, default=16, metavar="N", help="load connections (default 16)")
    parser.add_argument("--no-load", action="store_true", help="skip the load run (no wrk needed)")
    parser.add_argument("--no-build", action="store_true", help="use the existing release build")
    parser.add_argument("--bin", metavar="PATH", help="the tagcloud executable to use (implies --no-build)")
    parser.add_argument("--json-out", metavar="FILE", help="also write the results as JSON lines here")
    arguments = parser.parse_args(argv)
    if arguments.requests < 1 or arguments.warmup < 0 or arguments.connections < 1 or arguments.duration < 1 \
            or arguments.load_warmup < 0:
        parser.error("--requests, --connections and --duration must be at least 1, the warm-ups at least 0")
    arguments.names = names
    if arguments.only:
        wanted = [n.strip() for n in arguments.only.split(",") if n.strip()]
        unknown = [n for n in wanted if n not in names]
        if unknown:
            parser.error(f"unknown workload(s) {', '.join(unknown)}; there are: {', '.join(names)}")
        arguments.names = wanted
    if arguments.no_load and LOAD_WORKLOAD.name in arguments.names:
        arguments.names.remove(LOAD_WORKLOAD.name)
    return arguments


def run(arguments: argparse.Namespace, directory: Path) -> list[dict[str, Any]]:
    wrk = ensure_wrk() if LOAD_WORKLOAD.name in arguments.names else None
    if arguments.bin:
        binary = Path(arguments.bin).resolve()
    else:
        binary = REPO / ".build" / "release" / PRODUCT if arguments.no_build else build_tool()
    if not binary.exists():
        raise BenchError(f"{binary} does not exist: build it (swift build -c release --product {PRODUCT})")
    about = machine()
    log(f"{about['cpu']}, {about['cores']} cores, {about['system']}, commit {about['commit']}")
    server = Server(binary, directory / "server-stderr.txt")
    log(f"tagcloud serve at {server.address} (pid {server.pid})")
    records: list[dict[str, Any]] = []
    try:
        rss_started = server.rss_kb()
        for workload in LATENCY_WORKLOADS:
            if workload.name not in arguments.names:
                continue
            log(f"  {workload.name}: {arguments.warmup} + {arguments.requests} requests …")
            record = measure_latency(server, workload, arguments.requests, arguments.warmup)
            log(f"    p50 {record['p50_ms']} ms, p95 {record['p95_ms']} ms, p99 {record['p99_ms']} ms")
            records.append(record)
        rss_after_latency = server.rss_kb()
        if wrk:
            records.append(measure_load(server, wrk, directory, arguments.duration, arguments.load_warmup,
                                        arguments.connections, rss_after_latency))
    finally:
        status = server.stop()
        messages = server.messages()
        if messages:
            log(f"server's messages: {messages[-2000:]}")
        log(f"server stopped, exit status {status}")
    for record in records:
        record["rss_kb_server_started"] = rss_started
        record.update(commit=about["commit"], cpu=about["cpu"], cores=about["cores"])
    return records


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        with tempfile.TemporaryDirectory(prefix="tagcloud-serve-bench-") as directory:
            records = run(arguments, Path(directory))
    except BenchError as error:
        log(f"serve.py: {error}")
        return 1
    except KeyboardInterrupt:
        log("serve.py: interrupted")
        return 130
    print(markdown(records))
    print()
    for record in records:
        print(json.dumps(record, sort_keys=True))
    if arguments.json_out:
        with open(arguments.json_out, "w", encoding="utf-8") as out:
            for record in records:
                out.write(json.dumps(record, sort_keys=True) + "\n")
        log(f"wrote {len(records)} JSON lines to {arguments.json_out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
