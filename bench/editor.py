#!/usr/bin/env python3
"""What a person meets in the browser editor (`index.html` of the web site), timed in headless Chromium.

    python3 bench/editor.py .build/web                 # every measure, 7 runs each
    python3 bench/editor.py .build/web --runs 5 --only enter,keys

Needs the site (`make web`), Chromium, chromedriver and selenium (`scripts/setup --browsers`), and
the texts of /work/shared/corpora (`--corpora`). The measures, each from a fresh editor (the page
loaded, its IndexedDB database 'tagcloud-editor' deleted, loaded again, its first picture drawn):

- enter: a word typed in "Add a word" with WebDriver's keys, from the keydown of Enter (its
  `timeStamp`) to the animation frame after its button appears in the Preview, with 50 and with
  500 words in the cloud (pasted first, as lines "word count" of the corpora's most frequent words);
  each added word is undone before the next run, so the cloud keeps its size;
- count: a text put in "Count a text", from the click on "Count the words" to the frame after the
  next picture; about 200 KB and 5.4 MB of English (the corpora repeated); the first count in a page
  (it loads ICU's data) apart from the next ones, each first count in a fresh page;
- keys: letters typed (WebDriver keys, one every 0.2 s) into the first row's word in the word table,
  from each keydown to the frame after the page's input handler, with 5,000 rows and with 15;
- load: from navigation start to the first picture, the site's files in the browser's cache;
- stable: 20 words added one at a time with Enter to the sample cloud; how far the other words' ink
  centres moved, and the share of edits that moved none by more than 1 px;
- size: the page's own files and the engine's, each compressed with gzip -9 (as a server would).

Prints a Markdown table (median and 90th percentile) with each target; bench/README.md#the-editor
has figures.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))
from browsers import chromium, serve  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

CORPORA = Path("/work/shared/corpora")
LAYOUTS = "Number(document.body.dataset.layouts || 0)"
ERRORS = "Number(document.body.dataset.errors || 0)"
ADDED = ["rabbit", "queen", "hatter", "turtle", "gryphon", "dormouse", "caterpillar", "duchess", "teapot", "garden",
         "croquet", "mushroom", "pepper", "tarts", "jury", "kingdom", "lobster", "tears", "flamingo", "hedgehog"]

# Waits for the next change of body's data-layouts (a picture drawn) or data-errors, and the frame after it.
WATCH = """window.__t = {};
const t = window.__t, body = document.body, before = LAYOUTS + ERRORS;
const seen = new MutationObserver(() => {
  if (LAYOUTS + ERRORS <= before) return;
  seen.disconnect();
  [t.drawn, t.error] = [performance.now(), ERRORS > 0 && document.getElementById('status').textContent];
  requestAnimationFrame(() => { t.frame = performance.now(); });
});
seen.observe(body, { attributes: true, attributeFilter: ['data-layouts', 'data-errors'] });""".replace(
    "LAYOUTS", LAYOUTS).replace("ERRORS", ERRORS)
# The time of the first picture, recorded in every new document before its scripts run.
FIRST_PICTURE = """const seen = new MutationObserver(() => {
  if (document.body?.dataset.layouts !== '1') return;
  window.__first = performance.now();
  seen.disconnect();
});
seen.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-layouts'] });"""
# Each word of the Preview by its name: the centre of its painted ink, in CSS pixels.
INK = """const out = {};
for (const b of document.querySelectorAll('#preview .preview-word')) {
  const g = document.querySelector(`#preview g[data-k="${b.dataset.k}"]`);
  if (!g) continue;
  const r = g.getBoundingClientRect();
  out[b.getAttribute('aria-label')] = [r.left + r.width / 2, r.top + r.height / 2];
}
return out;"""


