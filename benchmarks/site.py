"""The static edition in a real browser: how long a learner waits for each page, and how
big the site is. A script with a bounded run that prints figures, not a test.

    .venv/bin/python benchmarks/site.py [--site build/site-bench] [--runs 2]
        [--pages en/00-welcome fr/00-bienvenue ...]

What runs
---------
* The site of ``make site`` (``deploy/site/build.py``), built into ``--site`` unless it is
  there already, served by ``python -m http.server`` on 127.0.0.1 (its own process group).
* Debian's Chromium driven by Playwright, headless, with the browser tests' arguments.

What is measured (seconds; the table gives the median and the maximum over the runs)
----------------------------------------------------------------------------------
* cold: a fresh browser context (empty cache and storage), the page requested, to its
  first interactive widget: a button, text box or drop-down of the page's cells visible
  and enabled. In between, the browser fetches Voici's scripts, Pyodide (its WebAssembly
  core and standard library, 13 MB) and the kernel's wheels, starts Pyodide in a web
  worker, loads every package and runs the page's cells;
* warm: the same page reloaded in that context (the browser's HTTP cache holds the files;
  Pyodide starts and the cells run again);
* the site's size: every file, Pyodide's folder, the files a page loads;
* with ``--practice N``: N practice deals of lesson 7 played with the coach on, the learner
  taking when asked (the first suit offered in round 2) and playing the first bright
  card: from the click on a card to its review shown (the card taken from the hand and
  the coach's comment changed), by trick (median, 95th percentile, maximum). The coach
  values its deals only when asked there (no background thread in the browser), so this
  is its whole time. The learner's bid is reviewed the same way, from the click on "I
  take" to the coach's comment (trick 0 in the tables). In the odd-numbered deals the
  learner asks for the hint before each bid and card instead: from the click on Hint to
  the hint shown, by trick (those decisions' reviews read the hint's valuation and are
  not counted).

Requests to any host but 127.0.0.1 are counted and printed (there should be none).
Exit status 0 when every page came up, 1 otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from belote_teach import explain  # noqa: E402

CHROMIUM = os.environ.get("BELOTE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: Every page of the course, both editions.
PAGES = ("en/00-welcome", "en/01-cards-and-points", "en/02-deal-and-bidding",
         "en/03-play-a-trick", "en/04-announcements", "en/05-scoring", "en/06-tips",
         "en/07-practice-hands", "en/08-play-a-game", "fr/00-bienvenue",
         "fr/01-cartes-et-points", "fr/02-donne-et-encheres", "fr/03-jouer-un-pli",
         "fr/04-annonces", "fr/05-compter-les-points", "fr/06-conseils",
         "fr/07-donnes-d-entrainement", "fr/08-une-partie")
#: A page with no interactive widget after this many seconds counts as failed.
PAGE_TIMEOUT_S = 180
#: The page's first interactive widget, as ``benchmarks/start.py`` defines it.
INTERACTIVE = ("#rendered_cells button:not([disabled]), #rendered_cells input:not([disabled]),"
               " #rendered_cells select:not([disabled])")


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """``python -m http.server`` serving ``site`` on 127.0.0.1; yields its base URL."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait()


def first_widget(page: object, url: str | None) -> float:
    """Seconds from requesting ``url`` (a reload when None) to the first interactive widget."""
    start = time.perf_counter()
    if url is None:
        page.reload(wait_until="commit")  # type: ignore[attr-defined]
    else:
        page.goto(url, wait_until="commit")  # type: ignore[attr-defined]
    page.locator(INTERACTIVE).first.wait_for(  # type: ignore[attr-defined]
        state="visible", timeout=PAGE_TIMEOUT_S * 1000)
    return time.perf_counter() - start


def _hint_seconds(page: object) -> float:
    """Click the table's Hint and return the seconds until the hint is shown."""
    from playwright.sync_api import expect

    start = time.perf_counter()
    page.get_by_role(  # type: ignore[attr-defined]
        "button", name=explain.text("hint", "en"), exact=True).click()
    expect(page.locator(".bt-feedback").first).to_contain_text(  # type: ignore[attr-defined]
        explain.text("hint_title", "en"), timeout=120_000)
    return time.perf_counter() - start


