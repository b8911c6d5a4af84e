#!/usr/bin/env python3
"""Counts the words of a corpus on Spark with tagcloud: each input split is counted by
`tagcloud count --partial` on an executor, the partial counts are added up by key in Spark, and
`tagcloud count --merge` makes the table on the driver. The table is the one `tagcloud count --text`
gives for the input files in path order (docs/counting-at-scale.md says why, and the limits).

    spark-submit scripts/spark-count.py --input 'corpus/*.txt' --output freq.tsv --top 1000 \\
        [--tagcloud /path/to/tagcloud] [--partitions N] [--partial-output merged.counts] \\
        [-- COUNT OPTIONS such as --language de --phrase "New York"]

Count options (anything the script does not know, or everything after `--`) go to every
`tagcloud count`, shards and merge alike. `--tagcloud PATH` ships that binary with the job (for
executors without tagcloud on their PATH); without it, executors run `tagcloud` from their PATH.
--output and --partial-output are paths on the driver's file system.
"""

import argparse
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import zlib

MAGIC = "tagcloud-partial"
# The end record, last in a partial count: `e RECORDS CHECKSUM`, the records since the header and
# the CRC-32 of their bytes, each line with its line feed.
END = "e"
# The most a pair count can hold in a partial count.
PAIR_COUNT_MAX = 2**32 - 1


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", action="append", required=True,
                        help="text files (globs and any Hadoop file system URL: file:, hdfs:, s3a:…); repeatable")
    parser.add_argument("--output", required=True, help="the table, `word<TAB>count` lines, on the driver")
    parser.add_argument("--top", type=int, help="keep the N most frequent terms")
    parser.add_argument("--tagcloud", help="the tagcloud binary to ship to the executors (default: tagcloud on their PATH)")
    parser.add_argument("--partitions", type=int, help="at least this many shards (Spark's minPartitions)")
    parser.add_argument("--partial-output", help="also keep the merged partial count here (on the driver)")
    parser.add_argument("--master", help="the Spark master when not given by spark-submit, e.g. local[2]")
    args, count_options = parser.parse_known_args(argv)
    if count_options and count_options[0] == "--":
        count_options = count_options[1:]
    for forbidden in ("--top", "--partial", "--merge", "--shard", "-o", "--output", "--text"):
        if forbidden in count_options:
            parser.error(f"{forbidden} is the script's to set, not a count option to pass on")
    return args, count_options


