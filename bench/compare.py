#!/usr/bin/env python3
"""Compare TagCloud's word-cloud layout with the Python `wordcloud` package.

Both tools run the same workloads in the same run:

1. our benchmark is built (``swift build -c release --product tagcloud-bench``) and asked to write
   its workloads (``tagcloud-bench --write-inputs DIR``): ``<name>.tsv`` (word, weight) and
   ``<name>.json`` (canvas, limits, font, mask, rotation);
2. workload by workload, ``tagcloud-bench cloud NAME`` times our layout (median of 5, reported by
   the bench itself) just before and just after the Python package runs it, and our time is the
   mean of those two medians: the machine's speed drifts over minutes, so both sides are timed
   in the same minutes;
3. the Python package is given the workload through
   ``wordcloud.WordCloud(...).generate_from_frequencies`` in a subprocess with a time cap; only
   the generate call is timed (median of ``--runs``);
4. a Markdown table goes to standard output, optionally JSON lines to ``--json-out``.

Placed words and fill ratio (share of all canvas pixels that are not the white background, the
whole canvas also for masked workloads) are reported for both tools. Progress goes to standard
error, so standard output is only the report.

Usage: ``python3 bench/compare.py [--only a,b] [--runs N] [--timeout S] [--json-out FILE] [--one-core]``;
``--one-core`` runs our bench under ``taskset -c 0``, so it makes no use of a second core. The
scaling workloads (``scale-…``, ``canvas-…``, the bench's ``scaling`` group) run only when named with
``--only``: the Python package takes many minutes on each.

With ``--count`` it compares word counting instead: ``tagcloud-bench count --write-inputs DIR``
writes the texts of the count workloads, ``tagcloud-bench count NAMES`` times ``TermCounter`` (MB/s,
peak memory), and ``WordCloud().process_text(text)`` is timed on the same text in a subprocess (the
file is read before the clock starts). The 200 MB workload is left out unless named with ``--only``:
the Python package would take many minutes on it.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
PRODUCT = "tagcloud-bench"
# Importing numpy, Pillow and wordcloud and loading a workload; not part of the time cap.
STARTUP_TIMEOUT = 300.0
PYTHON_NOTE_ANY_ROTATION = "python: 0/90 only"


def log(message: str) -> None:
    """Progress and diagnostics go to standard error; standard output is only the report."""
    print(message, file=sys.stderr, flush=True)


class CompareError(Exception):
    """A failure that ends the comparison, with a message meant for the user."""


# --------------------------------------------------------------------------------------------
# Python side: dependencies and the worker that runs inside a subprocess
# --------------------------------------------------------------------------------------------

def ensure_python_packages() -> str:
    """Installs wordcloud (and numpy, Pillow) with pip when missing; returns wordcloud's version."""
    missing = []
    for module, package in (("numpy", "numpy"), ("PIL", "pillow"), ("wordcloud", "wordcloud")):
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    if missing:
        log(f"installing {' '.join(missing)} with pip …")
        result = subprocess.run([sys.executable, "-m", "pip", "install", "-q", *missing])
        if result.returncode != 0:
            raise CompareError(f"pip install {' '.join(missing)} failed (status {result.returncode})")
        importlib.invalidate_caches()
    try:
        import wordcloud  # noqa: F401  (checks that the install worked)
    except ImportError as error:
        raise CompareError(f"cannot import wordcloud after installing it: {error}") from error
    return getattr(wordcloud, "__version__", "unknown")


def read_frequencies(tsv: Path) -> dict[str, float]:
    """Reads ``word<TAB>weight`` lines; the first (heaviest) weight of a repeated word wins."""
    frequencies: dict[str, float] = {}
    for line in tsv.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        word, _, weight = line.rpartition("\t")
        if not word:
            raise ValueError(f"{tsv}: expected word<TAB>weight, got {line!r}")
        frequencies.setdefault(word, float(weight))
    return frequencies


