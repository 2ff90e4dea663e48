"""The viewer draws lasting zones (docs/viewer.md): Ilsa's Moonbeam on the Thorn Lurker
(tests/combat/zones_kit.py's 5e board, created on the live gateway) tints its cell, the list
under the turn order says "Moonbeam, 10 rounds (Ilsa)", a cell's label says it is in it, and
on her next turn "Move Moonbeam" lights the cells it may go to and is sent with the cell
clicked. Screenshots go to `test-artifacts/viewer/`."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from tests.combat import zones_kit as ZK
from tests.viewer.scenario import LiveGateway
from tests.viewer.test_page_plays import cell, has_class, menu, open_page

CAST = {"option_id": "ability:spells:moonbeam", "targets": [], "cell": [5, 2]}


def _create(gateway: LiveGateway) -> dict[str, Any]:
    ilsa = ZK.ilsa([0, 2]) | {"player": "ilsa"}
    foes = [f | {"controller": "gm"} for f in ZK.foes([5, 2], [8, 2])]
    status, created = gateway.call("POST", "/v1/battles", {"package": ZK.package(), "party": [ilsa], "foes": foes,
                                                           "board": ZK.BOARD, "seed": 5})
    assert status == 201, created
    return created


def _post(gateway: LiveGateway, created: dict[str, Any], token: str, choice: dict[str, Any], request_id: str) -> None:
    battle = created["battle"]
    view = menu(gateway, battle, token)
    status, body = gateway.call("POST", f"/v1/battles/{battle}/choices", token=token, body={
        "actor": view["actor"], "request_id": request_id, "revision": view["revision"], **choice})
    assert status in (200, 202), body
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        _status, body = gateway.call("GET", f"/v1/battles/{battle}/choices/{request_id}", token=token)
        if body["status"] == "applied":
            return
        assert body["status"] == "queued", body
        time.sleep(0.02)
    raise AssertionError(f"{request_id} was not applied in time")


def _until_ilsa(gateway: LiveGateway, created: dict[str, Any], tag: str) -> None:
    """The Game Master ends the foes' turns until Ilsa decides."""
    for n in range(6):
        view = menu(gateway, created["battle"], created["gm_token"])
        if not view.get("yours"):
            return
        _post(gateway, created, created["gm_token"], {"option_id": "end-turn", "targets": []}, f"{tag}-{n}")


def test_a_zone_is_tinted_listed_and_moved_from_the_page(browser, gateway, artifacts):
    created = _create(gateway)
    _until_ilsa(gateway, created, "gm-a")
    _post(gateway, created, created["tokens"]["ilsa"], CAST, "ilsa-cast")
    page = open_page(browser, gateway, created["battle"], created["tokens"]["ilsa"])
    expect(page.locator("#zones li")).to_have_text(["Moonbeam, 10 rounds (Ilsa)"])
    expect(cell(page, 5, 2)).to_have_class(has_class("zone"))
    expect(cell(page, 4, 2)).not_to_have_class(has_class("zone"))
    expect(cell(page, 5, 2)).to_have_attribute("aria-label", re.compile(r"; in Moonbeam, 10 rounds$"))
    page.locator("#board-panel").screenshot(path=str(artifacts / "zone.png"))

    _post(gateway, created, created["tokens"]["ilsa"], {"option_id": "end-turn", "targets": []}, "ilsa-end")
    _until_ilsa(gateway, created, "gm-b")
    # Her casting turn did not count (1.172, as for a summon): still 10 rounds on her next turn.
    expect(page.locator("#zones li")).to_have_text(["Moonbeam, 10 rounds (Ilsa)"])
    move = page.get_by_role("button", name=re.compile(r"^Move Moonbeam"))
    move.click()
    expect(cell(page, 8, 2)).to_have_class(has_class("aim"))
    expect(cell(page, 5, 2)).not_to_have_class(has_class("aim"))
    cell(page, 8, 2).hover()
    expect(page.locator("#board-info")).to_have_text("Move Moonbeam to 8, 2 reaches Cinder Hound")
    cell(page, 8, 2).click()
    expect(page.locator("#log li").filter(has_text="Ilsa moves Moonbeam 15 ft to 8, 2.")).to_have_count(1)
    expect(cell(page, 8, 2)).to_have_class(has_class("zone"))
    expect(cell(page, 5, 2)).not_to_have_class(has_class("zone"))
    assert page.errors == []  # type: ignore[attr-defined]
