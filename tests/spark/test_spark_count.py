#!/usr/bin/env python3
"""scripts/spark-count.py in Spark's local mode on a few MB of text gives byte for byte the table
of one `tagcloud count --text` of the same files; first, without Spark, the script's checks and
writing of the partial counts' end records. Needs pyspark and a Java runtime (`scripts/setup
--spark` installs both); without them it says why and skips (exit status 0), except in CI
(CI=true), where a missing runtime is a failure.

    python3 tests/spark/test_spark_count.py [.build/release/tagcloud]
"""

import glob
import importlib.util
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FOREIGN = [
    "Der Weiße Hase lief an Alice vorbei. Die Königin rief: „Kopf ab!“ und der Hase rannte.",
    "北京是中国的首都，也是一座历史悠久的城市。 我们今天在图书馆学习中文和数学。",
    "القاهرة هي عاصمة مصر وأكبر مدينة في العالم العربي. نحن نحب قراءة الكتب في المكتبة.",
]


def skip(reason):
    if os.environ.get("CI") == "true":
        print(f"test_spark_count: FAILED: {reason} (CI installs it with scripts/setup --spark)")
        sys.exit(1)
    print(f"test_spark_count: skipped: {reason}; run scripts/setup --spark (or make test-spark)")
    sys.exit(0)


def corpus(folder, files, megabytes):
    """Text the project wrote (its README and docs), sentences shuffled, with German, Chinese and
    Arabic lines, in `files` files of about `megabytes` MB together."""
    sentences = []
    for path in [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if len(line) > 30 and not line.startswith(("|", "```", "<")):
                    sentences.append(line)
    sentences += FOREIGN * (len(sentences) // 20)
    rng = random.Random(7)
    paths = []
    per_file = megabytes * 1_000_000 // files
    for k in range(files):
        path = os.path.join(folder, f"part-{k}.txt")
        size = 0
        with open(path, "w", encoding="utf-8") as out:
            while size < per_file:
                line = " ".join(rng.choice(sentences) for _ in range(rng.randint(1, 4))) + "\n"
                out.write(line)
                size += len(line.encode("utf-8"))
        paths.append(path)
    return paths


def script():
    """scripts/spark-count.py as a module, for the steps that need no Spark."""
    spec = importlib.util.spec_from_file_location("spark_count", os.path.join(ROOT, "scripts", "spark-count.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def end_records(binary, folder):
    """The script's end records without Spark: a shard's partial count is checked against its end
    record (and one cut short at a line boundary refused), the records are added up by key as
    reduceByKey adds them, and the partial count the driver writes merges to one count's table.
    Returns the number of failures."""
    spark_count = script()
    files = corpus(folder, files=2, megabytes=1)
    expected = subprocess.run([binary, "count", "--quiet", "--text"] + files, stdout=subprocess.PIPE, check=True).stdout
    merged = {}
    for k, path in enumerate(files):
        counts = os.path.join(folder, f"shard-{k}.counts")
        subprocess.run([binary, "count", "--text", path, "--partial", "--shard", f"{k:09d}", "-o", counts, "--quiet"],
                       check=True)
        for key, value in spark_count.checked_records(counts, k):
            merged[key] = spark_count.combine(merged[key], value) if key in merged else value
    failures = 0
    with open(counts, "rb") as f:
        lines = f.readlines()
    cut = os.path.join(folder, "cut.counts")
    with open(cut, "wb") as f:
        f.writelines(lines[:-2])
    try:
        list(spark_count.checked_records(cut, "cut"))
        print("test_spark_count: FAILED: a partial count cut at a line boundary passed the shard check")
        failures += 1
    except RuntimeError:
        pass
    partial = os.path.join(folder, "merged.counts")
    with open(partial, "wb") as out:
        out.write((merged.pop(("h",)) + "\n").encode("utf-8"))
        end = spark_count.EndRecord()
        for key, value in merged.items():
            out.write(end.line(spark_count.line_of(key, value)))
        out.write(end.end())
    got = subprocess.run([binary, "count", "--quiet", "--merge", partial], stdout=subprocess.PIPE).stdout
    same = got == expected
    print(f"test_spark_count: {'ok' if same else 'FAILED'}: end records written and checked by the script (no Spark)")
    return failures + (0 if same else 1)


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "tagcloud"))
    if not os.access(binary, os.X_OK):
        print(f"test_spark_count: FAILED: no tagcloud at {binary}; build it with make build")
        sys.exit(1)
    with tempfile.TemporaryDirectory(prefix="tagcloud-spark-") as folder:
        if end_records(binary, folder):
            sys.exit(1)
    if shutil.which("java") is None:
        skip("no Java runtime (java) on the PATH")
    try:
        import pyspark  # noqa: F401
    except ImportError:
        skip("the Python package pyspark is not installed")

    failures = 0
    with tempfile.TemporaryDirectory(prefix="tagcloud-spark-") as folder:
        files = corpus(folder, files=3, megabytes=4)
        for options in ([], ["--no-collocations", "--phrase", "White Rabbit", "--min-length", "3"]):
            expected = subprocess.run([binary, "count", "--top", "2000", "--quiet", "--text"] + files + options,
                                      stdout=subprocess.PIPE, check=True).stdout
            output = os.path.join(folder, "freq.tsv")
            started = time.monotonic()
            run = subprocess.run(
                [sys.executable, os.path.join(ROOT, "scripts", "spark-count.py"), "--master", "local[2]",
                 "--input", os.path.join(folder, "part-*.txt"), "--output", output, "--top", "2000",
                 "--tagcloud", binary, "--partitions", "6", "--"] + options,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            seconds = time.monotonic() - started
            if run.returncode != 0:
                print(run.stderr.decode("utf-8", "replace")[-3000:])
                print(f"test_spark_count: FAILED: spark-count.py {' '.join(options)} exited with {run.returncode}")
                failures += 1
                continue
            with open(output, "rb") as f:
                got = f.read()
            same = got == expected
            lines = expected.count(b"\n")
            print(f"test_spark_count: {'ok' if same else 'FAILED'}: options [{' '.join(options)}]: "
                  f"{lines} lines, Spark local[2] {seconds:.1f} s")
            failures += 0 if same else 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