def worker_main(spec_path: str, tsv_path: str, runs: int) -> int:
    """Runs inside the subprocess: generates the cloud `runs` times and reports on stdout.

    Protocol, one JSON object per line: ``{"event": "ready", "run": i}`` just before each timed
    generate call, ``{"event": "timed", "run": i, "seconds": s, "placed": n}`` after it, and
    after the last run ``{"event": "fill", "fill_ratio": f, "canvas": [w, h]}``. The parent
    applies the time cap between "ready" and "timed", and kills this process when it is hit.
    """
    import numpy as np
    from PIL import Image
    from wordcloud import WordCloud

    def send(**message: Any) -> None:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    frequencies = read_frequencies(Path(tsv_path))
    mask = None
    if spec.get("mask"):
        mask_path = Path(spec["mask"])
        if not mask_path.is_absolute():
            mask_path = Path(spec_path).parent / mask_path
        image = Image.open(mask_path)
        if image.mode not in ("L", "RGB", "RGBA"):  # palette, 1-bit, 16-bit: white must be 255
            image = image.convert("RGB")
        mask = np.array(image)

    wc = None
    for run in range(runs):
        # A new WordCloud each run, so that every run starts from random_state=1: the same layout.
        wc = WordCloud(
            width=int(spec["width"]),
            height=int(spec["height"]),
            max_words=int(spec["max_words"]),
            margin=int(spec["margin"]),
            prefer_horizontal=float(spec["prefer_horizontal"]),
            font_path=spec.get("font_path"),
            relative_scaling=float(spec.get("relative_scaling", 0.5)),
            min_font_size=int(spec.get("min_font_size", 4)),
            mask=mask,
            background_color="white",
            random_state=1,
        )
        send(event="ready", run=run)
        start = time.perf_counter()
        wc.generate_from_frequencies(frequencies)
        seconds = time.perf_counter() - start
        send(event="timed", run=run, seconds=seconds, placed=len(wc.layout_))

    pixels = wc.to_array()
    inked = np.any(pixels[:, :, :3] != 255, axis=-1)
    send(event="fill", fill_ratio=float(inked.mean()), canvas=[int(pixels.shape[1]), int(pixels.shape[0])])
    return 0


@dataclass
class PythonResult:
    """What the wordcloud package did on one workload."""

    seconds: float | None = None  # median of the runs; None when timed out or failed
    runs: list[float] = field(default_factory=list)
    placed: int | None = None
    fill_ratio: float | None = None
    canvas: list[int] | None = None
    timed_out: bool = False
    error: str | None = None
    note: str | None = None


def run_python(spec_path: Path, tsv_path: Path, runs: int, cap: float) -> PythonResult:
    """Runs the wordcloud package on one workload in a subprocess, `runs` times, under `cap` s each."""
    result = PythonResult()
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(spec_path), str(tsv_path), str(runs)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
    stderr_lines: list[str] = []

    def read_stdout() -> None:
        for line in process.stdout:
            line = line.strip()
            if line.startswith("{"):
                try:
                    messages.put(json.loads(line))
                    continue
                except json.JSONDecodeError:
                    pass
            stderr_lines.append(line)
        messages.put(None)  # end of output

    def read_stderr() -> None:
        for line in process.stderr:
            stderr_lines.append(line.rstrip("\n"))

    readers = [threading.Thread(target=read_stdout, daemon=True), threading.Thread(target=read_stderr, daemon=True)]
    for reader in readers:
        reader.start()

    def expect(event: str, timeout: float) -> dict[str, Any] | str:
        """The next message, which should be `event`; else "timeout" or "failed" (worker ended early)."""
        try:
            message = messages.get(timeout=timeout)
        except queue.Empty:
            return "timeout"
        if message is None or message.get("event") != event:
            return "failed"
        return message

    try:
        for run in range(runs):
            ready = expect("ready", STARTUP_TIMEOUT)
            if isinstance(ready, str):
                result.error = f"worker {'did not start in time' if ready == 'timeout' else 'failed'} " \
                               f"before run {run + 1}"
                break
            timed = expect("timed", cap)
            if timed == "timeout":
                result.timed_out = True
                log(f"    run {run + 1}/{runs}: > {cap:g} s, stopped")
                break
            if isinstance(timed, str):
                result.error = f"worker failed during run {run + 1}"
                break
            result.runs.append(timed["seconds"])
            result.placed = timed["placed"]
            log(f"    run {run + 1}/{runs}: {timed['seconds']:.3f} s, {timed['placed']} placed")
        else:
            fill = expect("fill", cap)
            if isinstance(fill, str):
                result.note = "fill not measured (to_array failed or took longer than the cap)"
            else:
                result.fill_ratio = fill["fill_ratio"]
                result.canvas = fill["canvas"]
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        for reader in readers:
            reader.join(timeout=5)

    if result.error:
        tail = [line for line in stderr_lines if line.strip()][-15:]
        for line in tail:
            log(f"    [worker] {line}")
        result.error += f" (exit status {process.returncode})" + (f": {tail[-1].strip()}" if tail else "")
    if result.timed_out or result.error:
        result.placed = None
        result.fill_ratio = None
    else:
        result.seconds = statistics.median(result.runs)
    return result


