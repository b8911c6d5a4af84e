"""The editor's checks, one per problem people met in the old editor (issue 42), each run in Chromium,
Firefox and WebKit by test_editor.py. A check raises AssertionError saying what the page did instead.
"""

from __future__ import annotations

import json
import math
import random
import struct
import tempfile
import time
import zlib
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browsers import wait_for
import editor_page as page

EQUAL = "sun, roam, crane, oven, wax, ear, sea, cow, run, swan, mare, name, vase, rum, nova"


def french() -> str:
    """A French story of 120 sentences in which « répond » is the most frequent word after the stop words
    (« dit », more frequent still, is one of them)."""
    rng = random.Random(4)
    subjects = ["Le roi", "La reine", "Le garçon", "Le vieux marin", "Sa mère", "Le maître", "La fille", "Le chien",
                "Un voisin", "Le prêtre", "La servante", "Le soldat"]
    verbs = ["répond", "répond", "répond", "dit", "murmure", "crie"]
    objects = ["qu'il fait froid", "que la mer est grise", "bonjour à tous", "qu'il faut partir", "non sans colère",
               "que le pain manque", "qu'on attend la pluie", "que la route est longue", "merci au passant",
               "que la nuit tombe", "qu'il a faim", "que tout va bien", "adieu au village"]
    return " ".join(f"{rng.choice(subjects)} {rng.choice(verbs)} {rng.choice(objects)}." for _ in range(120))


def first_screen(driver, origin: str, phone: bool) -> None:
    """9, 7: the picture is in the first screen, the words are buttons ≥ 24 px, nothing scrolls sideways."""
    page.fresh(driver, origin)
    width, height = driver.execute_script("return [innerWidth, innerHeight]")
    region = driver.find_element(By.CSS_SELECTOR, "section[aria-label='Preview']")
    top = driver.execute_script("return arguments[0].querySelector('svg').getBoundingClientRect().top", region)
    assert top < height - 200, f"the picture starts at y = {top:.0f} on a {height} px high screen"
    sideways = driver.execute_script("return document.documentElement.scrollWidth - innerWidth")
    assert sideways <= 0, f"the page scrolls {sideways} px sideways at {width} px wide"
    words = page.words(driver)
    assert len(words) == 20, f"{len(words)} word buttons in the Preview, not the sample's 20"
    small = [w["name"] for w in words if w["button"][2] < 23.5 or w["button"][3] < 23.5]
    assert not small, f"word targets under 24 px: {small[:5]}"
    names = {w["name"] for w in words}
    assert "word cloud" in names and "مرحبا" in names, f"the Preview's buttons are not named by their words: {sorted(names)[:5]}"
    more = driver.execute_script("return [...document.querySelectorAll('#more details')].filter((d) => d.open).length")
    assert more == 0, "options under More are open at the start"
    flags = driver.execute_script("return [...document.querySelectorAll('#essentials label')].map((l) => l.textContent)")
    assert flags and not any(label.strip().startswith("--") for label in flags), f"controls named by flags: {flags[:3]}"


def add_words(driver, origin: str) -> None:
    """6, 8: Enter adds; commas, `word 3`, `word: 3` and pasted lines with repeats are read as people mean them."""
    page.fresh(driver, origin)
    driver.find_element(By.ID, "clear-words").click()
    wait_for(driver, "!document.querySelector('#preview svg')", 10)
    page.add(driver, "apple, banana, cherry")
    names = {w["name"] for w in page.words(driver)}
    assert names == {"apple", "banana", "cherry"}, f"`apple, banana, cherry` gave {sorted(names)}"
    page.add(driver, "kiwi 3")
    page.add(driver, "lime: 2")
    names = {w["name"] for w in page.words(driver)}
    assert {"kiwi", "lime"} <= names and "kiwi 3" not in names, f"`kiwi 3`, `lime: 2` gave {sorted(names)}"
    sizes = {w["name"]: w["ink"][3] for w in page.words(driver)}
    assert sizes["kiwi"] > sizes["apple"], "kiwi (weight 3) is not larger than apple (weight 1)"
    page.paste(driver, "fig\nplum\nfig\nfig\n")
    sizes = {w["name"]: w["ink"][3] for w in page.words(driver)}
    assert "fig" in sizes and "plum" in sizes and sizes["fig"] > sizes["plum"], f"pasted lines with repeats: {sizes}"


