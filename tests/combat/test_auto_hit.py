"""`autoHit` with `attackRoll` both true: accepted, as upstream accepts it, and played as
`autoHit` alone: the entry lands with no attack roll."""

from __future__ import annotations

from tests.combat.extras_kit import add_knack, juno, knack_roads
from tests.combat.kit import Bout, foe, ruleset

FLARE = {"kind": "attack", "autoHit": True, "amount": {"dice": "1d6", "flat": 1}}


def _bout(mechanics: dict) -> Bout:
    pkg = knack_roads()
    add_knack(pkg, "flare", "Flare", mechanics)
    # Initiative 6 + 6 for Juno and 1 + 1 for the jackal, then the damage die alone: 4.
    return Bout(ruleset(pkg), [juno("flare")], [foe("rust-jackal")], dice=[6, 6, 1, 1, 4])


def test_auto_hit_with_attack_roll_lands_with_no_roll():
    both = _bout({**FLARE, "attackRoll": True})
    option = both.options("juno")["ability:knacks:flare"]
    # A sure hit: 1d6 + 1 averages 3.5 + 1 = 4.5, with a chance to hit of 1.
    assert (option.forecasts[0].hit, option.forecasts[0].damage) == (1.0, 4.5)
    lines = both.choose("juno", "ability:knacks:flare", "rust-jackal")
    # No attack line and no die for a roll: the one damage die, 4 + 1 = 5.
    assert lines[1] == "Flare (4 + 1 = 5) deals 5 damage to Rust jackal."
    assert both.dice_left() == 0


def test_auto_hit_with_attack_roll_plays_as_auto_hit_alone():
    both = _bout({**FLARE, "attackRoll": True})
    alone = _bout(FLARE)
    assert both.choose("juno", "ability:knacks:flare", "rust-jackal") == alone.choose(
        "juno", "ability:knacks:flare", "rust-jackal")