def wait_js(driver, expression: str, seconds: float = 120):
    """The first truthy value of `expression` within `seconds`; fails past them."""
    end = time.time() + seconds
    while time.time() < end:
        value = driver.execute_script(f"return {expression}")
        if value:
            return value
        time.sleep(0.02)
    status = driver.execute_script("return document.getElementById('status')?.textContent")
    raise RuntimeError(f"waited {seconds} s for {expression!r}; the page says {status!r}")


def drop_database(driver) -> None:
    """Deletes the editor's IndexedDB database from the open page (its connection closes on the request)."""
    driver.execute_async_script("""const done = arguments[0], timer = setTimeout(() => done('timeout'), 5000);
      const r = indexedDB.deleteDatabase('tagcloud-editor');
      r.onsuccess = r.onerror = () => { clearTimeout(timer); done('deleted'); };""")


def fresh(driver, origin: str) -> None:
    """The editor with nothing kept, its sample cloud drawn."""
    driver.get(origin + "index.html")
    wait_js(driver, "document.body.dataset.ready === 'true'")
    drop_database(driver)
    driver.get(origin + "index.html")
    wait_js(driver, f"document.body.dataset.ready === 'true' && {LAYOUTS} > 0")


def watched(driver, action, seconds: float = 300) -> dict:
    """Does `action()` and waits for the next picture (or error) and the frame after it: window.__t."""
    driver.execute_script(WATCH)
    action()
    wait_js(driver, "window.__t.frame", seconds)
    t = driver.execute_script("return window.__t")
    if t.get("error"):
        raise RuntimeError(f"the page refused: {t['error']}")
    return t


def corpus_text(size: int) -> str:
    """The corpora (Alice, then the Constitution) repeated and cut at a line break to about `size` bytes."""
    parts = [(CORPORA / name).read_text(encoding="utf-8", errors="replace") for name in ("alice.txt", "constitution.txt")]
    text = ""
    while len(text.encode()) < size:
        text += parts[0] + "\n" + parts[1] + "\n"
    cut = text.encode()[:size].decode(errors="ignore")
    return cut[:cut.rfind("\n") + 1]


def word_lines(count: int) -> list[str]:
    """`count` distinct words as "word weight" lines: the corpora's most frequent words (3 letters or more)
    with their counts, then made-up words of weight 1."""
    text = "".join((CORPORA / n).read_text(encoding="utf-8", errors="replace") for n in ("alice.txt", "constitution.txt"))
    counts = collections.Counter(w for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 3)
    lines = [f"{w} {n}" for w, n in counts.most_common(count) if w not in ADDED]
    syllables = ["ka", "lo", "mi", "nu", "pe", "ra", "so", "ti", "vu", "ze", "bo", "da"]
    serial = 0
    while len(lines) < count:
        serial += 1
        word, n = "", serial
        while n:
            word, n = syllables[n % len(syllables)] + word, n // len(syllables)
        lines.append(f"{word}x 1")
    return lines[:count]


def paste(driver, lines: list[str]) -> None:
    """Pastes `lines` into "Add a word" as the clipboard would, and waits for the picture."""
    watched(driver, lambda: driver.execute_script("""
      const data = new DataTransfer(); data.setData('text/plain', arguments[0]);
      const field = document.getElementById('add-word'); field.focus();
      field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));""",
                                                  "\n".join(lines) + "\n"))


def words_only(driver, count: int) -> None:
    """Empties the word list ("Clear all") and pastes `count` distinct words."""
    driver.execute_script("document.getElementById('clear-words').click()")
    wait_js(driver, "document.getElementById('word-count').textContent === '0 words'")
    paste(driver, word_lines(count))
    wait_js(driver, f"document.getElementById('word-count').textContent === '{count:,} words'")