# --------------------------------------------------------------------------------------------
# Our side: build, write inputs, run `cloud`
# --------------------------------------------------------------------------------------------

def build_bench() -> Path:
    """Builds tagcloud-bench in release mode and returns the path of the executable."""
    if shutil.which("swift") is None:
        raise CompareError("swift is not on PATH: install Swift 6, or pass --bench-bin PATH")
    log(f"building {PRODUCT} (swift build -c release --product {PRODUCT}) …")
    build = subprocess.run(["swift", "build", "-c", "release", "--product", PRODUCT],
                           cwd=REPO, stdout=sys.stderr, stderr=sys.stderr)
    if build.returncode != 0:
        raise CompareError(f"swift build of {PRODUCT} failed (status {build.returncode}); its messages are above")
    return default_bench_path()


def default_bench_path() -> Path:
    """The release executable's path, as `swift build --show-bin-path` says, or the usual place."""
    try:
        shown = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                               capture_output=True, text=True, timeout=120)
        if shown.returncode == 0 and shown.stdout.strip():
            return Path(shown.stdout.strip()) / PRODUCT
    except (OSError, subprocess.TimeoutExpired):
        pass
    return REPO / ".build" / "release" / PRODUCT


# Prepended to our bench's command line: `taskset -c 0` with --one-core.
BENCH_PREFIX: list[str] = []


def run_bench(bench: Path, arguments: list[str], what: str) -> str:
    """Runs the bench executable and returns its standard output; raises with its messages on failure."""
    command = [*BENCH_PREFIX, str(bench), *arguments]
    try:
        completed = subprocess.run(command, capture_output=True, text=True)
    except OSError as error:
        raise CompareError(f"cannot run {bench}: {error}") from error
    if completed.stderr.strip():
        for line in completed.stderr.rstrip().splitlines():
            log(f"  [{PRODUCT}] {line}")
    if completed.returncode != 0:
        status = completed.returncode
        if status < 0:
            status = f"killed by signal {-status}"
        raise CompareError(f"{what} failed: `{' '.join(command)}` exited with status {status}"
                           + ("; its messages are above" if completed.stderr.strip() else " and printed nothing on stderr"))
    return completed.stdout


