#!/usr/bin/env python3
"""What a person meets in the browser editor (the site's index.html), timed in headless Chromium.

    python3 bench/editor.py .build/web                 # every measure, 7 runs each
    python3 bench/editor.py .build/web --runs 5 --only enter,keys

Needs the site (`make web`), Chromium, chromedriver and selenium (`scripts/setup --browsers`) and the
texts of /work/shared/corpora. Each measure starts from a fresh editor: the page loaded, its IndexedDB
database 'tagcloud-editor' deleted, the page loaded again, its sample drawn.

- enter: a word typed in "Add a word" with WebDriver's keys, from the keydown of Enter (its
  `timeStamp`) to the animation frame after its button appears in the Preview, with 50 and with 500
  words in the cloud (pasted first as "word count" lines, the corpora's most frequent words, with
  "most words" set so all are drawn); each added word is undone before the next run;
- count: a text put in "Count a text", from the click on "Count the words" to the frame after the
  next picture: about 200 KB and 5.4 MB of English (the corpora repeated); the first count of a page
  (which loads ICU's data; one per fresh page) apart from the counts after it;
- keys: letters typed with WebDriver's keys, one every 0.2 s, into the first row's word in the word
  table, from each keydown to the frame after the page's input handler, with 5,000 rows and with 15;
- load: from navigation start to the first picture, the site's files in the browser's cache;
- stable: 20 words added one at a time with Enter to the sample cloud: how far the other words' ink
  centres moved, and the share of edits that moved none by more than 1 px;
- size: the page's own files and the engine's, each compressed with gzip -9, as a server sends them.

The notes under the table say where the time went: each engine command's round trip to the worker
(posted to answered; "post": posting, its data cloned, within it) and the rest, the page's own work
and frames. bench/README.md#the-editor has figures.
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

# Run in every new document before its scripts: the time of the first picture, and each message to the
# engine's worker with the times it was posted, sent (its data cloned) and answered (the worker answers in order).
PAGE_START = """const seen = new MutationObserver(() => {
  if (document.body?.dataset.layouts !== '1') return;
  window.__first = performance.now();
  seen.disconnect();
});
seen.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-layouts'] });
const calls = window.__worker = [];
window.Worker = class extends window.Worker {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', () => { const c = calls.find((c) => !c.answered); if (c) c.answered = performance.now(); });
  }
  postMessage(data, ...rest) {
    const call = { command: data?.args?.[0], posted: performance.now() };
    calls.push(call);
    super.postMessage(data, ...rest);
    call.sent = performance.now();
  }
};"""
# The next picture (body's data-layouts) or refusal (data-errors), or the element `selector` (if given)
# appearing, and the frame after it, in window.__t; `start` is the timeStamp of the first event `type`
# (of key `key`, if given) on element `id`.
WATCH = """const [selector, id, type, key] = arguments, t = window.__t = {}, [layouts, errors] = [LAYOUTS, ERRORS];
if (id) document.getElementById(id).addEventListener(type, (e) => { if (!key || e.key === key) t.start ??= e.timeStamp; }, true);
const seen = new MutationObserver(() => {
  const shown = selector && document.querySelector(selector);
  if (!shown && LAYOUTS + ERRORS <= layouts + errors) return;
  seen.disconnect();
  [t.drawn, t.shown, t.error] = [performance.now(), Boolean(shown), ERRORS > errors && document.getElementById('status').textContent];
  requestAnimationFrame(() => { t.frame = performance.now(); });
});
seen.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-layouts', 'data-errors'] });"""
# Each keydown in a word field of the table, the end of the page's input handler, the frame after.
KEYS_WATCH = """const log = window.__keys = [], ours = (e) => e.target.matches?.('#table input[data-field="text"]');
document.addEventListener('keydown', (e) => { if (ours(e)) log.push({ key: e.timeStamp }); }, true);
document.addEventListener('input', (e) => {  // on the document: after the table's own listener
  const entry = log.at(-1);
  if (!ours(e) || !entry || entry.input) return;
  entry.input = performance.now();
  requestAnimationFrame(() => { entry.frame = performance.now(); });
});"""
# Each word of the Preview by its name: the centre of its painted ink, in CSS pixels.
INK = """const out = {};
for (const b of document.querySelectorAll('#preview .preview-word')) {
  const r = document.querySelector(`#preview g[data-k="${b.dataset.k}"]`)?.getBoundingClientRect();
  if (r) out[b.getAttribute('aria-label')] = [r.left + r.width / 2, r.top + r.height / 2];
}
return out;"""
WATCH = WATCH.replace("LAYOUTS", LAYOUTS).replace("ERRORS", ERRORS)


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
    """Deletes the editor's IndexedDB database from the open page (which closes its connection when asked)."""
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


