"""The viewer draws a creature bigger than one cell as one token over its whole square
(docs/viewer.md; mechanics-1 1.194): the SRD Ogre (Large: 2 cells a side) of
tests/combat/sizes_kit.py set down on 5, 5, created on the live gateway. Its token is on its
top-left cell, spans about two cells, and the other three cells of its square are marked as
its body. Screenshots go to `test-artifacts/viewer/`."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.combat import sizes_kit as SK
from tests.combat import zones_kit as ZK
from tests.combat.kit import foe
from tests.viewer.scenario import LiveGateway
from tests.viewer.test_page_plays import cell, has_class, open_page


def _create(gateway: LiveGateway) -> dict[str, Any]:
    party = [ZK.ilsa([0, 0]) | {"player": "ilsa"}, SK.brom([7, 7]) | {"player": "brom"}]
    foes = [foe("ogre", position=[5, 5]) | {"controller": "gm"}]
    status, created = gateway.call("POST", "/v1/battles", {"package": SK.package(), "party": party, "foes": foes,
                                                           "board": SK.BOARD, "seed": 5})
    assert status == 201, created
    return created


def test_a_large_ogre_is_one_token_over_its_four_cells(browser, gateway, artifacts):
    created = _create(gateway)
    page = open_page(browser, gateway, created["battle"], created["tokens"]["ilsa"])
    token = cell(page, 5, 5).locator(".token")
    expect(token).to_have_class(has_class("big"))
    expect(token).to_have_attribute("data-cells", "2")
    for x, y in ((6, 5), (5, 6), (6, 6)):
        expect(cell(page, x, y)).to_have_class(has_class("body"))
        expect(cell(page, x, y)).to_have_attribute("data-who", "ogre")
        expect(cell(page, x, y).locator(".token")).to_have_count(0)
    expect(cell(page, 7, 7).locator(".token")).not_to_have_class(has_class("big"))
    box, one = token.bounding_box(), cell(page, 5, 5).bounding_box()
    assert box is not None and one is not None and box["width"] > 1.5 * one["width"]
    page.locator("#board-panel").screenshot(path=str(artifacts / "ogre.png"))
    assert page.errors == []  # type: ignore[attr-defined]