def write_inputs(bench: Path, directory: Path, corpus: str | None) -> dict[str, dict[str, Any]]:
    """Asks the bench to write its workloads; returns name -> spec (with the .tsv and .json paths)."""
    arguments = ["--write-inputs", str(directory)] + (["--corpus", corpus] if corpus else [])
    run_bench(bench, arguments, "writing the workloads")
    workloads: dict[str, dict[str, Any]] = {}
    for spec_path in sorted(directory.glob("*.json")):
        try:
            spec = json.loads(spec_path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise CompareError(f"{spec_path} is not valid JSON: {error}") from error
        name = spec.get("name") or spec_path.stem
        tsv_path = spec_path.with_suffix(".tsv")
        missing = [key for key in ("width", "height", "max_words", "margin", "prefer_horizontal") if key not in spec]
        if missing or not tsv_path.exists():
            raise CompareError(f"workload {name}: " + (f"{spec_path.name} lacks {', '.join(missing)}" if missing
                                                       else f"{tsv_path.name} was not written"))
        spec["_json"], spec["_tsv"] = spec_path, tsv_path
        workloads[name] = spec
    if not workloads:
        raise CompareError(f"`{bench} --write-inputs` wrote no <name>.json workloads into {directory} "
                           "(is the build older than --write-inputs?)")
    return workloads


def run_ours(bench: Path, names: list[str], corpus: str | None) -> dict[str, dict[str, Any]]:
    """Runs `tagcloud-bench cloud NAMES` once and returns its JSON lines by workload name."""
    # The scaling workloads (scale-…, canvas-…) are their own group of the bench.
    group = "scaling" if all(name.startswith(("scale-", "canvas-")) for name in names) else "cloud"
    log(f"tagcloud: {PRODUCT} {group} {','.join(names)} …")
    arguments = [group, ",".join(names)] + (["--corpus", corpus] if corpus else [])
    output = run_bench(bench, arguments, "the tagcloud benchmark")
    results: dict[str, dict[str, Any]] = {}
    for line in output.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            log(f"  ignoring a line of {PRODUCT} that is not JSON: {line[:120]}")
            continue
        if record.get("name") in names:
            results[record["name"]] = record
            log(f"  {record['name']}: {record.get('seconds', float('nan')):.4f} s, "
                f"{record.get('placed')} placed")
    for name in names:
        if name not in results:
            log(f"  {PRODUCT} cloud reported nothing for {name}")
    return results


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------

def natural_key(name: str) -> tuple:
    """Sorts cloud-200-… before cloud-1000-…."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name))


def format_seconds(seconds: float | None) -> str:
    """Seconds with about three significant digits."""
    if seconds is None:
        return "—"
    if seconds < 0.1:
        return f"{seconds:.4f}"
    if seconds < 10:
        return f"{seconds:.3f}"
    return f"{seconds:.1f}"


def format_ratio(ratio: float) -> str:
    return f"{ratio:.0f}×" if ratio >= 100 else f"{ratio:.1f}×"


def format_fill(fill: float | None) -> str:
    return "—" if fill is None else f"{100 * fill:.1f}%"


def format_count(count: Any) -> str:
    return "—" if count is None else str(count)


def combine(name: str, spec: dict[str, Any], ours: dict[str, Any] | None, python: PythonResult,
            runs: int, cap: float) -> dict[str, Any]:
    """One workload's results as a flat record (the JSON line, and the table row's source)."""
    ours_seconds = ours.get("seconds") if ours else None
    speedup = None
    if ours_seconds and python.seconds is not None:
        speedup = python.seconds / ours_seconds
    elif ours_seconds and python.timed_out:
        speedup = cap / ours_seconds  # a lower bound
    return {
        "name": name,
        "width": spec.get("width"), "height": spec.get("height"),
        "words_requested": (ours or {}).get("words_requested", spec.get("max_words")),
        "rotation": spec.get("rotation"), "mask": bool(spec.get("mask")),
        "tagcloud_seconds": ours_seconds,
        "tagcloud_placed": (ours or {}).get("placed"),
        "tagcloud_fill_ratio": (ours or {}).get("fill_ratio"),
        "python_seconds": python.seconds,
        "python_runs": python.runs,
        "python_runs_requested": runs,
        "python_timeout_s": cap,
        "python_timed_out": python.timed_out,
        "python_placed": python.placed,
        "python_fill_ratio": python.fill_ratio,
        "python_canvas": python.canvas,
        "python_error": python.error,
        "speedup": speedup,
        "speedup_is_lower_bound": python.timed_out and speedup is not None,
        "comparable": spec.get("rotation") != "any",
        "note": python.note,
        "tagcloud": ours,
    }


def markdown_table(records: list[dict[str, Any]]) -> str:
    """The report: one row per workload, then notes for rows that need one."""
    lines = [
        "| workload | tagcloud s | python s | speed-up | placed (ours / python) | fill (ours / python) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    notes = []
    for record in records:
        cap = record["python_timeout_s"]
        if record["python_timed_out"]:
            python_s = f"> {cap:g} s"
        elif record["python_error"]:
            python_s = "error"
        else:
            python_s = format_seconds(record["python_seconds"])
        speedup = "—"
        if record["speedup"] is not None:
            speedup = ("> " if record["speedup_is_lower_bound"] else "") + format_ratio(record["speedup"])
        marker = ""
        note = "; ".join(text for text in (record["note"], record["python_error"]) if text)
        if note:
            notes.append((record["name"], note))
            marker = f" [{len(notes)}]"
        if not record["comparable"] and record["speedup"] is not None:
            speedup += " (not comparable)"
        lines.append(
            f"| {record['name']}{marker} | {format_seconds(record['tagcloud_seconds'])} | {python_s} | {speedup} | "
            f"{format_count(record['tagcloud_placed'])} / {format_count(record['python_placed'])} | "
            f"{format_fill(record['tagcloud_fill_ratio'])} / {format_fill(record['python_fill_ratio'])} |")
    if notes:
        lines.append("")
    for index, (name, note) in enumerate(notes, start=1):
        lines.append(f"[{index}] {name}: {note}  ")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Word counting: TermCounter against process_text
# --------------------------------------------------------------------------------------------

COUNT_DEFAULT = ["count-en-10mb", "count-mixed-20mb"]
COUNT_ALL = ["count-en-10mb", "count-en-200mb", "count-mixed-20mb"]


def count_worker_main(text_path: str, runs: int) -> int:
    """Runs inside a subprocess: times WordCloud().process_text on the file, prints one JSON line."""
    from wordcloud import WordCloud  # imported here so the parent needs nothing but the standard library
    with open(text_path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    cloud = WordCloud()
    times = []
    words: dict[str, float] = {}
    for _ in range(runs):
        start = time.perf_counter()
        words = cloud.process_text(text)
        times.append(time.perf_counter() - start)
    print(json.dumps({"seconds": statistics.median(times), "terms": len(words)}), flush=True)
    return 0


def select_bench(arguments: argparse.Namespace) -> Path:
    """The bench executable: given, the existing build, or a fresh release build."""
    if arguments.bench_bin:
        bench = Path(arguments.bench_bin).resolve()
    elif arguments.no_build:
        bench = default_bench_path()
    else:
        bench = build_bench()
    if not bench.exists():
        raise CompareError(f"{bench} does not exist: build it (swift build -c release --product {PRODUCT}) or drop --no-build")
    return bench


def compare_count(arguments: argparse.Namespace, inputs: Path) -> list[dict[str, Any]]:
    """Times our counter and the Python package's process_text on the same texts."""
    version = ensure_python_packages()
    bench = select_bench(arguments)
    names = COUNT_DEFAULT
    if arguments.only:
        names = [name.strip() for name in arguments.only.split(",") if name.strip()]
        unknown = [name for name in names if name not in COUNT_ALL]
        if unknown:
            raise CompareError(f"unknown count workload(s) {', '.join(unknown)}; the bench has: {', '.join(COUNT_ALL)}")
    corpus = ["--corpus", arguments.corpus] if arguments.corpus else []
    log(f"writing the count texts into {inputs} …")
    run_bench(bench, ["count", ",".join(names), "--write-inputs", str(inputs), *corpus], "writing the count texts")
    log("timing TermCounter (tagcloud-bench count, median of 3) …")
    ours: dict[str, dict[str, Any]] = {}
    for line in run_bench(bench, ["count", ",".join(names), "--runs", "3", *corpus], "tagcloud-bench count").splitlines():
        if line.strip():
            record = json.loads(line)
            ours[record["name"]] = record
    log(f"python: wordcloud {version}, process_text, {arguments.runs} run(s) each, cap {arguments.timeout:g} s")
    records = []
    for name in names:
        path = inputs / f"{name}.txt"
        megabytes = path.stat().st_size / 1e6
        log(f"  {name} ({megabytes:.1f} MB)")
        python: dict[str, Any] = {}
        try:
            done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--count-worker", str(path), str(arguments.runs)],
                                  capture_output=True, text=True, timeout=arguments.timeout * arguments.runs + STARTUP_TIMEOUT)
            if done.returncode == 0 and done.stdout.strip():
                python = json.loads(done.stdout.strip().splitlines()[-1])
            else:
                python = {"error": (done.stderr.strip().splitlines() or ["no output"])[-1]}
        except subprocess.TimeoutExpired:
            python = {"error": "timed out"}
        mine = ours.get(name, {})
        py_rate = megabytes / python["seconds"] if python.get("seconds") else None
        records.append({"name": name, "mb": round(megabytes, 1), "tagcloud_mb_per_s": mine.get("mb_per_s"),
                        "tagcloud_peak_rss_mb": mine.get("peak_rss_mb"), "tagcloud_terms": mine.get("terms"),
                        "python_mb_per_s": round(py_rate, 2) if py_rate else None, "python_terms": python.get("terms"),
                        "python_error": python.get("error"),
                        "speedup": round(mine["mb_per_s"] / py_rate, 1) if py_rate and mine.get("mb_per_s") else None})
    return records


