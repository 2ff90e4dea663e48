"""The board's windows through the gateway (tests/gateway/board_window_battle.py): a walk
that leaves a player's reach (`leaves-reach`) and a fall (`falls`) stop the battle and ask
that player over their socket, the answers and Pass side by side; everyone else is told on
whom it waits and may not answer; a client reconnecting mid-walk is asked the same window
again and the walk resumes from where it stopped.

The GM-controlled Ogre's moves come from the GM's socket here; on real Celery workers
(tests/integration/test_board_windows_celery.py) they come from `battle.director` asking a
scripted GM model, and the same bodies run.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from tests.gateway import board_window_battle as B
from tests.gateway.harness import battle_view, bearer, run, socket, until

#: Makes the GM's move for the Ogre; answers the lines that move adds to the log before it.
GmActs = Callable[[Any, dict[str, Any], str], Awaitable[list[str]]]


async def gm_on_its_socket(client: Any, created: dict[str, Any], kind: str) -> list[str]:
    """The GM moves the Ogre from the GM's own socket (the embedded executor asks there)."""
    option, targets = B.GM_CHOICE[kind]
    async with socket(client, created, created["gm_token"]) as gm:
        _, turn = await until(gm, "prompt", timeout=20)
        assert (turn["actor"], turn["decision"]) == ("ogre", "turn")
        await gm.send_json({"type": "choice", "actor": "ogre", "option_id": option, "targets": targets,
                            "request_id": f"gm-{kind}", "revision": turn["revision"]})
        accepted = await gm.receive_json(timeout=20)
        while accepted["type"] != "accepted":
            accepted = await gm.receive_json(timeout=20)
    return []


def _choice(option: str, revision: int, request_id: str, targets: list[str] | None = None) -> dict[str, Any]:
    return {"type": "choice", "actor": "wren", "option_id": option, "targets": targets or [],
            "request_id": request_id, "revision": revision}


async def _asked(client: Any, gm: GmActs, kind: str, start: list[str], opens: list[str]):
    """Creates the battle, lets the GM make the Ogre's move and reads Wren's window prompt:
    (the battle, the events up to it, the prompt)."""
    created = await B.create(client, kind)
    async with socket(client, created, created["tokens"]["wren"]) as wren:
        said = await gm(client, created, kind)
        events, prompt = await until(wren, "prompt", timeout=30)
    assert B.texts(events) == start + said + opens
    assert (prompt["actor"], prompt["decision"]) == ("wren", "window")
    return created, events, prompt


async def walk_window_answered_after_a_reload(client: Any, gm: GmActs, answer: str) -> None:
    created, events, prompt = await _asked(client, gm, "walk", B.WALK_START, B.WALK_OPENS)
    # The player asked sees the window without its `resume` (the walker's held step); the
    # GM's view of the battle holds it.
    assert prompt["window"] == B.WALK_WINDOW
    gm_view = await battle_view(client, created)
    assert gm_view["state"]["pending"]["window"]["resume"] == B.WALK_RESUME
    assert [o["id"] for o in prompt["options"]] == B.WALK_OPTIONS
    # Juno, not asked, is told the battle waits on Wren.
    async with socket(client, created, created["tokens"]["juno"]) as juno:
        _, told = await until(juno, "waiting", timeout=20)
    assert (told["actor"], told["decision"], told["window"]) == ("wren", "window", B.WALK_WINDOW)
    # Mid-walk the client goes away; a new socket is asked the same window again.
    last = events[-1]["seq"]
    async with socket(client, created, created["tokens"]["wren"], after=last) as wren:
        missed, again = await until(wren, "prompt", timeout=20)
        assert missed == [] and again == prompt
        await wren.send_json(_choice(answer, prompt["revision"], f"wren-{answer}"))
        answered, _ = await until(wren, "waiting", timeout=30)
    assert B.texts(answered) == (B.WALK_PASS if answer == "pass" else B.WALK_STRIKE)
    view = await battle_view(client, created)
    ogre = next(c for c in view["state"]["combatants"] if c["id"] == "ogre")
    wren_now = next(c for c in view["state"]["combatants"] if c["id"] == "wren")
    assert ogre["position"] == [7, 1]
    assert wren_now["budgets"]["reaction"] == (1 if answer == "pass" else 0)
    assert (view["state"]["pending"]["actor"], view["state"]["pending"]["decision"]) == ("ogre", "turn")


async def fall_window_answered_by_the_catcher(client: Any, gm: GmActs, answer: str) -> None:
    created, events, prompt = await _asked(client, gm, "fall", B.FALL_START, B.FALL_OPENS)
    assert B.without_resume(prompt["window"]) == B.FALL_WINDOW
    assert [o["id"] for o in prompt["options"]] == B.FALL_OPTIONS
    catch = next(o for o in prompt["options"] if o["id"] == "ability:charms:feather-fall")
    assert catch["targets"] == ["juno"]
    async with socket(client, created, created["tokens"]["wren"], after=events[-1]["seq"]) as wren:
        _, again = await until(wren, "prompt", timeout=20)
        assert again == prompt
        # The faller is not the one asked: her answer is refused and nothing changes.
        r = await client.post(f"/v1/battles/{created['battle']}/choices", headers=bearer(created["tokens"]["juno"]),
                              json={"actor": "juno", "option_id": "pass", "request_id": "juno-pass",
                                    "revision": prompt["revision"]})
        assert (r.status, await r.json()) == (409, {
            "code": "not-your-turn",
            "message": "a window is open and waits on Wren: only Wren's answer or a Pass is taken now, not Juno's"})
        targets = ["juno"] if answer != "pass" else []
        await wren.send_json(_choice(answer, prompt["revision"], f"wren-{answer}", targets))
        answered, _ = await until(wren, "waiting", timeout=30)
    assert B.texts(answered) == (B.FALL_PASS if answer == "pass" else B.FALL_CAUGHT)
    view = await battle_view(client, created)
    juno = next(c for c in view["state"]["combatants"] if c["id"] == "juno")
    assert juno["position"] == [2, 1]
    assert [h["id"] for h in juno["conditions"]] == (["prone"] if answer == "pass" else ["feather_falling"])


def test_a_walk_leaving_a_players_reach_asks_them_and_resumes_after_a_reload():
    run(lambda client: walk_window_answered_after_a_reload(client, gm_on_its_socket, "pass"))


def test_the_player_strikes_at_the_walker_and_the_walk_goes_on():
    run(lambda client: walk_window_answered_after_a_reload(client, gm_on_its_socket, "attack:kit:lamp-hook"))


def test_a_fall_asks_the_player_who_can_catch_it_over_the_socket():
    run(lambda client: fall_window_answered_by_the_catcher(client, gm_on_its_socket, "ability:charms:feather-fall"))


def test_a_fall_nobody_catches_lands_after_the_players_pass():
    run(lambda client: fall_window_answered_by_the_catcher(client, gm_on_its_socket, "pass"))
