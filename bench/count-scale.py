#!/usr/bin/env python3
"""Counting past one machine, measured (bench/README.md#counting-at-scale): one JSON line per
workload.

- `partial-throughput`: `tagcloud count --partial` on one core against the plain count, MB/s;
- `merge-1000`: the partial counts of 1,000 shards of a text merged into the table, and into one
  partial count: seconds and peak memory;
- `merge-10m-words`: the merge of a partial count holding 10 million distinct words;
- `spark-local`: scripts/spark-count.py in Spark's local mode (2 cores) against one count of the
  same input (needs pyspark and Java: scripts/setup --spark).

    python3 bench/count-scale.py [WORKLOAD,...] [--megabytes 200] [--no-build]

Texts come from `tagcloud-bench count --write-inputs` (the count workloads' generated English).
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAGCLOUD = os.path.join(ROOT, ".build", "release", "tagcloud")
BENCH = os.path.join(ROOT, ".build", "release", "tagcloud-bench")


def timed(args, **kw):
    """Runs `args` under /usr/bin/time: (seconds, peak resident MB)."""
    with tempfile.NamedTemporaryFile("r") as report:
        started = time.monotonic()
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + args, check=True,
                       stdout=kw.get("stdout", subprocess.DEVNULL), stderr=subprocess.PIPE)
        seconds = time.monotonic() - started
        peak_kb = int(report.read().strip().splitlines()[-1])
    return round(seconds, 2), round(peak_kb / 1024, 1)


def emit(fields):
    print(json.dumps(fields, sort_keys=True), flush=True)


def text_of(folder, megabytes):
    """A generated English text of about `megabytes` MB (the count workloads' generator)."""
    os.makedirs(folder, exist_ok=True)
    subprocess.run([BENCH, "count", "count-en-200mb", "--write-inputs", folder], check=True, stdout=subprocess.DEVNULL)
    path = os.path.join(folder, "count-en-200mb.txt")
    if megabytes < 200:
        with open(path, "rb") as f:
            data = f.read(megabytes * 1_000_000)
        cut = max(data.rfind(b" "), data.rfind(b"\n"))
        with open(path, "wb") as f:
            f.write(data[:cut])
    return path


def shards(path, n, folder):
    """`path` cut at whitespace into `n` files of about equal size."""
    with open(path, "rb") as f:
        data = f.read()
    paths, start = [], 0
    for k in range(n):
        end = len(data) if k == n - 1 else data.find(b" ", (k + 1) * len(data) // n)
        end = len(data) if end < 0 else end
        p = os.path.join(folder, f"shard-{k:05d}.txt")
        with open(p, "wb") as out:
            out.write(data[start:end])
        paths.append(p)
        start = end
    return paths


def partial_throughput(folder, text):
    size = os.path.getsize(text) / 1e6
    single, single_peak = timed(["taskset", "-c", "0", TAGCLOUD, "count", "--text", text, "--quiet"])
    partial, partial_peak = timed(["taskset", "-c", "0", TAGCLOUD, "count", "--text", text, "--partial",
                                   "-o", os.path.join(folder, "whole.counts"), "--quiet"])
    emit({"name": "partial-throughput", "mb": round(size, 1), "cores": 1,
          "count_seconds": single, "count_mb_per_s": round(size / single, 1), "count_peak_rss_mb": single_peak,
          "partial_seconds": partial, "partial_mb_per_s": round(size / partial, 1), "partial_peak_rss_mb": partial_peak,
          "partial_file_mb": round(os.path.getsize(os.path.join(folder, "whole.counts")) / 1e6, 1)})


def merge_1000(folder, text):
    parts = shards(text, 1000, os.path.join(folder, "shards"))
    started = time.monotonic()
    # Two at a time: the machine's two cores.
    subprocess.run(["xargs", "-P", "2", "-I", "{}", TAGCLOUD, "count", "--text", "{}", "--partial", "-o", "{}.counts",
                    "--quiet"], input="\n".join(parts).encode(), check=True)
    partial_seconds = time.monotonic() - started
    counts = sorted(glob.glob(os.path.join(folder, "shards", "*.counts")))
    table, table_peak = timed([TAGCLOUD, "count", "--merge"] + counts + ["-o", os.path.join(folder, "merged.tsv"), "--quiet"])
    merged = os.path.join(folder, "merged.counts")
    into, into_peak = timed([TAGCLOUD, "count", "--merge"] + counts + ["--partial", "-o", merged, "--quiet"])
    once, once_peak = timed([TAGCLOUD, "count", "--merge", merged, "-o", os.path.join(folder, "merged-once.tsv"), "--quiet"])
    single, _ = timed([TAGCLOUD, "count", "--text", text, "-o", os.path.join(folder, "single.tsv"), "--quiet"])
    merged_table = open(os.path.join(folder, "merged.tsv"), "rb").read()
    single_table = open(os.path.join(folder, "single.tsv"), "rb").read()
    same = merged_table == single_table
    # Every pair is counted exactly on both sides (millions of them, most on disk): the tables must
    # be the same bytes; the top 1,000 alone are reported too.
    top = merged_table.split(b"\n")[:1000] == single_table.split(b"\n")[:1000]
    emit({"name": "merge-1000", "top_1000_equal": top, "mb": round(os.path.getsize(text) / 1e6, 1), "shards": 1000,
          "partials_seconds_2_cores": round(partial_seconds, 2),
          "partials_mb": round(sum(os.path.getsize(c) for c in counts) / 1e6, 1),
          "merge_to_table_seconds": table, "merge_to_table_peak_rss_mb": table_peak,
          "merge_to_partial_seconds": into, "merge_to_partial_peak_rss_mb": into_peak,
          "merged_partial_to_table_seconds": once, "merged_partial_to_table_peak_rss_mb": once_peak,
          "single_count_seconds": single, "table_equals_single_count": same})


def merge_10m_words(folder):
    """A partial count of 10,000,000 distinct words (ten shards of a million each), merged."""
    header = subprocess.run([TAGCLOUD, "count", "--text", "-", "--partial", "--shard", "x"], input=b"",
                            stdout=subprocess.PIPE, check=True).stdout.decode().splitlines()[0]
    path = os.path.join(folder, "10m.counts")
    with open(path, "w") as out:
        out.write(header + "\n")
        for s in range(10):
            out.write(f"s\t{s:02d}\t0\t0\t\t0\t\n")
            lines = [f"w\tw{s}x{k:x}\t{1 + k % 97}\tl\t{s:02d}\t{k}\n" for k in range(1_000_000)]
            out.write("".join(lines))
    seconds, peak = timed([TAGCLOUD, "count", "--merge", path, "--top", "1000", "-o", os.path.join(folder, "10m.tsv"),
                           "--quiet"])
    emit({"name": "merge-10m-words", "distinct_words": 10_000_000, "file_mb": round(os.path.getsize(path) / 1e6, 1),
          "seconds": seconds, "peak_rss_mb": peak})


def spark_local(folder, text, megabytes):
    parts = shards(text, 4, os.path.join(folder, "spark"))
    single, single_peak = timed([TAGCLOUD, "count", "--text"] + parts + ["-o", os.path.join(folder, "single.tsv"),
                                                                         "--quiet"])
    output = os.path.join(folder, "spark.tsv")
    spark, _ = timed([sys.executable, os.path.join(ROOT, "scripts", "spark-count.py"), "--master", "local[2]",
                      "--input", os.path.join(folder, "spark", "*.txt"), "--output", output, "--tagcloud", TAGCLOUD])
    spark_table, single_table = open(output, "rb").read(), open(os.path.join(folder, "single.tsv"), "rb").read()
    same = spark_table == single_table
    top = spark_table.split(b"\n")[:1000] == single_table.split(b"\n")[:1000]
    emit({"name": "spark-local", "top_1000_equal": top, "mb": megabytes, "spark_local_2_cores_seconds": spark,
          "single_count_seconds": single, "single_count_peak_rss_mb": single_peak, "table_equals_single_count": same})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workloads", nargs="?", default="partial-throughput,merge-1000,merge-10m-words,spark-local")
    parser.add_argument("--megabytes", type=int, default=200)
    parser.add_argument("--spark-megabytes", type=int, default=100)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "tagcloud"], cwd=ROOT, check=True)
        subprocess.run(["swift", "build", "-c", "release", "--product", "tagcloud-bench"], cwd=ROOT, check=True)
    names = set(args.workloads.split(","))
    with tempfile.TemporaryDirectory(prefix="tagcloud-scale-") as folder:
        for sub in ("shards", "spark"):
            os.makedirs(os.path.join(folder, sub))
        text = text_of(folder, args.megabytes)
        if "partial-throughput" in names:
            partial_throughput(folder, text)
        if "merge-1000" in names:
            merge_1000(folder, text)
        if "merge-10m-words" in names:
            merge_10m_words(folder)
        if "spark-local" in names:
            spark_text = text_of(os.path.join(folder, "spark-text"), args.spark_megabytes)
            spark_local(folder, spark_text, args.spark_megabytes)


if __name__ == "__main__":
    main()
