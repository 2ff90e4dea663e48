"""`battle demo --open` as a subprocess: it prints the page's addresses (watch, and play
as each player), the page opened at a player's address is that player's turn on the marsh
board, and Ctrl-C stops the server."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time

from playwright.sync_api import expect

from tests.conftest import ROOT


def _links(proc: subprocess.Popen[str], deadline: float) -> dict[str, str]:
    links: dict[str, str] = {}
    assert proc.stdout is not None
    while time.monotonic() < deadline and len(links) < 3:
        line = proc.stdout.readline()
        if not line:
            break
        found = re.match(r"^(watch|play as \w+): (http://127\.0\.0\.1:\d+/battles/b-[0-9a-f]+\?token=\S+)$", line.strip())
        if found:
            links[found.group(1)] = found.group(2)
    return links


def test_demo_open_prints_the_page_addresses_and_a_player_plays_from_the_page(browser):
    proc = subprocess.Popen([sys.executable, "-m", "battle", "demo", "--open"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        links = _links(proc, time.monotonic() + 60)
        assert set(links) == {"watch", "play as p1", "play as p2"}, links
        page = browser.new_page(viewport={"width": 1200, "height": 950})
        page.set_default_timeout(15_000)
        page.goto(links["play as p1"])
        expect(page.locator("#who")).to_have_text("Playing as p1")
        expect(page.locator(".prompt-title")).to_have_text("Juno's turn: choose.")
        expect(page.locator("#board .cell")).to_have_count(70)
        expect(page.locator('#board [data-cell="1,2"] .token')).to_have_text("J")
        page.get_by_role("button", name=re.compile(r"^End turn")).click()
        expect(page.locator("#log li").filter(has_text="Juno's turn.")).to_have_count(1)
        expect(page.locator(".prompt-title")).to_have_count(0)
        watcher = browser.new_page()
        watcher.goto(links["watch"])
        expect(watcher.locator("#who")).to_have_text("Watching as a spectator (read-only)")
        expect(watcher.locator("#log li")).not_to_have_count(0)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 0
