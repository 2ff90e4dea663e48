"""Character sheet commands in a Game Master reply, on upstream content with numbers worked
out by hand: Gravewatch's Harm track (four levels, knocks and tears), its Light state, its
conditions and rests (Ada: every ability 2, so Resolve is 2 + 2 = 4), and the 5e example
(Brom: 28 hit points, 3 hit dice, exhaustion 0..6; Mira: 4 1st-level and 2 3rd-level
slots, 5 hit dice). Every command is answered `result="ok" now=...` or refused with the
sheet's own reason, and a refused command changes nothing."""

from __future__ import annotations

from shared.dice import ScriptedRoller
from shared.games.reply import apply_reply
from shared.ruleset.load import load_package
from shared.games.state import normal_state
from tests.conftest import needs_upstream
from tests.games.upstream_games import FIVE_E, GRAVEWATCH, ada, brom, mira, package, ruleset

pytestmark = needs_upstream


def steps(name: str, members: list, tags: list[str]) -> list[str]:
    """Each tag applied in turn (one reply each, continuing the state): the receipt's now or reason."""
    state: dict = {}
    out = []
    for tag in tags:
        outcome = apply_reply(ruleset(name), state, tag, members)
        receipt = outcome.receipts[0]
        if receipt["result"] == "refused":
            # A refused command changes nothing.
            assert outcome.state == normal_state(state), tag
        out.append(receipt.get("now") or "refused " + receipt["reason"])
        state = outcome.state
    return out


def test_gravewatch_harm_marks_heals_by_kind_and_states():
    assert steps(GRAVEWATCH, [ada()], [
        '[sheet: who="Ada" op="damage" track="harm" kind="knock" amount="2"]',
        '[sheet: who="ada" op="damage" track="Harm" kind="tear" amount="1"]',
        '[sheet: who="Ada" op="damage" track="harm" kind="knock" amount="-1"]',
        '[sheet: who="Ada" op="damage" track="harm" amount="1"]',
        '[sheet: who="Ada" op="damage" track="harm" kind="burn" amount="1"]',
        '[sheet: who="Ada" op="track" track="harm" by="1"]',
        '[sheet: who="Ada" op="state" state="Light" value="Out"]',
        '[sheet: who="Ada" op="state" state="Mood" value="calm"]',
        '[sheet: who="Ada" op="state" state="light" value="dim"]',
        '[sheet: who="Ada" op="condition" condition="Rattled" state="on"]',
        '[sheet: who="Ada" op="spend" pool="resolve" amount="3"]',
        '[sheet: who="Ada" op="spend" pool="resolve" amount="2"]',
        '[sheet: who="Ada" op="rest" rest="breather"]',
        '[sheet: who="Ada" op="condition" condition="rattled"]',
        '[sheet: who="Ada" op="rest" rest="Stand down from the vigil"]',
    ]) == [
        # Two knocks fill Scuffed and Winded; a tear takes the top and pushes them down.
        "2/4 Winded",
        "3/4 Bleeding",
        # Healing a kind clears only that kind: one knock goes, the tear stays.
        "2/4 Winded",
        "refused no-kind",
        "refused unknown-kind",
        "refused harm-track",
        "Out",
        "refused unknown-state",
        "refused unknown-value",
        "on",
        "1/4",
        "refused insufficient",
        # Catch your breath mends knocks and leaves the tear.
        "Resolve 1/4, Harm 1/4 Scuffed",
        "on",
        # Standing down: Resolve to max, Harm to none, the light lit again, Rattled cleared.
        "Resolve 4/4, Harm 0/4 clear",
    ]


def test_after_the_vigil_nothing_is_stored_for_the_member():
    text = ('[sheet: who="Ada" op="damage" track="harm" kind="tear" amount="1"]'
            '[sheet: who="Ada" op="state" state="light" value="shuttered"]'
            '[sheet: who="Ada" op="condition" condition="rattled" state="on"]')
    hurt = apply_reply(ruleset(GRAVEWATCH), {}, text, [ada()])
    assert hurt.state["members"] == {"ada": {"marks": {"harm": ["tear"]}, "conditions": ["rattled"],
                                             "states": {"light": "shuttered"}}}
    rested = apply_reply(ruleset(GRAVEWATCH), hurt.state, '[sheet: who="Ada" op="rest" rest="vigil"]', [ada()])
    assert "members" not in rested.state


