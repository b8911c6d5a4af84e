"""What the editor's tests read from and do to the page, in one place: waiting for its pictures, the
words of its Preview, typing in "Add a word", pasting, dragging. Every reading is what the browser
shows (buttons, boxes, the SVG's painted outlines), not the page's own variables.
"""

from __future__ import annotations

import time

from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browsers import wait_for

LAYOUTS = "Number(document.body.dataset.layouts || 0)"
ERRORS = "Number(document.body.dataset.errors || 0)"
# Each word of the Preview: its spoken name, its button's box and its painted outline's box, in CSS pixels.
WORDS = """return [...document.querySelectorAll('#preview .preview-word')].map((b) => {
  const r = b.getBoundingClientRect(), g = document.querySelector(`#preview g[data-k="${b.dataset.k}"]`);
  const i = g ? g.getBoundingClientRect() : r;
  return { name: b.getAttribute('aria-label'), k: Number(b.dataset.k), current: b.getAttribute('aria-current') === 'true',
    button: [r.left, r.top, r.width, r.height], ink: [i.left, i.top, i.width, i.height] };
});"""


def fresh(driver, origin: str) -> None:
    """Opens the editor with nothing kept from earlier tests, and waits for its first picture."""
    driver.get(origin + "index.html")
    driver.execute_async_script("""const done = arguments[0];
      const r = indexedDB.deleteDatabase('tagcloud-editor'); r.onsuccess = r.onerror = r.onblocked = () => done(1);""")
    driver.get(origin + "index.html")
    ready(driver)


def ready(driver, seconds: float = 90) -> None:
    """Waits until the page has started and drawn (or refused) its first picture."""
    if not wait_for(driver, f"document.body.dataset.ready === 'true' && ({LAYOUTS} + {ERRORS}) > 0", seconds):
        status = driver.execute_script("return document.getElementById('status').textContent")
        raise AssertionError(f"the editor did not draw a first picture: {status!r}")


def after(driver, action, seconds: float = 60) -> str:
    """Does `action()` and waits for the picture or the error it leads to; the status line then."""
    before = driver.execute_script(f"return {LAYOUTS} + {ERRORS}")
    action()
    if not wait_for(driver, f"({LAYOUTS} + {ERRORS}) > {before}", seconds):
        raise AssertionError("no new picture or error after the action")
    # A drop's pin is laid out and then kept in the state as a step of its own.
    time.sleep(0.05)
    return driver.execute_script("return document.getElementById('status').textContent")


def words(driver) -> list[dict]:
    return driver.execute_script(WORDS)


def centres(driver) -> dict[str, tuple[float, float]]:
    """The centre of each word's painted outline, by its name."""
    return {w["name"]: (w["ink"][0] + w["ink"][2] / 2, w["ink"][1] + w["ink"][3] / 2) for w in words(driver)}


def add(driver, typed: str) -> str:
    """Types `typed` in "Add a word" and presses Enter; the status after the new picture."""
    field = driver.find_element(By.ID, "add-word")
    field.clear()
    return after(driver, lambda: field.send_keys(typed + Keys.ENTER))


def paste(driver, text: str) -> str:
    """Puts `text` (lines) in "Add a word" as a paste leaves it, then presses Enter."""
    field = driver.find_element(By.ID, "add-word")
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", field, text)
    return after(driver, lambda: field.send_keys(Keys.END + Keys.ENTER))


def ink_point(driver, k: int) -> tuple[float, float] | None:
    """A point in the viewport on word `k`'s painted outline, preferably inside another word's box."""
    return driver.execute_script("""
      const k = arguments[0], g = document.querySelector(`#preview g[data-k="${k}"]`);
      if (!g) return null;
      const boxes = [...document.querySelectorAll('#preview .preview-word')].filter((b) => Number(b.dataset.k) !== k)
        .map((b) => b.getBoundingClientRect());
      const r = g.getBoundingClientRect();
      let any = null;
      // A point whose neighbours 2 px away are ink of the word too, so a click rounded to whole pixels still lands on it.
      const ours = (x, y) => document.elementFromPoint(x, y)?.closest('g[data-k]') === g;
      for (let y = r.top + 3; y < r.bottom - 3; y += 2) for (let x = r.left + 3; x < r.right - 3; x += 2) {
        const [px, py] = [Math.round(x), Math.round(y)];
        if (![[0, 0], [2, 0], [-2, 0], [0, 2], [0, -2]].every(([dx, dy]) => ours(px + dx, py + dy))) continue;
        if (boxes.some((b) => px >= b.left && px <= b.right && py >= b.top && py <= b.bottom)) return [px, py, true];
        any = any || [px, py, false];
      }
      return any;""", k)


def click_at(driver, x: float, y: float) -> None:
    """A mouse click at viewport point (x, y)."""
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(int(x), int(y)).click()
    actions.perform()


def drag(driver, x: float, y: float, dx: float, dy: float, touch: bool = False) -> None:
    """A press at (x, y), a move by (dx, dy) in steps, and a release: with the mouse or a finger."""
    mouse = PointerInput(interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE, "finger" if touch else "mouse")
    actions = ActionBuilder(driver, mouse=mouse)
    pointer = actions.pointer_action
    pointer.move_to_location(int(x), int(y)).pointer_down()
    for step in range(1, 6):
        pointer.move_to_location(int(x + dx * step / 5), int(y + dy * step / 5))
    pointer.pointer_up()
    actions.perform()


def table_words(driver) -> int:
    """How many words the table says there are."""
    text = driver.execute_script("return document.getElementById('word-count').textContent")
    return int("".join(c for c in text if c.isdigit()) or 0)


def status(driver) -> tuple[str, bool]:
    """The status line and whether it is marked as a problem."""
    return tuple(driver.execute_script(
        "const s = document.getElementById('status'); return [s.textContent, s.classList.contains('problem')]"))