def count_table(records: list[dict[str, Any]]) -> str:
    """The count comparison as a Markdown table."""
    lines = ["| workload | MB | TagCloud MB/s | peak RSS MB | Python MB/s | speed-up | terms (ours / python) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in records:
        python = f"{r['python_mb_per_s']:.2f}" if r["python_mb_per_s"] else (r["python_error"] or "—")
        speedup = f"{r['speedup']:.0f}×" if r["speedup"] else "—"
        lines.append(f"| {r['name']} | {r['mb']} | {r['tagcloud_mb_per_s'] or '—'} | {r['tagcloud_peak_rss_mb'] or '—'} | "
                     f"{python} | {speedup} | {r['tagcloud_terms'] or '—'} / {r['python_terms'] or '—'} |")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------

def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Compare TagCloud's word clouds with the Python wordcloud package on the same workloads.")
    parser.add_argument("--only", metavar="A,B", help="run only these workloads (comma-separated names)")
    parser.add_argument("--runs", type=int, default=1, metavar="N",
                        help="Python runs per workload, the median is reported (default 1: it is slow)")
    parser.add_argument("--timeout", type=float, default=120.0, metavar="S",
                        help="time cap for one Python generate call, in seconds (default 120)")
    parser.add_argument("--corpus", metavar="FILE", help="passed on to tagcloud-bench (--write-inputs and cloud)")
    parser.add_argument("--json-out", metavar="FILE", help="also write the results as JSON lines here")
    parser.add_argument("--no-build", action="store_true", help="use the existing release build")
    parser.add_argument("--bench-bin", metavar="PATH", help="the tagcloud-bench executable to use (implies --no-build)")
    parser.add_argument("--inputs-dir", metavar="DIR", help="write and keep the workloads here instead of a temp dir")
    parser.add_argument("--one-core", action="store_true",
                        help="run our bench on one core (taskset -c 0, Linux): no second thread for masks or segmenting")
    parser.add_argument("--count", action="store_true",
                        help="compare word counting (TermCounter against process_text) instead of layouts")
    parser.add_argument("--worker", nargs=3, metavar=("SPEC", "TSV", "RUNS"), help=argparse.SUPPRESS)
    parser.add_argument("--count-worker", nargs=2, metavar=("TEXT", "RUNS"), help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.runs < 1:
        parser.error("--runs must be at least 1")
    if arguments.timeout <= 0:
        parser.error("--timeout must be positive")
    if arguments.corpus:
        arguments.corpus = str(Path(arguments.corpus).resolve())
    return arguments


def compare(arguments: argparse.Namespace, inputs: Path) -> list[dict[str, Any]]:
    """Runs both tools on the chosen workloads and returns one record per workload."""
    version = ensure_python_packages()
    if arguments.bench_bin:
        bench = Path(arguments.bench_bin).resolve()
    elif arguments.no_build:
        bench = default_bench_path()
    else:
        bench = build_bench()
    if not bench.exists():
        hint = "check --bench-bin" if arguments.bench_bin else \
            f"build it (swift build -c release --product {PRODUCT}) or drop --no-build"
        raise CompareError(f"{bench} does not exist: {hint}")

    log(f"writing workloads into {inputs} …")
    workloads = write_inputs(bench, inputs, arguments.corpus)
    # The scaling workloads take the Python package many minutes each: only when named.
    names = [name for name in sorted(workloads, key=natural_key) if not name.startswith(("scale-", "canvas-"))]
    if arguments.only:
        wanted = [name.strip() for name in arguments.only.split(",") if name.strip()]
        unknown = [name for name in wanted if name not in workloads]
        if unknown:
            raise CompareError(f"unknown workload(s) {', '.join(unknown)}; the bench has: {', '.join(names)}")
        names = wanted

    log(f"python: wordcloud {version} on Python {sys.version.split()[0]}, "
        f"{arguments.runs} run(s) each, cap {arguments.timeout:g} s")
    ours: dict[str, dict[str, Any]] = {}
    records = []
    for name in names:
        spec = workloads[name]
        log(f"  {name} ({spec['width']}×{spec['height']}, {spec['max_words']} words"
            + (", mask" if spec.get("mask") else "") + f", rotation {spec.get('rotation', '0,90')})")
        # Ours just before and just after this workload's Python runs: the machine's speed drifts
        # over minutes, and a ratio of two timings taken far apart would carry that drift. Ours
        # goes first, so a broken bench is reported before any Python run.
        before = run_ours(bench, [name], arguments.corpus).get(name)
        python = run_python(spec["_json"], spec["_tsv"], arguments.runs, arguments.timeout)
        after = run_ours(bench, [name], arguments.corpus).get(name)
        timed = [r for r in (before, after) if r and r.get("seconds")]
        if timed:
            ours[name] = dict(timed[-1], seconds=statistics.mean(r["seconds"] for r in timed),
                              seconds_before_python=before.get("seconds") if before else None,
                              seconds_after_python=after.get("seconds") if after else None)
        notes = [python.note] if python.note else []
        if spec.get("rotation") == "any":
            notes.insert(0, PYTHON_NOTE_ANY_ROTATION)
        if name not in ours:
            notes.append(f"{PRODUCT} cloud reported nothing for this workload")
        python.note = "; ".join(notes) or None
        if python.error:
            log(f"    error: {python.error}")
        clean_spec = {key: value for key, value in spec.items() if not key.startswith("_")}
        records.append(combine(name, clean_spec, ours.get(name), python, arguments.runs, arguments.timeout))
    return records


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    if arguments.worker:
        spec, tsv, runs = arguments.worker
        return worker_main(spec, tsv, int(runs))
    if arguments.count_worker:
        text, runs = arguments.count_worker
        return count_worker_main(text, int(runs))
    run = compare_count if arguments.count else compare
    table = count_table if arguments.count else markdown_table
    if arguments.one_core:
        if shutil.which("taskset") is None:
            log("compare.py: --one-core needs taskset (util-linux), which is not installed")
            return 1
        BENCH_PREFIX[:] = ["taskset", "-c", "0"]
        log("our bench runs on one core (taskset -c 0)")

    try:
        if arguments.inputs_dir:
            inputs = Path(arguments.inputs_dir).resolve()
            inputs.mkdir(parents=True, exist_ok=True)
            records = run(arguments, inputs)
        else:
            with tempfile.TemporaryDirectory(prefix="tagcloud-compare-") as directory:
                records = run(arguments, Path(directory))
    except CompareError as error:
        log(f"compare.py: {error}")
        return 1
    except KeyboardInterrupt:
        log("compare.py: interrupted")
        return 130

    print(table(records))
    if arguments.json_out:
        with open(arguments.json_out, "w", encoding="utf-8") as out:
            for record in records:
                out.write(json.dumps(record, sort_keys=True) + "\n")
        log(f"wrote {len(records)} JSON lines to {arguments.json_out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
