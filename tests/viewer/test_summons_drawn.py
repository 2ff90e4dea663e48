"""The viewer draws summons (docs/viewer.md): Ilsa's Spiritual Weapon cast at the Cinder Hound
(tests/combat/test_summons.py's 5e board, created on the live gateway) marks its cell 2, 1
with its initial, the list under the turn order says "Spiritual Weapon, 10 rounds (Ilsa)", the
cell's label names it, and on her next turn "Strike with Spiritual Weapon" lights the Hound and
is sent with the Hound clicked. Screenshots go to `test-artifacts/viewer/`."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.combat import test_summons as TS
from tests.combat import zones_kit as ZK
from tests.viewer.scenario import LiveGateway
from tests.viewer.test_page_plays import cell, has_class, open_page
from tests.viewer.test_zones_drawn import _post, _until_ilsa

CAST = {"option_id": TS.CAST, "targets": ["cinder-hound"]}


def _create(gateway: LiveGateway) -> dict[str, Any]:
    ilsa = TS.ilsa([1, 1]) | {"player": "ilsa"}
    foes = [f | {"controller": "gm"} for f in ZK.foes(hound=[3, 1])]
    status, created = gateway.call("POST", "/v1/battles", {"package": TS.package(), "party": [ilsa], "foes": foes,
                                                           "board": TS.WALLED, "seed": 5})
    assert status == 201, created
    return created


def test_a_summon_is_marked_listed_and_strikes_from_the_page(browser, gateway, artifacts):
    created = _create(gateway)
    _until_ilsa(gateway, created, "gm-a")
    _post(gateway, created, created["tokens"]["ilsa"], CAST, "ilsa-cast")
    page = open_page(browser, gateway, created["battle"], created["tokens"]["ilsa"])
    expect(page.locator("#summons li")).to_have_text(["Spiritual Weapon, 10 rounds (Ilsa)"])
    expect(cell(page, 2, 1)).to_have_class(has_class("summon"))
    expect(cell(page, 2, 1).locator(".summon-mark")).to_have_text("S")
    expect(cell(page, 3, 1)).not_to_have_class(has_class("summon"))
    expect(cell(page, 2, 1)).to_have_attribute("aria-label", re.compile(r"; Ilsa's Spiritual Weapon, 10 rounds$"))
    page.locator("#board-panel").screenshot(path=str(artifacts / "summon.png"))

    _post(gateway, created, created["tokens"]["ilsa"], {"option_id": "end-turn", "targets": []}, "ilsa-end")
    _until_ilsa(gateway, created, "gm-b")
    page.get_by_role("button", name=re.compile(r"^Strike with Spiritual Weapon")).click()
    expect(cell(page, 3, 1)).to_have_class(has_class("target"))
    cell(page, 3, 1).click()
    expect(page.locator("#log li").filter(has_text="Ilsa's Spiritual Weapon strikes at Cinder Hound.")).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]