ENTER_WATCH = """const word = arguments[0], e = window.__e = {}, before = LAYOUTS + ERRORS;
document.getElementById('add-word').addEventListener('keydown', (k) => { if (k.key === 'Enter') e.key ??= k.timeStamp; }, true);
const selector = `#preview .preview-word[aria-label="${CSS.escape(word)}"]`;
const seen = new MutationObserver(() => {
  const shown = document.querySelector(selector);
  if (!shown && LAYOUTS + ERRORS <= before) return;
  seen.disconnect();
  e.shown = shown ? performance.now() : null;
  requestAnimationFrame(() => { e.frame = performance.now(); e.status = document.getElementById('status').textContent; });
});
seen.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-layouts', 'data-errors'] });
""".replace("LAYOUTS", LAYOUTS).replace("ERRORS", ERRORS)


def enter_runs(driver, origin: str, count: int, runs: int) -> tuple[list[float], list[str]]:
    """Milliseconds from Enter to the frame after the new word's button, with `count` words; notes."""
    fresh(driver, origin)
    words_only(driver, count)
    field = driver.find_element(By.ID, "add-word")
    times, missing, layout = [], 0, []
    for run in range(runs + 1):  # the first is a warm-up
        word = ADDED[run % len(ADDED)]
        field.send_keys(word)
        driver.execute_script(ENTER_WATCH, word)
        field.send_keys(Keys.ENTER)
        e = wait_js(driver, "window.__e.frame && window.__e")
        if run:
            if e["shown"] is None:
                missing += 1
            else:
                times.append(e["frame"] - e["key"])
                layout += [int(m) for m in re.findall(r"\((\d+) ms\)", e["status"])]
        watched(driver, lambda: driver.execute_script("document.getElementById('undo').click()"))
    notes = [f"layout in the worker (status line) median {statistics.median(layout):.0f} ms"] if layout else []
    if missing:
        notes.append(f"{missing} of {runs} new words not placed (no button)")
    return times, notes


def count_runs(driver, origin: str, text: str, runs: int, warm: int) -> tuple[list[float], list[float], list[str]]:
    """Milliseconds from the click on "Count the words" to the frame after the picture: first counts
    (one per fresh page, `runs` of them) and the `warm` counts after each; notes."""
    first, later, counted = [], [], []
    for _ in range(runs):
        fresh(driver, origin)
        driver.find_element(By.ID, "tab-text").click()
        driver.execute_script("""const t = document.getElementById('source-text');
          t.value = arguments[0]; t.dispatchEvent(new Event('input', { bubbles: true }));""", text)
        time.sleep(1)  # the text is kept in IndexedDB
        button = driver.find_element(By.ID, "count")
        for run in range(1 + warm):
            def click():
                driver.execute_script("""document.getElementById('count').addEventListener('click',
                  (e) => { window.__t.start = e.timeStamp; }, { capture: true, once: true });""")
                button.click()
            t = watched(driver, click)
            (later if run else first).append(t["frame"] - t["start"])
            said = driver.execute_script("return document.getElementById('count-said').textContent")
            counted.append((run > 0, int(re.search(r"in (\d+) ms", said).group(1))))
            time.sleep(0.5)
    cold = [ms for warm_run, ms in counted if not warm_run]
    hot = [ms for warm_run, ms in counted if warm_run]
    notes = [f"the count itself (page's message): first {statistics.median(cold):.0f} ms"
             + (f", then {statistics.median(hot):.0f} ms" if hot else "")]
    return first, later, notes


KEYS_WATCH = """const log = window.__keys = [], ours = (e) => e.target.matches?.('#table input[data-field="text"]');
document.addEventListener('keydown', (e) => { if (ours(e)) log.push({ key: e.timeStamp }); }, true);
document.addEventListener('input', (e) => {  // on the document: after the table's own handler
  const entry = log.at(-1);
  if (!ours(e) || !entry || entry.input) return;
  entry.input = performance.now();
  requestAnimationFrame(() => { entry.frame = performance.now(); });
});"""