def shard_counter(binary_name, shipped, count_options):
    """The function Spark runs on each partition: its lines, rejoined, counted as one shard."""

    def count_shard(index, lines):
        from pyspark import SparkFiles

        binary = SparkFiles.get(binary_name) if shipped else binary_name
        if shipped and not os.access(binary, os.X_OK):
            os.chmod(binary, os.stat(binary).st_mode | stat.S_IXUSR)
        with tempfile.TemporaryDirectory(prefix="tagcloud-shard-") as folder:
            text = os.path.join(folder, "shard.txt")
            counts = os.path.join(folder, "shard.counts")
            with open(text, "w", encoding="utf-8", errors="surrogatepass") as out:
                for line in lines:
                    out.write(line)
                    out.write("\n")
            # Splits are numbered in file order, then offset order: zero-padded, byte order is text order.
            key = f"{index:09d}"
            run = subprocess.run(
                [binary, "count", "--text", text, "--partial", "--shard", key, "-o", counts, "--quiet"] + count_options,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if run.returncode != 0:
                raise RuntimeError(f"tagcloud count --partial of shard {key} failed: "
                                   + run.stderr.decode("utf-8", "replace").strip())
            yield from checked_records(counts, key)

    return count_shard


def checked_records(path, key):
    """The (key, value) records of the partial count at `path`, checked against its end record as
    they go: a file cut short must not pass for a whole shard (the task fails, and Spark drops
    what it yielded)."""
    records = 0
    checksum = 0
    ended = False
    with open(path, "rb") as partial:
        for raw in partial:
            if ended:
                raise RuntimeError(f"the partial count of shard {key} goes on after its end record")
            line = raw.decode("utf-8").rstrip("\n")
            fields = line.split("\t")
            if fields[0] == END:
                if ended or int(fields[1]) != records or int(fields[2]) != checksum:
                    raise RuntimeError(f"the partial count of shard {key} does not match its end record")
                ended = True
                continue
            if fields[0] != MAGIC:
                records += 1
                checksum = zlib.crc32(raw, checksum)
            yield record(line)
    if not ended:
        raise RuntimeError(f"the partial count of shard {key} has no end record: it was cut short")


class EndRecord:
    """Counts the records written after a header and their CRC-32, for the end record."""

    def __init__(self):
        self.records = 0
        self.checksum = 0

    def line(self, text):
        """`text` as a line to write, counted."""
        data = (text + "\n").encode("utf-8")
        self.records += 1
        self.checksum = zlib.crc32(data, self.checksum)
        return data

    def end(self):
        return f"{END}\t{self.records}\t{self.checksum}\n".encode("utf-8")


def record(line):
    """A partial-count line as (key, value) for reduceByKey (docs/counting-at-scale.md)."""
    fields = line.split("\t")
    kind = fields[0]
    if kind == MAGIC:
        return (("h",), line)
    if kind == "w":
        # w WORD COUNT KIND SHARD RANK: counts add up; the first read (shard, rank) wins.
        return (("w", fields[1]), (int(fields[2]), fields[4], int(fields[5]), fields[3]))
    if kind == "p":
        return (("p", fields[1], fields[2]), int(fields[3]))
    if kind in ("f", "n"):
        return ((kind, fields[1]), int(fields[2]))
    if kind == "s":
        return (("s", fields[1]), line)
    raise ValueError(f"not a partial-count record: {line[:80]!r}")


def combine(a, b):
    """Adds two values of one key: every count is a sum, a word's first read is the earlier one."""
    if isinstance(a, int):
        return a + b
    if isinstance(a, tuple):
        first = min(a[1:], b[1:], key=lambda w: (w[0], w[1]))
        return (a[0] + b[0],) + first
    if a == b and a.startswith(MAGIC):
        return a
    if a.startswith(MAGIC):
        raise ValueError(f"partial counts made with different settings:\n{a}\n{b}")
    raise ValueError(f"one shard counted twice: {a.split(chr(9))[1]}")


def line_of(key, value):
    kind = key[0]
    if kind == "w":
        count, shard, rank, word_kind = value
        return f"w\t{key[1]}\t{count}\t{word_kind}\t{shard}\t{rank}"
    if kind == "p":
        return f"p\t{key[1]}\t{key[2]}\t{min(value, PAIR_COUNT_MAX)}"
    if kind in ("f", "n"):
        return f"{kind}\t{key[1]}\t{value}"
    return value


def main(argv):
    args, count_options = parse_arguments(argv)
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("tagcloud count")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    shipped = args.tagcloud is not None
    binary_name = args.tagcloud or "tagcloud"
    if shipped:
        sc.addFile(os.path.abspath(args.tagcloud))
        binary_name = os.path.basename(args.tagcloud)
    elif shutil.which("tagcloud") is None and sc.master.startswith("local"):
        sys.exit("spark-count: no tagcloud on the PATH: give its binary with --tagcloud PATH")

    lines = sc.textFile(",".join(args.input), minPartitions=args.partitions or sc.defaultMinPartitions)
    records = lines.mapPartitionsWithIndex(shard_counter(binary_name, shipped, count_options))
    merged = records.reduceByKey(combine).cache()

    header = merged.filter(lambda kv: kv[0] == ("h",)).values().collect()
    if not header:
        sys.exit("spark-count: the input holds no text")
    # Every pair goes to the merge, however rare: a pair's count is known only once every shard's
    # sightings are added up, and the merge keeps on disk what does not fit in memory.
    body = merged.filter(lambda kv: kv[0] != ("h",))

    with tempfile.TemporaryDirectory(prefix="tagcloud-merge-") as folder:
        partial = args.partial_output or os.path.join(folder, "merged.counts")
        with open(partial, "wb") as out:
            out.write((header[0] + "\n").encode("utf-8"))
            end = EndRecord()
            for key, value in body.toLocalIterator():
                out.write(end.line(line_of(key, value)))
            out.write(end.end())
        merge = [shutil.which("tagcloud") or "tagcloud"] if not shipped else [os.path.abspath(args.tagcloud)]
        merge += ["count", "--merge", partial, "-o", args.output, "--quiet"] + count_options
        if args.top:
            merge += ["--top", str(args.top)]
        run = subprocess.run(merge, stderr=subprocess.PIPE)
        if run.returncode != 0:
            sys.stderr.write(run.stderr.decode("utf-8", "replace"))
            sys.exit(run.returncode)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