def practice_reviews(browser: object, base: str, deals: int
                     ) -> tuple[dict[int, list[float]], dict[int, list[float]]]:
    """Seconds from a card clicked to its review, and from Hint clicked to the hint shown,
    by trick, over ``deals`` practice deals: the learner asks for the hint before every
    card of the odd-numbered deals (their reviews, which read the hint's evaluation, are
    not counted), never in the others."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(f"{base}voici/render/en/07-practice-hands.html", wait_until="commit")
    status = page.locator(".bt-table-status")
    status.wait_for(state="visible", timeout=PAGE_TIMEOUT_S * 1000)
    page.get_by_role("checkbox", name=explain.text("coach_label", "en")).set_checked(True)
    times: dict[int, list[float]] = {}
    hints: dict[int, list[float]] = {}
    for number in range(deals):
        page.get_by_label(explain.text("practice_deal", "en"), exact=True).select_option(
            index=number % 15)
        page.get_by_role("button", name=explain.text("practice_start", "en")).click()
        expect(status).not_to_contain_text("deal is over", timeout=60_000)
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            text = status.inner_text()
            if "deal is over" in text:
                break
            if "Your turn to bid" in text:
                asked = number % 2 == 1
                if asked:
                    hints.setdefault(0, []).append(_hint_seconds(page))
                said = page.locator(".bt-feedback").first.inner_text()
                start = time.perf_counter()
                # "I take" in round 1, "I take hearts ♥"... in round 2: the first offered
                page.get_by_role("button", name=re.compile("take", re.I)).first.click()
                page.wait_for_function(
                    "said => document.querySelector('.bt-feedback').innerText !== said",
                    arg=said, timeout=120_000)
                if not asked:
                    times.setdefault(0, []).append(time.perf_counter() - start)
                expect(status).not_to_contain_text("Your turn to bid", timeout=60_000)
            elif "Your turn: click a card" in text:
                hand = page.locator(".bt-part-hand button.bt-card:not(.bt-dim)")
                cards = page.locator(".bt-part-hand .bt-card").count()
                if hand.count() == 0 or cards == 0:
                    page.wait_for_timeout(50)
                    continue
                asked = number % 2 == 1
                if asked:
                    hints.setdefault(9 - cards, []).append(_hint_seconds(page))
                said = page.locator(".bt-feedback").first.inner_text()
                start = time.perf_counter()
                hand.first.click()
                page.wait_for_function(
                    "([n, said]) => document.querySelectorAll('.bt-part-hand .bt-card').length"
                    " < n && document.querySelector('.bt-feedback').innerText !== said",
                    arg=[cards, said], timeout=120_000)
                if not asked:
                    times.setdefault(9 - cards, []).append(time.perf_counter() - start)
            else:
                page.wait_for_timeout(100)
    context.close()
    return times, hints


def _print_by_trick(title: str, by_trick: dict[int, list[float]]) -> None:
    """A table of ``by_trick``'s seconds: count, median, 95th percentile, maximum."""
    print(f"\n{title:14} {'n':>4} {'median':>8} {'p95':>8} {'max':>8} (s)")
    for trick in sorted(by_trick):
        values = sorted(by_trick[trick])
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        print(f"{trick:<14} {len(values):>4} {statistics.median(values):>8.2f} "
              f"{p95:>8.2f} {values[-1]:>8.2f}")


def main() -> int:
    """Build if needed, serve, measure, print; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site-bench")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--pages", nargs="+", default=list(PAGES))
    parser.add_argument("--practice", type=int, default=0,
                        help="practice deals played with the coach (review latency)")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        subprocess.run([sys.executable, str(ROOT / "deploy" / "site" / "build.py"),
                        "--output", str(args.site)], check=True)
    from playwright.sync_api import sync_playwright

    print(f"site {args.site}: {_size(args.site) / 1e6:.1f} MB in all, Pyodide's folder "
          f"{_size(args.site / 'static' / 'pyodide') / 1e6:.1f} MB")
    cold: dict[str, list[float]] = {p: [] for p in args.pages}
    warm: dict[str, list[float]] = {p: [] for p in args.pages}
    loaded: dict[str, int] = {}
    elsewhere: list[str] = []
    failed = False
    with serve(args.site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            for name in args.pages:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                sizes: list[int] = []

                def note(request: object) -> None:
                    url = request.url  # type: ignore[attr-defined]
                    parts = urlsplit(url)
                    if parts.scheme in ("http", "https") and parts.hostname != "127.0.0.1":
                        elsewhere.append(url)

                def count(response: object, sizes: list[int] = sizes) -> None:
                    length = response.headers.get("content-length")  # type: ignore[attr-defined]
                    if length:
                        sizes.append(int(length))

                context.on("request", note)
                context.on("response", count)
                page = context.new_page()
                try:
                    cold[name].append(first_widget(page, f"{base}voici/render/{name}.html"))
                    loaded[name] = sum(sizes)
                    warm[name].append(first_widget(page, None))
                except Exception as error:  # a page that never came up is reported
                    print(f"{name}: no interactive widget ({type(error).__name__})")
                    failed = True
                context.close()
        print(f"\n{'page':32} {'cold median / max (s)':>22} {'warm median / max (s)':>22} "
              f"{'loaded (MB)':>12}")
        for name in args.pages:
            if cold[name] and warm[name]:
                print(f"{name:32} {statistics.median(cold[name]):>10.1f} / "
                      f"{max(cold[name]):<9.1f} {statistics.median(warm[name]):>10.1f} / "
                      f"{max(warm[name]):<9.1f} {loaded.get(name, 0) / 1e6:>12.1f}",
                      flush=True)
        reviews, hints = (practice_reviews(browser, base, args.practice) if args.practice
                          else ({}, {}))
        browser.close()
    if reviews:
        _print_by_trick("review, trick", reviews)
    if hints:
        _print_by_trick("hint, trick", hints)
    shown = f" {elsewhere[:5]}" if elsewhere else ""
    print(f"\nrequests to another host: {len(elsewhere)}{shown}")
    return 1 if failed or elsewhere else 0


if __name__ == "__main__":
    sys.exit(main())