def watched(driver, action, *watch, seconds: float = 300) -> dict:
    """Does `action()` and waits for the next picture and the frame after it: WATCH's window.__t."""
    driver.execute_script(WATCH, *watch)
    action()
    wait_js(driver, "window.__t.frame", seconds)
    t = driver.execute_script("return window.__t")
    if t.get("error"):
        raise RuntimeError(f"the page refused: {t['error']}")
    return t


def worker_calls(driver, since: int) -> dict[str, float]:
    """Milliseconds of the engine's round trips (posted to answered) since call `since`, by command,
    and under "post" the time spent posting them (cloning their data)."""
    out = collections.Counter()
    for call in driver.execute_script("return window.__worker")[since:]:
        out[call["command"]] += call["answered"] - call["posted"]
        out["post"] += call["sent"] - call["posted"]
    return out


def corpora() -> str:
    return "\n".join((CORPORA / name).read_text(encoding="utf-8", errors="replace") for name in ("alice.txt", "constitution.txt"))


def corpus_text(size: int) -> str:
    """The corpora (Alice, then the Constitution) repeated and cut at a line break to about `size` bytes."""
    text, both = "", corpora() + "\n"
    while len(text.encode()) < size:
        text += both
    cut = text.encode()[:size].decode(errors="ignore")
    return cut[:cut.rfind("\n") + 1]


def word_lines(count: int) -> list[str]:
    """`count` distinct words as "word weight" lines: the corpora's most frequent words (3 letters or
    more) with their counts, then made-up words of weight 1."""
    counts = collections.Counter(w for w in re.findall(r"[a-z]+", corpora().lower()) if len(w) >= 3)
    lines = [f"{w} {n}" for w, n in counts.most_common(count) if w not in ADDED]
    syllables = ["ka", "lo", "mi", "nu", "pe", "ra", "so", "ti", "vu", "ze"]
    lines += [f"{''.join(syllables[int(d)] for d in f'{n:04d}')}qz 1" for n in range(count - len(lines))]
    return lines[:count]


def paste(driver, lines: list[str]) -> None:
    """Pastes `lines` into "Add a word" as the clipboard would, and waits for the picture. A page that
    leaves the paste to the browser (a text area) gets the text as the browser puts it, then a submit."""
    watched(driver, lambda: driver.execute_script("""
      const data = new DataTransfer(); data.setData('text/plain', arguments[0]);
      const field = document.getElementById('add-word'); field.focus();
      if (!field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))) return;
      field.value = arguments[0];
      field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      document.getElementById('add-form').requestSubmit();""", "\n".join(lines) + "\n"))


def words_only(driver, count: int, shown: int = 0) -> None:
    """Empties the word list ("Clear all") and pastes `count` distinct words; `shown`: the option "most
    words" (--max-words, 200 by default) set to it first."""
    driver.execute_script("document.getElementById('clear-words').click()")
    wait_js(driver, "document.getElementById('word-count').textContent === '0 words'")
    if shown:
        driver.execute_script("""const field = document.querySelector('.look [id$="-max-words"]');
          field.value = arguments[0]; field.dispatchEvent(new Event('input', { bubbles: true }));""", str(shown))
        time.sleep(0.5)
    paste(driver, word_lines(count))
    wait_js(driver, f"document.getElementById('word-count').textContent === '{count:,} words'")


def enter_runs(driver, origin: str, count: int, runs: int) -> tuple[list[float], list[str]]:
    """Milliseconds from Enter to the frame after the new word's button, with `count` words; notes."""
    fresh(driver, origin)
    words_only(driver, count, shown=2 * count)
    field = driver.find_element(By.ID, "add-word")
    cloud = driver.execute_script("return document.getElementById('status').textContent")
    times, missing, spent = [], 0, collections.defaultdict(list)
    for run in range(runs + 1):  # the first is a warm-up
        word = ADDED[run % len(ADDED)]
        field.send_keys(word)
        since = driver.execute_script("return window.__worker.length")
        t = watched(driver, lambda: field.send_keys(Keys.ENTER),
                    f'#preview .preview-word[aria-label="{word}"]', "add-word", "keydown", "Enter")
        if run and not t["shown"]:
            missing += 1
        elif run:
            times.append(t["frame"] - t["start"])
            calls = worker_calls(driver, since)
            for name, ms in [*calls.items(), ("rest", times[-1] - calls["words"] - calls["cloud"])]:
                spent[name].append(ms)
        watched(driver, lambda: driver.execute_script("document.getElementById('undo').click()"))
    notes = [f"the cloud: {cloud}", "median " + ", ".join(f"{k} {statistics.median(v):.0f} ms" for k, v in spent.items())]
    return times, notes + ([f"{missing} of {runs} new words not placed (no button)"] if missing else [])


