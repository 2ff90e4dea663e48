"""The viewer in headless Chromium: a player walks along a highlighted path, attacks a
highlighted target, passes a window, sees the log arrive, and reloads; a spectator's link
is read-only; an area is aimed with whom it catches previewed; every cell is reached with
the arrow keys. Screenshots of the board go to `test-artifacts/viewer/`."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.viewer.scenario import LiveGateway

TIMEOUT = 15_000


def open_page(browser: Any, gateway: LiveGateway, battle: str, token: str) -> Page:
    page = browser.new_page(viewport={"width": 1200, "height": 950})
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{gateway.url}/battles/{battle}?token={token}")
    page.errors = errors  # type: ignore[attr-defined]
    return page


def cell(page: Page, x: int, y: int) -> Any:
    return page.locator(f'#board [data-cell="{x},{y}"]')


def has_class(name: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){name}(\s|$)")


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def menu(gateway: LiveGateway, battle: str, token: str) -> dict[str, Any]:
    status, body = gateway.call("GET", f"/v1/battles/{battle}/menu", token=token)
    assert status == 200, body
    return body


def option(menu_view: dict[str, Any], option_id: str) -> dict[str, Any]:
    return next(o for o in menu_view["options"] if o["id"] == option_id)


def choose(gateway: LiveGateway, battle: str, token: str, option_id: str, request_id: str) -> None:
    """Posts a choice over HTTP (as the Game Master or another player) and waits until it is applied."""
    view = menu(gateway, battle, token)
    assert view["yours"], view
    status, body = gateway.call("POST", f"/v1/battles/{battle}/choices", token=token, body={
        "actor": view["actor"], "option_id": option_id, "targets": [], "request_id": request_id,
        "revision": view["revision"]})
    assert status in (200, 202), body
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        status, body = gateway.call("GET", f"/v1/battles/{battle}/choices/{request_id}", token=token)
        if body["status"] == "applied":
            return
        assert body["status"] == "queued", body
        time.sleep(0.02)
    raise AssertionError(f"{request_id} was not applied in time")


def gm_choose(gateway: LiveGateway, created: dict[str, Any], option_id: str, request_id: str) -> None:
    choose(gateway, created["battle"], created["gm_token"], option_id, request_id)


def test_a_player_walks_attacks_passes_a_window_and_reloads(browser, gateway, artifacts):
    created = gateway.create()
    battle, juno = created["battle"], created["tokens"]["juno"]
    page = open_page(browser, gateway, battle, juno)
    expect(page.locator("#who")).to_have_text("Playing as juno")
    expect(page.locator(".prompt-title")).to_have_text("Juno's turn: choose.")
    expect(page.locator("#log li").last).to_have_text("Juno's turn.")
    # The screen: turn order, health as a bar with its numbers, budgets and movement in strides.
    juno_card = page.locator('#order li[data-combatant="juno"]')
    expect(juno_card.locator(".health-text")).to_have_text("Breath 11 / 11")
    expect(juno_card.locator(".budgets")).to_have_text(
        "Action 1 · Quick action 1 · Reaction 1 · Movement 6 strides")
    assert page.locator("#order li").evaluate_all("els => els.map(e => e.dataset.combatant)") == [
        "juno", "ogre", "wren"]

    # Walk: the menu's reachable cells light up, the hovered one draws the server's path.
    page.get_by_role("button", name=re.compile(r"^Move")).click()
    walk = option(menu(gateway, battle, juno), "move:4,3")["board"]
    assert walk["path"] == [[2, 2], [3, 2], [4, 3]] and walk["cost"] == "3 strides"
    expect(cell(page, 4, 3)).to_have_class(has_class("reach"))
    expect(cell(page, 4, 2)).not_to_have_class(has_class("reach"))  # the wall
    cell(page, 4, 3).hover()
    for x, y in walk["path"]:
        expect(cell(page, x, y)).to_have_class(has_class("path"))
    expect(cell(page, 4, 3)).to_have_attribute("aria-label", "4, 3: open ground; level 0; move here: 3 strides, 3 strides left")
    expect(page.locator("#board-info")).to_have_text("Move to 4, 3: 3 strides, 3 strides left")
    expect(page.locator("#strikers")).to_have_text("")
    page.locator("#board-panel").screenshot(path=str(artifacts / "walk.png"))
    cell(page, 4, 3).click()
    expect(page.locator("#log li").last).to_have_text("Juno moves to 4, 3 for 3 strides and has 3 strides left.")
    expect(cell(page, 4, 3).locator(".token")).to_have_text("J")
    expect(juno_card.locator(".budgets")).to_have_text(
        "Action 1 · Quick action 1 · Reaction 1 · Movement 3 strides")

    # Walking off from beside the Ogre would leave its reach: that cell turns amber and the
    # Ogre is named under the board.
    expect(page.locator(".prompt-title")).to_have_text("Juno's turn: choose.")
    page.get_by_role("button", name=re.compile(r"^Move")).click()
    away = option(menu(gateway, battle, juno), "move:2,4")["board"]
    assert away["strikes"] == [{"cell": [4, 3], "by": "ogre"}]
    cell(page, 2, 4).hover()
    expect(cell(page, 4, 3)).to_have_class(has_class("amber"))
    expect(page.locator("#strikers")).to_have_text("Would strike at this walk: Ogre (leaving 4, 3)")
    page.locator("#board-panel").screenshot(path=str(artifacts / "amber.png"))
    page.screenshot(path=str(artifacts / "page-walk-amber.png"))
    page.keyboard.press("Escape")
    expect(cell(page, 4, 3)).not_to_have_class(has_class("amber"))

    # Attack: the one target lights up on the board and in the list together.
    page.get_by_role("button", name=re.compile(r"^Reed axe")).click()
    expect(cell(page, 5, 2)).to_have_class(has_class("target"))
    expect(page.locator('#order li[data-combatant="ogre"]')).to_have_class(has_class("target"))
    expect(page.locator('#order li[data-combatant="wren"]')).not_to_have_class(has_class("target"))
    page.locator("#board-panel").screenshot(path=str(artifacts / "target.png"))
    cell(page, 5, 2).click()
    expect(page.locator("#log li").last).to_have_text("Juno attacks Ogre with Reed axe: 4 + 3 = 7 against Guard 9, a miss.")
    expect(page.locator(".prompt-title")).to_have_text("Juno's turn: choose.")
    page.get_by_role("button", name=re.compile(r"^End turn")).click()
    expect(page.locator("#log li").last).to_have_text("Ogre's turn.")
    expect(page.locator("#prompt")).to_contain_text("Waiting on Ogre.")

    # The Game Master walks the Ogre away: Juno is asked, the strike and Pass side by side.
    gm_choose(gateway, created, "move:7,2", "gm-walk")
    expect(page.locator(".prompt-title")).to_have_text(
        "Juno is asked (leaves-reach, set off by Ogre): answer or pass.")
    assert page.locator(".options.window .option-label").all_inner_texts() == [
        "Strike with Reed axe (suggested)", "Pass"]
    page.screenshot(path=str(artifacts / "window.png"))
    page.get_by_role("button", name=re.compile(r"^Pass")).click()
    expect(page.locator("#log li").filter(has_text="Juno lets Ogre go.")).to_have_count(1)
    expect(page.locator("#log li").last).to_have_text(re.compile(r"^Ogre moves to 7, 2 for \d+ strides"))
    expect(cell(page, 7, 2).locator(".token")).to_have_text("O")
    expect(page.locator("#prompt")).to_contain_text("Waiting on Ogre.")

    # Reload: the same log again from the start, the same board, no prompt that is not Juno's.
    before = log_lines(page)
    page.reload()
    expect(page.locator("#log li")).to_have_count(len(before))
    assert log_lines(page) == before
    expect(cell(page, 4, 3).locator(".token")).to_have_text("J")
    expect(page.locator("#prompt")).to_contain_text("Waiting on Ogre.")
    # ... and what arrives after the reload is added as it comes.
    gm_choose(gateway, created, "end-turn", "gm-end")
    expect(page.locator("#log li").filter(has_text="Wren's turn.")).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_spectator_watches_read_only_and_an_area_is_aimed_with_the_keyboard(browser, gateway, artifacts):
    created = gateway.create()
    battle = created["battle"]
    choose(gateway, battle, created["tokens"]["juno"], "end-turn", "juno-end")
    gm_choose(gateway, created, "move:2,3", "gm-close")
    gm_choose(gateway, created, "end-turn", "gm-end")

    watcher = open_page(browser, gateway, battle, created["spectator_token"])
    expect(watcher.locator("#who")).to_have_text("Watching as a spectator (read-only)")
    expect(watcher.locator("#log li").last).to_have_text("Wren's turn.")
    expect(watcher.locator("#prompt")).to_contain_text("Waiting on Wren.")
    expect(watcher.locator("#prompt button")).to_have_count(0)

    page = open_page(browser, gateway, battle, created["tokens"]["wren"])
    expect(page.locator(".prompt-title")).to_have_text("Wren's turn: choose.")
    flare = option(menu(gateway, battle, created["tokens"]["wren"]), "ability:charms:marsh-flare")
    catches = flare["board"]["catches"]
    # An aim point that catches the Ogre and Juno both: allies are caught too.
    aim = next(k for k, who in catches.items() if set(who) == {"ogre", "juno"})
    x, y = (int(v) for v in aim.split(","))
    page.get_by_role("button", name=re.compile(r"^Marsh Flare")).click()
    for ax, ay in flare["board"]["aim"]:
        expect(cell(page, ax, ay)).to_have_class(has_class("aim"))
    # The arrow keys walk the focus from the corner to the aim point; the focused cell previews.
    cell(page, 0, 0).focus()
    for _ in range(x):
        page.keyboard.press("ArrowRight")
    for _ in range(y):
        page.keyboard.press("ArrowDown")
    expect(cell(page, x, y)).to_be_focused()
    expect(page.locator("#board-info")).to_have_text(f"Marsh Flare aimed at {x}, {y} catches Juno, Ogre")
    for who in ("ogre", "juno"):
        expect(page.locator(f'#order li[data-combatant="{who}"]')).to_have_class(has_class("caught"))
    expect(page.locator('#order li[data-combatant="wren"]')).not_to_have_class(has_class("caught"))
    expect(cell(page, x, y)).to_have_attribute("aria-label", re.compile(r"aim here: catches Juno, Ogre$"))
    page.locator("#board-panel").screenshot(path=str(artifacts / "area.png"))
    page.keyboard.press("Enter")
    expect(watcher.locator("#log li").filter(has_text="Marsh Flare")).not_to_have_count(0)
    expect(page.locator("#log li").filter(has_text="Marsh Flare")).not_to_have_count(0)
    assert page.errors == [] and watcher.errors == []  # type: ignore[attr-defined]