def test_5e_pools_temp_tracks_conditions_notes():
    assert steps(FIVE_E, [brom(), mira()], [
        '[sheet: who="Brom" op="damage" pool="hp" amount="5"]',
        '[sheet: who="Brom" op="temp" pool="hp" amount="5"]',
        '[sheet: who="Brom" op="damage" pool="hp" amount="7"]',
        '[sheet: who="Brom" op="heal" pool="Hit points" amount="100"]',
        '[sheet: who="Brom" op="damage" pool="hp" amount="-3"]',
        '[sheet: who="Brom" op="damage" pool="hp" amount="lots"]',
        '[sheet: who="Brom" op="mark" track="exhaustion" amount="2"]',
        '[sheet: who="Brom" op="clear" track="Exhaustion"]',
        '[sheet: who="Brom" op="mark" track="exhaustion" kind="knock"]',
        '[sheet: who="Brom" op="track" track="exhaustion" to="max"]',
        '[sheet: who="Brom" op="mark" track="sanity"]',
        '[sheet: who="Brom" op="condition" condition="Poisoned" set]',
        '[sheet: who="Brom" op="condition" condition="poisoned" clear]',
        '[sheet: who="Brom" op="condition" condition="cursed" set]',
        '[sheet: who="Mira" op="note" field="concentration" value="Bless"]',
        '[sheet: who="Mira" op="spend" pool="3rd-level slots"]',
        '[sheet: who="Mira" op="restore" pool="slots_3" amount="5"]',
        '[sheet: who="Brom" op="advance" field="level" by="1"]',
        '[sheet: who="Brom" op="dance"]',
        '[sheet: who="Brom" op="spend" pool="hp" field="level"]',
        '[sheet: who="Brom" op="spend" pool="hp" mood="grim"]',
        '[sheet: who="Tam" op="spend" pool="hp"]',
        '[sheet: op="spend" pool="hp"]',
    ]) == [
        "23/28",
        "23/28 +5 temp",
        # The 5 temporary points soak first: 23 - 2 = 21.
        "21/28",
        "28/28",
        "refused bad-amount",
        "refused bad-amount",
        "2/6",
        "1/6",
        "refused bad-command",
        "6/6",
        "refused unknown-track",
        "on",
        "off",
        "refused unknown-condition",
        "Bless",
        "1/2",
        "2/2",
        "refused no-advancement",
        "refused unknown-op: the sheet commands are spend, restore, temp, damage, heal, mark, clear, track, "
        "condition, state, note, rest, consume, charge, recharge, advance",
        "refused spend takes no field",
        "refused a sheet tag takes no mood",
        "refused unknown-character",
        "refused unknown-character",
    ]


