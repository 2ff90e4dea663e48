"""Empowered's `rerolls` over a spell's `plus` parts (spec/mechanics-2.md 1.254: "The dice
considered are the spell's own dice, the dice of each part in `plus`, and, on a critical
hit, the extra dice, as far as the number allows"), on Marinara's 5e package as it ships
with the Metamagic options of tests/combat/metamagic_kit.py. No vendored 5e spell has a
`plus` part, so the test gives Fire Bolt one: 2d6 radiant on a hit.

Sera: spell attack +6, Sorcery Points 5, Fire Bolt 2d10 at level 5; Empowered rerolls up to
3 dice (1 point, it joins). The Zombie: Armor Class 8, 33 hit points.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.combat.kit import Bout, foe, play, ruleset
from tests.combat.metamagic_kit import metamagic_package, sera
from tests.combat.srd_kit import brom, entry
from tests.combat.test_metamagic import EMPOWERED, FIRE_BOLT, START

_RS: list[Any] = []


def rs() -> Any:
    if not _RS:
        pkg = metamagic_package()
        entry(pkg, "spells", "fire-bolt")["mechanics"]["plus"] = [{"dice": "2d6", "type": "radiant"}]
        _RS.append(ruleset(pkg))
    return _RS[0]


def test_empowered_rerolls_the_lowest_dice_across_the_spell_and_its_plus_part():
    # 12 + 6 = 18 against 8: a hit. Fire Bolt 2d10 = 3 + 2 = 5; its plus part 2d6 = 1 + 3 = 4.
    # Below average (5.5 on a d10, 3.5 on a d6): 3 and 2 (d10), 1 and 3 (d6). Lowest first,
    # at most 3: the d6's 1 -> 4, the d10's 2 -> 9, the d10's 3 -> 8; the d6's 3 is the
    # fourth and stays. Fire Bolt 5 - 2 + 9 - 3 + 8 = 17, the plus part 4 - 1 + 4 = 7;
    # 33 - 24 = 9. Sorcery Points 5 - 1 = 4.
    b = Bout(rs(), [sera("empowered"), brom()], [foe("zombie"), foe("goblin")],
             dice=START + [12, 3, 2, 1, 3, 4, 9, 8])
    state, log = play(rs(), b.state, "sera", FIRE_BOLT, "zombie", alters=[EMPOWERED])
    assert log == [
        "Sera spends 1 use of Sorcery Points on Empowered Spell: 4 of 5 left.",
        "Sera's Empowered Spell alters Fire Bolt: up to 3 damage dice rolled again.",
        "Sera uses Fire Bolt on Zombie.",
        "Sera attacks Zombie with Fire Bolt: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Fire Bolt (5 (3 + 2); Empowered Spell rolls 2 → 9 and 3 → 8, 17 in all) deals 17 fire damage to Zombie.",
        "Zombie has 16 of 33 Hit points.",
        "Fire Bolt (4 (1 + 3); Empowered Spell rolls 1 → 4, 7 in all) deals 7 radiant damage to Zombie.",
        "Zombie has 9 of 33 Hit points.",
        "Brom's turn.",
    ]
    assert state.combatant("sera").sheet["live"]["pools"] == {"counters:sorcery-points": 4}


@settings(max_examples=25, deadline=None)
@given(faces=st.lists(st.integers(min_value=1, max_value=10), min_size=2, max_size=2),
       plus=st.lists(st.integers(min_value=1, max_value=6), min_size=2, max_size=2),
       again=st.lists(st.integers(min_value=1, max_value=6), min_size=3, max_size=3))
def test_empowered_rerolls_at_most_three_dice_across_the_parts_lowest_first(faces, plus, again):
    """Whatever the dice, the damage dealt is the four faces (two d10s of Fire Bolt, two d6s
    of its plus part) with the lowest (at most three) of those below their die's average
    (5.5, 3.5) replaced by the rerolled ones; the other dice stand."""
    dice = [(f, 10) for f in faces] + [(f, 6) for f in plus]
    picked = sorted((i for i, (f, sides) in enumerate(dice) if f < (sides + 1) / 2), key=lambda i: dice[i][0])[:3]
    expected = sum(f for f, _s in dice) - sum(dice[i][0] for i in picked) + sum(again[:len(picked)])
    b = Bout(rs(), [sera("empowered"), brom()], [foe("zombie"), foe("goblin")],
             dice=START + [12] + faces + plus + again[:len(picked)])
    _state, log = play(rs(), b.state, "sera", FIRE_BOLT, "zombie", alters=[EMPOWERED])
    # At most 10 + 10 + 6 + 6 = 32 against the Zombie's 33: it always stands.
    assert f"Zombie has {33 - expected} of 33 Hit points." in log