def key_runs(driver, origin: str, rows: int, runs: int, pace: float = 0.2) -> tuple[list[float], list[str]]:
    """Milliseconds from each keydown in the first row's word to the frame after its input handler, with
    `rows` words in the table; letters typed one every `pace` seconds."""
    fresh(driver, origin)
    words_only(driver, rows)
    field = driver.find_element(By.CSS_SELECTOR, '#table input[data-field="text"]')
    field.click()
    field.send_keys(Keys.END)
    time.sleep(0.5)
    driver.execute_script(KEYS_WATCH)
    start = time.time()
    for i in range(runs):
        time.sleep(max(0.0, start + i * pace - time.time()))
        field.send_keys("abcdefghijklmnopqrstuvwxyz"[i % 26])
    log = wait_js(driver, f"window.__keys.length === {runs} && window.__keys.every((e) => e.frame) && window.__keys")
    handler = [e["input"] - e["key"] for e in log]
    # The picture of the last word typed, then the page is left quiet for the next measure.
    time.sleep(1)
    wait_js(driver, f"{LAYOUTS} > 0", 300)
    return [e["frame"] - e["key"] for e in log], [f"keydown to the end of the input handler: median {statistics.median(handler):.0f} ms"]


def load_runs(driver, origin: str, runs: int) -> list[float]:
    """Milliseconds from navigation start to the first picture, the site's files cached and nothing kept."""
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_PICTURE})
    try:
        fresh(driver, origin)
        times = []
        for _ in range(runs):
            drop_database(driver)
            driver.get(origin + "index.html")
            times.append(wait_js(driver, "window.__first"))
            wait_js(driver, "document.body.dataset.ready === 'true'")
        return times
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def stable_runs(driver, origin: str) -> tuple[list[float], list[str]]:
    """For each of 20 words added with Enter to the sample cloud: the farthest any other word's ink
    centre moved, in CSS px (infinite when a word left the picture)."""
    fresh(driver, origin)
    field = driver.find_element(By.ID, "add-word")
    moves, left = [], 0
    for word in ADDED:
        before = driver.execute_script(INK)
        watched(driver, lambda: field.send_keys(word + Keys.ENTER))
        after = driver.execute_script(INK)
        gone = [name for name in before if name not in after]
        left += len(gone)
        shifts = [((after[n][0] - before[n][0]) ** 2 + (after[n][1] - before[n][1]) ** 2) ** 0.5 for n in before if n in after]
        moves.append(float("inf") if gone else max(shifts, default=0.0))
        time.sleep(0.2)
    still = sum(m <= 1 for m in moves)
    notes = [f"{still} of {len(moves)} edits moved no other word by more than 1 px"]
    if left:
        notes.append(f"{left} words left the picture")
    return moves, notes


def gzipped(files: list[Path]) -> tuple[int, int]:
    """The bytes of `files`, and of each compressed with gzip -9, summed."""
    data = [f.read_bytes() for f in files]
    return sum(map(len, data)), sum(len(gzip.compress(d, 9)) for d in data)


def sizes(site: Path) -> list[tuple[str, int, int]]:
    page = [site / "index.html", site / "editor.css", *sorted((site / "editor").iterdir())]
    engine = [site / "tagcloud.wasm", *sorted(site.glob("*.js"))]
    return [("the page (index.html, editor.css, editor/*)", *gzipped(page)),
            ("the engine (tagcloud.wasm, *.js at the root)", *gzipped(engine))]


def summary(values: list[float]) -> tuple[float, float]:
    """Median and 90th percentile."""
    if len(values) == 1:
        return values[0], values[0]
    return statistics.median(values), statistics.quantiles(values, n=10, method="inclusive")[8]


def shown(ms: float) -> str:
    if ms == float("inf"):
        return "∞"
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms" if ms >= 10 else f"{ms:.1f} ms"


