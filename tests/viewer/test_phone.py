"""The viewer on a 390-pixel-wide phone in headless Chromium: the page never scrolls
sideways, every column of the board (the last one too) is on the screen and takes a tap,
and the cells stay square. The screenshot goes to `test-artifacts/viewer/phone.png`."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.viewer.scenario import BOARD, LiveGateway

PHONE = {"width": 390, "height": 844}
TIMEOUT = 15_000


def test_the_page_fits_a_390_pixel_phone_with_the_whole_board_on_screen(browser: Any, gateway: LiveGateway,
                                                                        artifacts: Any) -> None:
    created = gateway.create()
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{gateway.url}/battles/{created['battle']}?token={created['tokens']['juno']}")
    expect(page.locator(".prompt-title")).to_have_text("Juno's turn: choose.")
    width = len(BOARD["rows"][0])
    last = page.locator(f'#board [data-cell="{width - 1},2"]')
    expect(last).to_be_visible()

    # No sideways scrolling: the page is no wider than the phone.
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("document.scrollingElement.clientWidth") == PHONE["width"]
    # Every cell of the first row lies inside the screen, the last column too, square, and
    # the one on top at its centre (a tap there reaches it).
    for x in range(width):
        box = page.locator(f'#board [data-cell="{x},0"]').bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (x, box)
        assert abs(box["width"] - box["height"]) < 1, (x, box)
    box = last.bounding_box()
    assert box is not None
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-cell]').dataset.cell",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert hit == f"{width - 1},2"
    # The board keeps its tokens inside their cells: Juno at 1, 2 and the Ogre at 5, 2.
    for x in (1, 5):
        cell_box = page.locator(f'#board [data-cell="{x},2"]').bounding_box()
        token_box = page.locator(f'#board [data-cell="{x},2"] .token').bounding_box()
        assert cell_box is not None and token_box is not None
        assert token_box["x"] >= cell_box["x"] and token_box["x"] + token_box["width"] <= cell_box["x"] + cell_box["width"]
    page.screenshot(path=str(artifacts / "phone.png"), full_page=True)
    assert errors == []
    page.close()