def equal_sizes(driver, origin: str) -> None:
    """6: fifteen words of weight 1 come out the same size."""
    page.fresh(driver, origin)
    driver.find_element(By.ID, "clear-words").click()
    page.add(driver, EQUAL)
    # A word turned upright is as wide as the others are high.
    heights = [min(w["ink"][2], w["ink"][3]) for w in page.words(driver)]
    assert len(heights) == 15, f"{len(heights)} of 15 words drawn"
    assert max(heights) - min(heights) <= 1.5, f"equal weights drawn {min(heights):.1f} to {max(heights):.1f} px high"


def stable_edits(driver, origin: str) -> None:
    """5: adding a word moves no other word (≤ 1 px) in ≥ 90% of edits; a weight change keeps the others."""
    page.fresh(driver, origin)
    clean = 0
    tries = ["zeta", "omega", "kappa", "delta", "sigma"]
    for word in tries:
        before = page.centres(driver)
        page.add(driver, word)
        after = page.centres(driver)
        moved = max(math.dist(before[n], after[n]) for n in before if n in after)
        clean += moved <= 1.0
    assert clean >= 0.9 * len(tries) - 0.5, f"only {clean} of {len(tries)} added words left the others in place"
    before = page.centres(driver)
    page.add(driver, "privacy 2")
    after = page.centres(driver)
    moved = [n for n in before if n in after and n != "privacy" and math.dist(before[n], after[n]) > 1.0]
    assert len(moved) <= 3, f"a weight change moved {len(moved)} other words: {moved[:5]}"


def ink_hits(driver, origin: str) -> None:
    """1: a press on a word's ink picks that word, even inside a neighbour's box."""
    page.fresh(driver, origin)
    driver.find_element(By.CSS_SELECTOR, "input[name='command'][value='cloud']")
    checked = 0
    for word in page.words(driver)[:12]:
        point = page.ink_point(driver, word["k"])
        if not point:
            continue
        page.click_at(driver, point[0], point[1])
        current = [w["name"] for w in page.words(driver) if w["current"]]
        assert current == [word["name"]], f"a click on the ink of {word['name']!r} selected {current}"
        checked += 1
    assert checked >= 8, f"only {checked} words had ink to click"


def safe_drags(driver, origin: str, touch: bool = False) -> None:
    """1, 9: a word dragged off the canvas stays inside it, pinned; the editor keeps working."""
    page.fresh(driver, origin)
    word = max(page.words(driver), key=lambda w: w["ink"][2] * w["ink"][3])
    point = page.ink_point(driver, word["k"])
    picture = driver.execute_script("return document.querySelector('#preview svg').getBoundingClientRect().toJSON()")
    # Held by its ink, the word is dragged until the pointer is at the picture's right edge: half of it past the canvas.
    page.after(driver, lambda: page.drag(driver, point[0], point[1], picture["right"] - 2 - point[0], 10, touch))
    text, problem = page.status(driver)
    assert not problem, f"after a drag off the canvas: {text!r}"
    moved = next(w for w in page.words(driver) if w["name"].startswith(word["name"]))
    assert moved["name"].endswith("(pinned)"), f"the dragged word is not pinned: {moved['name']!r}"
    right = moved["ink"][0] + moved["ink"][2]
    assert right <= picture["right"] + 1, f"the dropped word ends at x = {right:.0f}, past the picture's {picture['right']:.0f}"
    page.add(driver, "after the drag")
    assert any(w["name"] == "after the drag" for w in page.words(driver)), "an edit after the drag drew nothing"


def hidden_words(driver, origin: str) -> None:
    """2: "Hide" leaves a word out, into the user's own stop words of the text's language, through a new count."""
    page.fresh(driver, origin)
    driver.find_element(By.ID, "tab-text").click()
    driver.execute_script("const t = document.getElementById('source-text'); t.value = arguments[0];"
                          "t.dispatchEvent(new Event('input', { bubbles: true }));", french())
    page.after(driver, lambda: driver.find_element(By.ID, "count").click())
    names = [w["name"] for w in page.words(driver)]
    assert "répond" in names, f"the French text's words: {names[:8]}"
    k = next(w["k"] for w in page.words(driver) if w["name"] == "répond")
    page.after(driver, lambda: driver.execute_script(
        "document.querySelector(`#preview .preview-word[data-k='${arguments[0]}']`).focus()", k) or
        driver.switch_to.active_element.send_keys(Keys.DELETE))
    assert "répond" not in [w["name"] for w in page.words(driver)], "the hidden word is still in the picture"
    own = driver.find_element(By.ID, "own-stopwords").get_attribute("value").split()
    label = driver.find_element(By.ID, "own-stopwords-label").text
    assert "répond" in own and "(fr)" in label, f"own stop words {own} under {label!r}"
    page.after(driver, lambda: driver.find_element(By.ID, "count").click())
    assert "répond" not in [w["name"] for w in page.words(driver)], "a new count brought the hidden word back"


