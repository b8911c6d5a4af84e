"""Upright CJK words (Chinese, Japanese, Korean at 90°, set glyph under glyph) in the SVG and HTML that keep
words as text land where the PNG draws them: each word's ink box in a browser's screenshot lies within
SLACK px of its ink box in tagcloud's PNG. WebKit sets a column of vertical text (writing-mode) lower and
looser than the layout placed it and draws ー flat, so the writers draw such words as their glyphs.
test_browsers.py runs this in Firefox and WebKit; UprightCJKTests has it in Chromium.
"""

from __future__ import annotations

import base64
import json
import subprocess
import tempfile
from pathlib import Path

from browsers import serve, wait_for

# Long vowel marks, commas, full stops and brackets have vertical forms of their own; every word has its
# own colour, so a pixel's colour says which word painted it.
WORDS = "東京タワー\t9\n中文\t8\n「漢字」\t7\nラーメン\t6\nはい、どうぞ。\t5\n한국어\t4\n"
COLOURS = ["#c00000", "#0000c0", "#008000", "#000000", "#c000c0", "#008080"]
SIZE = 600
SLACK = 2
# How far around a word's frame its ink is looked for: a column set lower or looser shows as ink cut off
# at this edge, far more than SLACK away from the PNG's.
REACH = 16
COMMAND = ["cloud", "--input", "words.tsv", "--font", "Noto Sans CJK JP", "--rotate", "90", "--seed", "3",
           "--width", str(SIZE), "--height", str(SIZE), "--background", "white", "--color-mode", "cycle", "-q"]
COMMAND += [arg for colour in COLOURS for arg in ("--color", colour)]

# The ink box [left, top, right, bottom] (inclusive, or null when there is none) of each word in the PNG
# at the data URL arguments[0], within its region: the pixels well away from white whose shade of colour
# is the word's own (their distance from white points the way the word's colour does).
INK_BOXES = """
const [url, words, done] = arguments;
const image = new Image();
image.onerror = () => done({ error: 'the image did not load' });
image.onload = () => {
  const canvas = document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas');
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  done(words.map(({ region: [x0, y0, x1, y1], colour }) => {
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    const c = colour.map((v) => 255 - v), length = Math.hypot(...c);
    for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x++) {
        const i = 4 * (y * image.width + x);
        const d = [0, 1, 2].map((k) => 255 - pixels[i + k]);
        const dark = Math.hypot(...d);
        if (dark < 0.3 * length || (d[0] * c[0] + d[1] * c[1] + d[2] * c[2]) < 0.97 * dark * length) continue;
        box[0] = Math.min(box[0], x); box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x); box[3] = Math.max(box[3], y);
      }
    }
    return box[0] === Infinity ? null : box;
  }));
};
image.src = url;
"""


class UprightPages:
    """tagcloud's PNG, text SVG and HTML page of upright words, served from a temporary folder."""

    def __init__(self, tool: str) -> None:
        self.folder = tempfile.TemporaryDirectory()
        folder = Path(self.folder.name)
        (folder / "words.tsv").write_text(WORDS, encoding="utf-8")
        for name, fmt in (("cloud.png", "png"), ("cloud.svg", "svg"), ("cloud.html", "html"), ("cloud.json", "json")):
            subprocess.run([tool] + COMMAND + ["--format", fmt, "-o", name], cwd=folder, check=True)
        layout = json.loads((folder / "cloud.json").read_text(encoding="utf-8"))
        self.words = [w for w in layout["placed"] if w.get("upright")]
        self.png = "data:image/png;base64," + base64.b64encode((folder / "cloud.png").read_bytes()).decode()
        self.server, self.origin = serve(folder)

    def close(self) -> None:
        self.server.shutdown()
        self.folder.cleanup()

    def regions(self) -> list[dict]:
        """Each upright word's frame grown by REACH, and its colour as [r, g, b]."""
        out = []
        for w in self.words:
            f = w["frame"]
            region = [int(f["x"]) - REACH, int(f["y"]) - REACH,
                      int(f["x"] + f["width"]) + REACH + 1, int(f["y"] + f["height"]) + REACH + 1]
            hex_colour = w["color"].lstrip("#")
            out.append({"region": region, "colour": [int(hex_colour[k:k + 2], 16) for k in (0, 2, 4)]})
        return out


def ink_boxes(driver, url: str, regions: list[dict]):
    """The ink box of each word in the PNG at `url` (INK_BOXES), read by `driver`'s own canvas."""
    driver.set_script_timeout(60)
    return driver.execute_async_script(INK_BOXES, url, regions)


def check_upright(driver, pages: UprightPages, name: str, failures: list[str]) -> None:
    """Each upright word's ink in `driver`'s rendering of the text SVG and of the HTML page, against the
    PNG; the screenshots go to .build/upright-ENGINE-PAGE.png."""
    if len(pages.words) != len(WORDS.splitlines()):
        failures.append(f"{name}: upright: {len(pages.words)} upright words placed, not {len(WORDS.splitlines())}")
        return
    regions = pages.regions()
    driver.get(pages.origin + "cloud.html")
    expected = ink_boxes(driver, pages.png, regions)
    for page in ("cloud.svg", "cloud.html"):
        driver.get(pages.origin + page)
        # The page's own style fits the cloud to the window: drawn at its own size, its pixels are the PNG's.
        driver.execute_script(
            "const s = document.querySelector('svg'); s.style.width = s.getAttribute('width') + 'px';"
            "s.style.height = s.getAttribute('height') + 'px'; s.style.maxHeight = 'none';")
        wait_for(driver, "!document.fonts || document.fonts.status === 'loaded'", 10)
        shot = driver.get_screenshot_as_png()
        if Path(".build").is_dir():
            (Path(".build") / f"upright-{name}-{page.replace('.', '-')}.png").write_bytes(shot)
        got = ink_boxes(driver, "data:image/png;base64," + base64.b64encode(shot).decode(), regions)
        for word, want, have in zip(pages.words, expected, got):
            if want is None or have is None or any(abs(a - b) > SLACK for a, b in zip(want, have)):
                failures.append(f"{name}: {page}: {word['text']} has its ink at {have}, the PNG at {want}")
