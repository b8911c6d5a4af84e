#!/usr/bin/env python3
"""How close TagCloud's elementary functions (Sources/TagCloud/Support/Math.swift) and the C
library's come to the true values, on the same inputs, against a 60-digit oracle (mpmath).

It runs the WebAssembly recipe probe (`scripts/check-embedded` builds it; EmbeddedRecipeTests proves
it gives the native build's bits) for COUNT inputs, and Python's math module (the C library: glibc
here) on the same inputs, and prints, per function, the share of results that are correctly rounded
and the largest error in ulps.

    pip install mpmath
    python3 bench/math-accuracy.py [COUNT]
"""
import math
import os
import struct
import subprocess
import sys

import mpmath

mpmath.mp.dps = 60
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBE = os.path.join(ROOT, ".build/embedded/recipe-probe.wasm")
WASMKIT = os.environ.get("WASMKIT", "/opt/swift/usr/bin/wasmkit")


def double(hex_bits):
    return struct.unpack(">d", bytes.fromhex(hex_bits))[0]


def ulps(value, exact):
    """The error of `value` in ulps of the correctly rounded result."""
    rounded = float(exact)
    if math.isinf(rounded) or math.isinf(value) or rounded == 0:
        return 0.0 if value == rounded else math.inf
    return float(abs(mpmath.mpf(value) - exact) / mpmath.mpf(math.ulp(rounded)))


def libc_pow(x, y):
    try:
        return math.pow(x, y)
    except OverflowError:
        return math.inf


M = mpmath.mpf
FUNCTIONS = [
    ("sin", lambda x, y: (mpmath.sin(M(x)), math.sin(x))),
    ("cos", lambda x, y: (mpmath.cos(M(x)), math.cos(x))),
    ("log", lambda x, y: (mpmath.log(M(abs(x))), math.log(abs(x)))),
    ("log10", lambda x, y: (mpmath.log10(M(abs(x))), math.log10(abs(x)))),
    ("pow", lambda x, y: (mpmath.power(M(abs(x)), M(y)), libc_pow(abs(x), y))),
    ("pow 2.4", lambda x, y: (mpmath.power(M(abs(x)), M(2.4)), libc_pow(abs(x), 2.4))),
    ("hypot", lambda x, y: (mpmath.sqrt(M(x) ** 2 + M(y) ** 2), math.hypot(x, y))),
]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    run = subprocess.run([WASMKIT, "run", PROBE], input=f"math 7 {count}".encode(), capture_output=True, check=True)
    rows = [list(map(double, line.split())) for line in run.stdout.decode().splitlines()]
    stats = {name: {"ours": [0, 0.0], "libc": [0, 0.0], "n": 0} for name, _ in FUNCTIONS}
    for row in rows:
        x, y, ours = row[0], row[1], row[2:]
        if x == 0:
            continue
        for (name, f), mine in zip(FUNCTIONS, ours):
            exact, libc = f(x, y)
            s = stats[name]
            s["n"] += 1
            for key, value in (("ours", mine), ("libc", libc)):
                error = ulps(value, exact)
                s[key][0] += value == float(exact) or (math.isinf(value) and math.isinf(float(exact)))
                s[key][1] = max(s[key][1], error)
    print(f"{len(rows)} inputs (x over [-7, 7], [0, 1], [1e-6, 1e6], [-1e9, 1e9], [0.5, 2]; y over [-40, 40])")
    print("| function | correctly rounded: Math | C library | largest error, ulps: Math | C library |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, _ in FUNCTIONS:
        s = stats[name]
        n = s["n"]
        print(f"| {name} | {100 * s['ours'][0] / n:.3f}% | {100 * s['libc'][0] / n:.3f}% "
              f"| {s['ours'][1]:.3f} | {s['libc'][1]:.3f} |")


if __name__ == "__main__":
    main()