def stale_feedback(driver, origin: str) -> None:
    """10: after Clear or an error no old picture or count stays; Undo brings the picture back."""
    page.fresh(driver, origin)
    driver.find_element(By.ID, "clear-words").click()
    assert wait_for(driver, "!document.querySelector('#preview svg')", 10), "the old picture stays after Clear all"
    text, _ = page.status(driver)
    assert "placed" not in text.lower(), f"the status after Clear all: {text!r}"
    page.after(driver, lambda: driver.find_element(By.ID, "undo").click())
    assert len(page.words(driver)) == 20, "Undo did not bring the sample back"
    page.add(driver, "x" * 500)
    sideways = driver.execute_script("return document.documentElement.scrollWidth - innerWidth")
    assert sideways <= 0, f"a 500-character word makes the page scroll {sideways} px sideways"
    box = driver.execute_script("return document.querySelector('#preview svg').getBoundingClientRect().toJSON()")
    region = driver.execute_script("return document.getElementById('preview-region').getBoundingClientRect().toJSON()")
    assert box["right"] <= region["right"] + 1, "the picture runs out of the Preview"


def kept_work(driver, origin: str) -> None:
    """4: a large table survives a reload, so does Undo; another tab sees the change."""
    page.fresh(driver, origin)
    lines = "\n".join(f"word{i}" for i in range(24000))
    page.paste(driver, lines)
    assert page.table_words(driver) == 24020, f"{page.table_words(driver)} words after pasting 24,000"
    text, _ = page.status(driver)
    assert "“Most words shown”" in text and "--" not in text, f"the status speaks flags: {text!r}"
    rows = driver.execute_script("return document.querySelectorAll('#table tr').length")
    assert rows < 200, f"the table draws {rows} rows for 24,020 words: it should draw the ones in view"
    time.sleep(1.5)
    driver.refresh()
    page.ready(driver)
    assert page.table_words(driver) == 24020, f"{page.table_words(driver)} words after a reload, not 24,020"
    assert driver.find_element(By.ID, "undo").is_enabled(), "Undo is gone after a reload"
    page.after(driver, lambda: driver.find_element(By.ID, "undo").click())
    assert page.table_words(driver) == 20, "Undo after a reload did not take the pasted words back"
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(origin + "index.html")
    page.ready(driver)
    page.add(driver, "from the other tab")
    driver.switch_to.window(first)
    seen = wait_for(driver, "[...document.querySelectorAll('#preview .preview-word')]"
                            ".some((b) => b.getAttribute('aria-label') === 'from the other tab')", 20)
    assert seen, "the first tab did not take the other tab's change"