def count_runs(driver, origin: str, text: str, pages: int, again: int) -> tuple[list[float], list[float], list[str]]:
    """Milliseconds from the click on "Count the words" to the frame after the picture: the first count
    of each of `pages` fresh pages, and the `again` counts after it in each; notes."""
    first, later, spent = [], [], collections.defaultdict(list)
    for _ in range(pages):
        fresh(driver, origin)
        driver.find_element(By.ID, "tab-text").click()
        driver.execute_script("""const t = document.getElementById('source-text');
          t.value = arguments[0]; t.dispatchEvent(new Event('input', { bubbles: true }));""", text)
        time.sleep(1)  # the text is kept in IndexedDB
        button = driver.find_element(By.ID, "count")
        for run in range(1 + again):
            since = driver.execute_script("return window.__worker.length")
            t = watched(driver, button.click, None, "count", "click")
            (later if run else first).append(t["frame"] - t["start"])
            calls = worker_calls(driver, since)
            rest = (later if run else first)[-1] - calls["count"] - calls["cloud"]
            for name, ms in [*calls.items(), ("rest", rest)]:
                spent[("first " if run == 0 else "again ") + name].append(ms)
            time.sleep(1)
    return first, later, ["median " + ", ".join(f"{k} {statistics.median(v):.0f} ms" for k, v in spent.items())]


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
    start, typed = time.time(), "".join("abcdefghijklmnopqrstuvwxyz"[i % 26] for i in range(runs))
    for i, letter in enumerate(typed):
        time.sleep(max(0.0, start + i * pace - time.time()))
        field.send_keys(letter)
    log = wait_js(driver, f"window.__keys.length === {runs} && window.__keys.every((e) => e.frame) && window.__keys")
    if not field.get_attribute("value").endswith(typed):
        raise RuntimeError(f"the first row's word is {field.get_attribute('value')!r}, not ending in {typed!r}")
    time.sleep(1)  # the picture of the word typed: the page left quiet for the next measure
    handler = statistics.median(e["input"] - e["key"] for e in log)
    return [e["frame"] - e["key"] for e in log], [f"keydown to the end of the input handler: median {handler:.0f} ms"]


def load_runs(driver, origin: str, runs: int) -> tuple[list[float], list[str]]:
    """Milliseconds from navigation start to the first picture, the site's files cached and nothing kept; notes."""
    fresh(driver, origin)
    times, spent = [], collections.defaultdict(list)
    for _ in range(runs):
        drop_database(driver)
        driver.get(origin + "index.html")
        times.append(wait_js(driver, "window.__first"))
        calls = driver.execute_script("return window.__worker")
        spent["first call posted at"].append(calls[0]["posted"])
        for call in calls[:2]:
            spent[f"{call['command']} round trip" + (" (engine loaded)" if call is calls[0] else "")].append(call["answered"] - call["posted"])
        wait_js(driver, "document.body.dataset.ready === 'true'")
    return times, ["median " + ", ".join(f"{k} {statistics.median(v):.0f} ms" for k, v in spent.items())]


def stable_runs(driver, origin: str) -> tuple[list[float], list[str]]:
    """For each of 20 words added with Enter to the sample cloud: the farthest any other word's ink
    centre moved, in CSS px (infinite when one left the picture); notes."""
    fresh(driver, origin)
    field = driver.find_element(By.ID, "add-word")
    moves, left, compared = [], 0, []
    for word in ADDED:
        before = driver.execute_script(INK)
        watched(driver, lambda: field.send_keys(word + Keys.ENTER))
        after = driver.execute_script(INK)
        left += sum(name not in after for name in before)
        shifts = [((after[n][0] - before[n][0]) ** 2 + (after[n][1] - before[n][1]) ** 2) ** 0.5 for n in before if n in after]
        moves.append(float("inf") if any(name not in after for name in before) else max(shifts, default=0.0))
        compared.append(len(shifts))
        time.sleep(0.2)
    notes = [f"{sum(m <= 1 for m in moves)} of {len(moves)} edits moved no other word by more than 1 px "
             f"({min(compared)} to {max(compared)} words compared)"]
    return moves, notes + ([f"{left} words left the picture"] if left else [])