def row(name: str, values: list[float], target: float, unit: str = "ms") -> str:
    """A table line: the measure, its runs, median, 90th percentile, target and whether the median meets it."""
    if not values:
        return f"| {name} | 0 | — | — | ≤ {shown(target)} | no |"
    median, p90 = summary(values)
    met = "yes" if median <= target else "no"
    if unit == "px":
        return f"| {name} | {len(values)} | {median:.2f} px | {p90:.2f} px | — | — |"
    return f"| {name} | {len(values)} | {shown(median)} | {shown(p90)} | ≤ {shown(target)} | {met} |"


def measure(driver, origin: str, what: str, runs: int) -> tuple[list[str], list[str]]:
    """The table lines and notes of one measure (`what`: enter, count, keys, load or stable)."""
    lines, notes = [], []
    if what == "enter":
        for count, target in ((50, 100), (500, 250)):
            times, said = enter_runs(driver, origin, count, runs)
            lines.append(row(f"Enter → new word in the picture, {count} words", times, target))
            notes += [f"enter, {count} words: {n}" for n in said]
    elif what == "count":
        for size, label, target in ((200_000, "200 KB", 1000), (5_400_000, "5.4 MB", 5000)):
            cold_runs = 3 if size < 1_000_000 else 2
            first, later, said = count_runs(driver, origin, corpus_text(size), cold_runs, max(1, runs // cold_runs))
            lines.append(row(f"count {label} of English and draw: first in the page (ICU loaded)", first, target))
            lines.append(row(f"count {label} of English and draw: again", later, target))
            notes += [f"count, {label}: {n}" for n in said]
    elif what == "keys":
        for rows in (5000, 15):
            times, said = key_runs(driver, origin, rows, max(runs, 10))
            lines.append(row(f"keystroke in the word table, {rows:,} rows", times, 50))
            notes += [f"keys, {rows} rows: {n}" for n in said]
    elif what == "load":
        lines.append(row("first picture after navigation, files cached", load_runs(driver, origin, runs), 1000))
    elif what == "stable":
        moves, said = stable_runs(driver, origin)
        share = sum(m <= 1 for m in moves) / len(moves)
        lines.append(row("Enter on the sample cloud: farthest move of another word", moves, 1, "px"))
        lines.append(f"| edits that moved no other word > 1 px | {len(moves)} | {share:.0%} | — | ≥ 90% | "
                     f"{'yes' if share >= 0.9 else 'no'} |")
        notes += [f"stable: {n}" for n in said]
    return lines, notes


def main() -> None:
    global CORPORA
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", type=Path, nargs="?", default=ROOT / ".build" / "web", help="the built site (make web)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each measure (default 7)")
    parser.add_argument("--only", default="enter,count,keys,load,stable,size",
                        help="comma-separated measures: enter, count, keys, load, stable, size")
    parser.add_argument("--corpora", type=Path, default=CORPORA, help="folder with alice.txt and constitution.txt")
    args = parser.parse_args()
    CORPORA = args.corpora
    chosen = args.only.split(",")
    lines, notes = [], []
    server, origin = serve(args.site.resolve())
    server.handle_error = lambda *_: None  # a navigation that cuts a download short is not news
    driver = chromium()
    try:
        driver.set_script_timeout(60)
        for what in chosen:
            if what == "size":
                continue
            started = time.time()
            made, said = measure(driver, origin, what, args.runs)
            lines += made
            notes += said
            print(*made, *said, f"({what}: {time.time() - started:.0f} s)", sep="\n", file=sys.stderr, flush=True)
    finally:
        driver.quit()
        server.shutdown()
    print("| measure | runs | median | p90 | target | met |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    print(*lines, sep="\n")
    if "size" in chosen:
        print("\n| files | bytes | gzip -9 (each file) | target |\n| --- | ---: | ---: | ---: |")
        for i, (name, raw, packed) in enumerate(sizes(args.site)):
            print(f"| {name} | {raw / 1024:,.0f} KB | {packed / 1024:,.0f} KB | {'≤ 300 KB' if i == 0 else '—'} |")
    if notes:
        print("", *notes, sep="\n")


if __name__ == "__main__":
    main()