def test_a_5e_long_rest_restores_half_the_hit_dice_at_least_one():
    novice = brom(level=1, hp_max=12)
    novice["name"] = "Wren"
    members = [brom(), mira(), novice]
    text = ('[sheet: who="Brom" op="damage" pool="hp" amount="10"] [sheet: who="Brom" op="spend" pool="hit_dice" amount="3"]'
            '[sheet: who="Brom" op="mark" track="exhaustion" amount="2"] [sheet: who="Mira" op="spend" pool="hit_dice" amount="5"]'
            '[sheet: who="Mira" op="spend" pool="slots_1" amount="4"] [sheet: who="Wren" op="spend" pool="hit_dice"]'
            '[sheet: who="Mira" op="note" field="concentration" value="Bless"]')
    spent = apply_reply(ruleset(FIVE_E), {}, text, members)
    assert [r["now"] for r in spent.receipts] == ["18/28", "0/3", "2/6", "0/5", "0/4", "0/1", "Bless"]
    rested = apply_reply(ruleset(FIVE_E), spent.state, '[sheet: who="party" op="rest" rest="Long rest"]', members)
    # Hit dice: Brom 3 // 2 = 1, Mira 5 // 2 = 2, Wren 1 // 2 = 0 raised to the minimum 1.
    # Exhaustion goes down one level; hit points and slots come back in full.
    assert rested.receipts == [{"tag": "sheet", "result": "ok", "now": (
        "Brom Hit points 28/28, Hit dice 1/3, Exhaustion 1/6; "
        "Mira Hit points 32/32, Hit dice 2/5, 1st-level slots 4/4, 3rd-level slots 2/2; "
        "Wren Hit points 12/12, Hit dice 1/1")}]
    assert rested.state["members"] == {"brom": {"pools": {"hit_dice": 1}, "tracks": {"exhaustion": 1}},
                                       "mira": {"pools": {"hit_dice": 2}}}
    # Concentration ends with a long rest.
    assert "text" not in rested.state["members"]["mira"]


def test_who_party_is_all_or_nothing():
    members = [brom(), mira()]
    # Brom has no slots (he casts nothing): the whole command is refused, Mira keeps hers.
    out = apply_reply(ruleset(FIVE_E), {}, '[sheet: who="party" op="spend" pool="slots_1"]', members)
    assert out.receipts == [{"tag": "sheet", "result": "refused", "reason": "unknown-pool: Brom",
                             "message": "Brom: there is no pool 'slots_1' on this sheet"}]
    assert out.text.endswith('result="refused" reason="unknown-pool: Brom"]')
    assert out.state == normal_state({})


def test_at_most_forty_commands_together_with_the_clock_tags():
    # The 5e example has no clocks: each clock tag is refused, and still counts as a command.
    text = '[clock: name="Alarm" size="4"]' * 20 + '[sheet: who="Brom" op="damage" pool="hp" amount="1"]' * 21
    out = apply_reply(ruleset(FIVE_E), {}, text, [brom()])
    assert out.receipts[19] == {"tag": "clock", "result": "refused", "reason": "this ruleset has no clocks"}
    # The 20 sheet commands that fit: 28 - 20 = 8.
    assert out.receipts[39] == {"tag": "sheet", "result": "ok", "now": "8/28"}
    assert out.receipts[40] == {"tag": "sheet", "result": "refused",
                                "reason": "at most 40 commands are applied per reply"}
    assert out.state["members"] == {"brom": {"pools": {"hp": 8}}}


def test_a_long_rest_under_mummy_rot_rolls_the_games_dice():
    """The 5e example with the spec's Mummy Rot (mechanics-3 1.260) held by Brom (28 hit
    points): `[sheet: op="rest"]` takes the reply's dice, 3d6 = 4 + 5 + 6 = 15 after the rest
    filled hit points: the maximum and the current 28 - 15 = 13."""
    pkg = package(FIVE_E)
    pkg["sheet"]["live"]["conditions"].append({"id": "mummy_rot", "label": "Mummy rot"})
    pkg["combat"]["conditions"].append({"condition": "mummy_rot", "kinds": ["disease"], "onRest": {
        "rests": ["long"], "lowersMax": {"dice": "3d6"}, "lasting": True}})
    rs = load_package(pkg)
    rotting = apply_reply(rs, {}, '[sheet: who="Brom" op="condition" condition="mummy_rot" state="on"]', [brom()])
    rested = apply_reply(rs, rotting.state, '[sheet: who="Brom" op="rest" rest="long"]', [brom()],
                         roller=ScriptedRoller([4, 5, 6]))
    assert rested.receipts[0]["result"] == "ok"
    # Full at the lowered maximum, so no current amount is stored; the seal is.
    assert rested.state["members"]["brom"]["sealed"] == {"hp": {"lasting": 15}}
    assert rested.receipts[0]["now"] == "Hit points 13/13, Hit dice 3/3"