def sizes(site: Path) -> list[tuple[str, int, int]]:
    """The page's files and the engine's: their bytes, and each compressed with gzip -9, summed."""
    page = [site / "index.html", site / "editor.css", *sorted((site / "editor").iterdir())]
    engine = [site / "tagcloud.wasm", *sorted(site.glob("*.js"))]
    out = []
    for name, files in (("the page (index.html, editor.css, editor/*)", page), ("the engine (tagcloud.wasm, *.js at the root)", engine)):
        data = [f.read_bytes() for f in files]
        out.append((name, sum(map(len, data)), sum(len(gzip.compress(d, 9)) for d in data)))
    return out


def shown(ms: float) -> str:
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms" if ms >= 10 else f"{ms:.1f} ms"


def row(name: str, values: list[float], target: float) -> str:
    """A table line: the measure, its runs, median, 90th percentile, target and whether the median meets it."""
    median = statistics.median(values)
    p90 = statistics.quantiles(values, n=10, method="inclusive")[8] if len(values) > 1 else median
    return f"| {name} | {len(values)} | {shown(median)} | {shown(p90)} | ≤ {shown(target)} | {'yes' if median <= target else 'no'} |"


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
            pages = 3 if size < 1_000_000 else 2
            first, later, said = count_runs(driver, origin, corpus_text(size), pages, max(1, runs // pages))
            lines.append(row(f"count {label} of English and draw: first in the page (ICU loaded)", first, target))
            lines.append(row(f"count {label} of English and draw: again", later, target))
            notes += [f"count, {label}: {n}" for n in said]
    elif what == "keys":
        for rows in (5000, 15):
            times, said = key_runs(driver, origin, rows, max(runs, 10))
            lines.append(row(f"keystroke in the word table, {rows:,} rows", times, 50))
            notes += [f"keys, {rows} rows: {n}" for n in said]
    elif what == "load":
        times, said = load_runs(driver, origin, runs)
        lines.append(row("first picture after navigation, files cached", times, 1000))
        notes += [f"load: {n}" for n in said]
    elif what == "stable":
        moves, said = stable_runs(driver, origin)
        share, far = sum(m <= 1 for m in moves) / len(moves), statistics.median(moves)
        lines.append(f"| Enter on the sample cloud: edits moving no other word > 1 px | {len(moves)} | {share:.0%} "
                     f"(median farthest move {far:.2f} px) | — | ≥ 90% | {'yes' if share >= 0.9 else 'no'} |")
        notes += [f"stable: {n}" for n in said]
    return lines, notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", type=Path, nargs="?", default=ROOT / ".build" / "web", help="the built site (make web)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each measure (default 7)")
    parser.add_argument("--only", default="enter,count,keys,load,stable,size",
                        help="comma-separated measures: enter, count, keys, load, stable, size")
    args = parser.parse_args()
    chosen, lines, notes = args.only.split(","), [], []
    server, origin = serve(args.site.resolve())
    server.handle_error = lambda *_: None  # a navigation that cuts a download short is not news
    driver = chromium()
    try:
        driver.set_script_timeout(60)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PAGE_START})
        for what in (w for w in chosen if w != "size"):
            started = time.time()
            made, said = measure(driver, origin, what, args.runs)
            lines, notes = lines + made, notes + said
            print(*made, *said, f"({what}: {time.time() - started:.0f} s)", sep="\n", file=sys.stderr, flush=True)
    finally:
        driver.quit()
        server.shutdown()
    print("| measure | runs | median | p90 | target | met |\n| --- | ---: | ---: | ---: | ---: | --- |", *lines, sep="\n")
    if "size" in chosen:
        print("\n| files | bytes | gzip -9 (each file) | target |\n| --- | ---: | ---: | ---: |")
        for i, (name, raw, packed) in enumerate(sizes(args.site)):
            print(f"| {name} | {raw / 1024:,.0f} KB | {packed / 1024:,.0f} KB | {'≤ 300 KB' if i == 0 else '—'} |")
    print("", *notes, sep="\n")


if __name__ == "__main__":
    main()