def circle_png(width: int = 800, height: int = 600) -> bytes:
    """A PNG the size of the canvas: an opaque disc on transparency, the shape words go in."""
    rows = b"".join(
        b"\0" + b"".join(b"\0\0\0\xff" if (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 2.2) ** 2
                         else b"\0\0\0\0" for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def your_files(driver, origin: str) -> None:
    """A shape from your picture and your own font (WOFF2): kept in the browser, used by the engine, kept across a reload."""
    page.fresh(driver, origin)
    before = {w["name"]: w["ink"] for w in page.words(driver)}
    with tempfile.TemporaryDirectory() as folder:
        font = Path(folder, "My Serif.woff2")
        font.write_bytes((Path(__file__).parent / "fixtures" / "DejaVuSerif-ASCII.woff2").read_bytes())
        shape = Path(folder, "disc.png")
        shape.write_bytes(circle_png())
        page.after(driver, lambda: driver.find_element(By.ID, "upload-font").send_keys(str(font)))
        text, problem = page.status(driver)
        assert not problem, f"after choosing a font: {text!r}"
        said = driver.find_element(By.ID, "uploads-said").text
        assert "My Serif.woff2" in said, f"the page says {said!r} about the font"
        page.after(driver, lambda: driver.find_element(By.ID, "upload-mask").send_keys(str(shape)))
        # Another font of the same name is another font: the page must not draw the first one's glyphs.
        first = {w["name"]: w["ink"] for w in page.words(driver)}["word cloud"]
        font.write_bytes(Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf").read_bytes())
        page.after(driver, lambda: driver.find_element(By.ID, "upload-font").send_keys(str(font)))
        said = driver.find_element(By.ID, "uploads-said").text
        assert "My Serif 2.woff2" in said, f"a second font of the same name: {said!r}"
        mono = {w["name"]: w["ink"] for w in page.words(driver)}["word cloud"]
        assert mono != first, "the second font of the same name drew as the first"
    text, problem = page.status(driver)
    assert not problem, f"after choosing a shape: {text!r}"
    after = {w["name"]: w["ink"] for w in page.words(driver)}
    assert after["word cloud"] != before["word cloud"], "the picture did not change with the font and the shape"
    driver.refresh()
    page.ready(driver)
    text, problem = page.status(driver)
    assert not problem and "Placed" in text, f"after a reload with the files: {text!r}"
    assert {w["name"]: w["ink"] for w in page.words(driver)}["word cloud"] == after["word cloud"], "the files were lost in a reload"


def word_details(driver, origin: str) -> None:
    """6: the table gives one word its own angle and another its own font; the picture draws them so, after a reload too."""
    page.fresh(driver, origin)
    driver.find_element(By.ID, "clear-words").click()
    page.add(driver, "alpha 5, beta 5, gamma 5")
    shown = driver.execute_script("const t = document.querySelector('#table input[type=checkbox]');"
                                  "if (t && !t.checked) t.click(); return !!t")
    assert shown, "no way to show the Font and Angle columns"
    angle = driver.find_element(By.CSS_SELECTOR, "#table input[aria-label='Angle of alpha']")
    page.after(driver, lambda: angle.send_keys("90" + Keys.TAB))
    ink = next(w["ink"] for w in page.words(driver) if w["name"] == "alpha")
    assert ink[3] > 2 * ink[2], f"alpha at its own angle of 90° is drawn {ink[2]:.0f} wide, {ink[3]:.0f} high"
    font = driver.find_element(By.CSS_SELECTOR, "#table input[aria-label='Font of beta']")
    width = next(w["ink"][2] for w in page.words(driver) if w["name"] == "beta")
    page.after(driver, lambda: font.send_keys("DejaVu Sans Mono" + Keys.TAB))
    wider = next(w["ink"][2] for w in page.words(driver) if w["name"] == "beta")
    assert abs(wider - width) > 2, f"beta in its own font is {wider:.0f} px wide, as before ({width:.0f})"
    time.sleep(1)
    driver.refresh()
    page.ready(driver)
    ink = next(w["ink"] for w in page.words(driver) if w["name"] == "alpha")
    assert ink[3] > 2 * ink[2], "alpha lost its own angle in a reload"


def saved_as_shown(driver, origin: str) -> None:
    """Save → Layout (JSON) gives the picture on screen, every word where the Preview shows it, after edits."""
    page.fresh(driver, origin)
    for word in ("zeta", "omega 4", "kappa 2"):
        page.add(driver, word)
    # The saved file's bytes, as the page hands them to the download link.
    driver.execute_script("""window.saved = null; const make = URL.createObjectURL;
      URL.createObjectURL = (blob) => { window.saved = blob; return make.call(URL, blob); };""")
    driver.find_element(By.CSS_SELECTOR, "#save-menu summary").click()
    driver.find_element(By.ID, "download-json").click()
    saved = wait_for(driver, "window.saved && window.saved.text().then((t) => window.savedText = t) && window.savedText", 20)
    assert saved, "Save → Layout (JSON) saved nothing"
    layout = json.loads(saved)
    picture = driver.execute_script("return document.querySelector('#preview svg').getBoundingClientRect().toJSON()")
    scale = picture["width"] / layout["size"]["width"]
    shown = {w["name"]: w["button"] for w in page.words(driver)}
    for word in layout["placed"]:
        f = word["frame"]
        x, y = picture["left"] + (f["x"] + f["width"] / 2) * scale, picture["top"] + (f["y"] + f["height"] / 2) * scale
        b = shown[word["text"]]
        assert math.dist((x, y), (b[0] + b[2] / 2, b[1] + b[3] / 2)) <= 1.5, f"{word['text']!r} is saved elsewhere than shown"
