"""Attack rolls a condition changes by the kind of attack and by whom it is aimed at:
`attacks`, `blow` and `ability` on an `attacks` modifier (1.247, 1.188: Reckless Attack's
`reckless`), and `atSource` (1.185: Chill Touch, the holder's attacks against whoever
applied the condition roll twice). The menu's hit chance reads the same numbers. See
conditions_kit.py for the numbers (Lantern Marsh: 1d12, advantage rolls twice)."""

from __future__ import annotations

from fractions import Fraction

from tests.combat.conditions_kit import AXE, HOOK, base, charm, condition, juno_marsh, juno_wren_vs

SPEAR = "attack:kit:reed-spear"
HOLY = "ability:charms:holy-water"
NIP = "action:nip"


def _pkg() -> dict:
    pkg = base()
    condition(pkg, "reckless", modifiers=[{"to": "attacks", "mode": "advantage", "ability": "might",
                                           "attacks": "weapon", "blow": "melee"}])
    condition(pkg, "focused", modifiers=[{"to": "attacks", "attacks": "spell", "flat": 2}])
    condition(pkg, "chilled", modifiers=[{"to": "attacks", "mode": "disadvantage", "atSource": True}])
    charm(pkg, "holy-water", {"kind": "attack", "targets": "enemy", "attackRoll": True, "amount": {"dice": "1d4"},
                              "damageType": "cut"})
    return pkg


def _juno() -> dict:
    return juno_marsh(lists={"kit": [{"name": "Reed axe", "rolls": "might", "damage": "1d8", "harm": "cut"},
                                     {"name": "Reed spear", "rolls": "nerve", "damage": "1d6", "harm": "cut"}]})


def _odds(to_hit: int, defense: int, mode: str = "normal") -> float:
    """Lantern Marsh's chance to hit: 1d12 + to_hit reaching defense, 12 always hits, 1 always misses."""
    hits = [f >= 12 or (f > 1 and f + to_hit >= defense) for f in range(1, 13)]
    p = Fraction(sum(hits), 12)
    if mode == "advantage":
        p = 1 - (1 - p) ** 2
    elif mode == "disadvantage":
        p = p * p
    return round(float(p), 4)


def test_reckless_rolls_a_might_weapon_swing_twice_and_nothing_else():
    b = juno_wren_vs(_pkg(), ["stoat"], [2, 9, 5], juno=_juno())
    b.put("juno", "reckless", rounds=1)
    options = b.options("juno")
    assert options[AXE].forecasts[0].hit == _odds(3, 8, "advantage") == 0.8889
    # The spear is swung with Nerve: the modifier's `ability` leaves it alone.
    assert options[SPEAR].forecasts[0].hit == _odds(1, 8) == 0.5
    lines = b.choose("juno", AXE, "stoat")
    assert lines[0] == "Juno attacks Stoat with Reed axe: 9 (advantage; dropped 2) + 3 = 12 against Guard 8, a hit."


def test_a_spell_attack_modifier_reaches_a_charm_and_not_a_weapon():
    b = juno_wren_vs(_pkg(), ["stoat"], [5, 2], charms=("holy-water",))
    b.put("wren", "focused", rounds=3)
    b.choose("juno", "end-turn")
    options = b.options("wren")
    assert options[HOLY].forecasts[0].hit == _odds(7, 8) == 0.9167
    assert options[HOOK].forecasts[0].hit == _odds(0, 8) == 0.4167
    lines = b.choose("wren", HOLY, "stoat")
    assert lines[1] == "Wren attacks Stoat with Holy Water: 5 + 5 + 2 (Focused) = 12 against Guard 8, a hit."


def test_at_source_rolls_twice_only_against_whoever_applied_the_condition():
    b = juno_wren_vs(_pkg(), ["stoat"], [4, 9])
    b.put("stoat", "chilled", rounds=1, source="wren")
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    nip = b.options("stoat")[NIP]
    chances = {fc.target: fc.hit for fc in nip.forecasts}
    # Juno's Guard 8 and Wren's Guard 8: only against Wren, who chilled it, is the roll worse.
    assert chances == {"juno": _odds(2, 8), "wren": _odds(2, 8, "disadvantage")} == {"juno": 0.5833, "wren": 0.3403}
    lines = b.choose("stoat", NIP, "wren")
    assert lines[0] == "Stoat attacks Wren with Nip: 4 (disadvantage; dropped 9) + 2 = 6 against Guard 8, a miss."
