#!/usr/bin/env python3
"""The editor (index.html of the site make web builds) as people use it, in Chromium, Firefox ESR and
WebKitGTK: at 1280×800 every check of editor_checks.py, a share link and axe-core's rules; at 390×844
the first screen, and touch drags where the browser can make touches (Chromium, Firefox).

Usage: test_editor.py SITE_DIR [--docs] [--only ENGINE]. Screenshots go to .build/editor-*.png; with
--docs the Chromium ones are also written to docs/images/ for docs/editor.md. Exit status 0 when every
check passes in every browser, 1 otherwise. Needs `scripts/setup --browsers` and, for WebKit, Xvfb.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from browsers import ENGINES, STARTERS, serve, wait_for  # noqa: E402
import editor_checks as checks  # noqa: E402
import editor_page as page  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402

DESKTOP = [
    ("first screen", lambda d, o: checks.first_screen(d, o, phone=False)),
    ("add a word", checks.add_words),
    ("equal sizes", checks.equal_sizes),
    ("stable edits", checks.stable_edits),
    ("ink hits", checks.ink_hits),
    ("safe drags", checks.safe_drags),
    ("hide a word", checks.hidden_words),
    ("stale feedback", checks.stale_feedback),
    ("share link", lambda d, o: share_link(d, o)),
    ("accessibility", lambda d, o: accessibility(d, o)),
    ("your files", checks.your_files),
    ("word details", checks.word_details),
    ("saved as shown", checks.saved_as_shown),
    ("kept work", checks.kept_work),
]


def share_link(driver, origin: str) -> None:
    """A link with the whole work in its fragment opens the same words in a fresh page."""
    page.fresh(driver, origin)
    page.add(driver, "linked word")
    driver.find_element(By.ID, "share").click()
    link = wait_for(driver, "document.getElementById('share-link')?.value", 20)
    assert link and "#s=" in link and link.startswith(origin), f"no share link: {link!r}"
    names = sorted(w["name"] for w in page.words(driver))
    driver.get("about:blank")
    driver.get(origin + "example.html")
    driver.execute_async_script("const r = indexedDB.deleteDatabase('tagcloud-editor');"
                                "r.onsuccess = r.onerror = r.onblocked = () => arguments[0](1);")
    driver.get(link)
    page.ready(driver)
    wait_for(driver, "document.querySelectorAll('#preview .preview-word').length > 20", 20)
    got = sorted(w["name"] for w in page.words(driver))
    assert got == names, f"the link opened {len(got)} words, not the {len(names)} shared"
    assert "#" not in driver.current_url, "the fragment stays in the address bar after it was read"


def accessibility(driver, origin: str) -> None:
    """axe-core's rules find no violation on the editor with its picture drawn."""
    spec = importlib.util.find_spec("axe_selenium_python")
    script = Path(list(spec.submodule_search_locations)[0]) / "node_modules" / "axe-core" / "axe.min.js"
    page.fresh(driver, origin)
    driver.execute_script(script.read_text(encoding="utf-8"))
    driver.set_script_timeout(60)
    result = driver.execute_async_script("axe.run(document).then((r) => arguments[0](r.violations.map("
                                         "(v) => v.id + ': ' + v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', '))))")
    assert not result, f"axe-core: {result}"


def screenshot(driver, name: str, docs: bool) -> None:
    path = Path(".build") / f"editor-{name}.png"
    time.sleep(0.3)
    driver.save_screenshot(str(path))
    if docs and name.startswith("chromium"):
        Path("docs/images").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, Path("docs/images") / f"editor-{name.split('-', 1)[1]}.png")


def run_engine(engine: str, origin: str, docs: bool, failures: list[str]) -> None:
    for phone in (False, True):
        driver = STARTERS[engine](phone=phone)
        size = "phone" if phone else "desktop"
        try:
            plan = DESKTOP if not phone else [("first screen", lambda d, o: checks.first_screen(d, o, phone=True))]
            if phone and engine != "webkit":
                plan = plan + [("touch drag", lambda d, o: checks.safe_drags(d, o, touch=True))]
            for name, check in plan:
                started = time.time()
                try:
                    check(driver, origin)
                    if name == "first screen":
                        screenshot(driver, f"{engine}-{size}", docs)
                    print(f"test_editor.py: {engine} {size}: {name}: ok ({time.time() - started:.1f} s)")
                except Exception as error:  # noqa: BLE001 - every failure is reported, then the next check runs
                    detail = str(error) if isinstance(error, AssertionError) else traceback.format_exc(limit=3)
                    failures.append(f"{engine} {size}: {name}: {detail}")
                    print(f"test_editor.py: {engine} {size}: {name}: FAILED: {detail}")
                    screenshot(driver, f"{engine}-{size}-{name.replace(' ', '-')}", False)
        finally:
            driver.quit()


def main() -> int:
    site = Path(sys.argv[1])
    docs = "--docs" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    if not (site / "tagcloud.wasm").exists():
        print(f"test_editor.py: {site} has no engine: make web first", file=sys.stderr)
        return 1
    server, origin = serve(site)
    failures: list[str] = []
    try:
        for engine in ENGINES:
            if only in (None, engine):
                run_engine(engine, origin, docs, failures)
    finally:
        server.shutdown()
    for failure in failures:
        print(f"test_editor.py: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
