"""An item's use answering in a window, and rescuing its owner's roll (spec/mechanics-2.md
1.241 `addsToBlow`, 1.249 `rescue`, 1.250 `lowersRoll`; mechanics-3 1.259 rescue on worn
items; combat-3 "Windows": `reaction`): the use of an item in use (worn, or held when it has
no slots) joins the same answers as an entry's, and is paid through the item (a charge
written back to `live.items` in the same step). Items in tests/combat/item_answers_kit.py
(our own entries on the 5e example with an item catalog).

Dice: the hound's health 5d8 = 20 and initiative first (START), then in the order the log
shows them.
"""

from __future__ import annotations

from typing import Any

from tests.combat import item_answers_kit as IA
from tests.combat.item_kit import brom
from tests.combat.kit import Bout, foe, ruleset
from tests.combat.test_windows import reloaded


def bout(entry: dict[str, Any], member: dict[str, Any], faces: list[int]) -> Bout:
    return Bout(ruleset(IA.answers_package(entry)), [member], [foe("cinder-hound")], dice=IA.START + faces)


def _bitten(entry: dict[str, Any], member: dict[str, Any], faces: list[int]) -> tuple[Bout, list[str]]:
    """Brom ends his turn; the hound bites him."""
    b = bout(entry, member, faces)
    b.choose("brom", "end-turn")
    return b, b.choose("cinder-hound", "action:sear_bite", "brom")


# ---------------------------------------------------------------------------
# reaction: the Ring of Shielding answers a hit
# ---------------------------------------------------------------------------

# The bite 12 + 4 = 16 against Armor Class 16 hits; the bite's damage, if it lands, 1d6 (4)
# + 1 piercing and 1d4 (4) fire.
BITE = [12, 4, 4]


def test_a_worn_ring_answers_a_hit_and_the_bite_misses():
    b, events = _bitten(IA.RING_OF_SHIELDING, IA.wearing("ring-of-shielding"), BITE)
    assert events == [
        "Cinder Hound attacks Brom with Searing bite: 12 + 4 = 16 against Armor Class 16, a hit.",
        "The fight waits: Cinder Hound's Searing bite (16 against Armor Class 16) hits Brom. Asked in turn: Brom.",
    ]
    assert list(b.options("brom")) == ["item:ring-of-shielding", "pass"]
    # Shielded's + 5 makes Armor Class 21: 16 now misses. One charge of three is spent.
    assert b.choose("brom", "item:ring-of-shielding") == [
        "Brom answers with Ring of Shielding.",
        "Brom spends 1 charge of Ring of Shielding: 2/3 charges.",
        "Brom uses Ring of Shielding on Brom.",
        "Brom is Shielded for 1 round.",
        "Cinder Hound's Searing bite: 16 against Brom's Armor Class 21 now, now misses.",
        "Round 2.",
        "Brom's turn.",
        "Brom is no longer Shielded: its time is up.",
    ]
    brom_ = b.who("brom")
    assert brom_.sheet["live"]["items"] == [{"item": "items/ring-of-shielding", "worn": True, "charges": 2}]
    assert brom_.sheet["live"].get("pools", {}).get("hp", 28) == 28


def test_the_ring_answers_only_while_worn_and_charged():
    # Carried but not worn, or worn with no charge left: no window, the bite deals 4 + 1 = 5
    # piercing and 4 fire, 28 - 9 = 19.
    for line in ({"worn": False}, {"charges": 0}):
        _, events = _bitten(IA.RING_OF_SHIELDING, IA.wearing("ring-of-shielding", **line), BITE)
        assert not any(e.startswith("The fight waits") for e in events), line
        assert "Brom has 19 of 28 Hit points." in events, line


def test_a_ring_answer_reloaded_mid_window_gives_the_same_events():
    def run(reload: bool) -> list[str]:
        b, _ = _bitten(IA.RING_OF_SHIELDING, IA.wearing("ring-of-shielding"), BITE)
        if reload:
            reloaded(b)
        b.choose("brom", "item:ring-of-shielding")
        return b.log + [repr(b.who("brom").sheet["live"]["items"])]

    assert run(True) == run(False)


# ---------------------------------------------------------------------------
# addsToBlow: the Thunder Gauntlet joins Brom's own hit
# ---------------------------------------------------------------------------


def test_the_gauntlet_joins_its_2d6_to_broms_own_hit():
    # Longsword 12 + 5 = 17 against Armor Class 12; 1d8 (5) + 3 = 8 slashing, 20 - 8 = 12;
    # the gauntlet's 2d6 (3 + 4) = 7 thunder rolled as the blow lands, 12 - 7 = 5.
    b = bout(IA.THUNDER_GAUNTLET, IA.wearing("thunder-gauntlet"), [12, 5, 3, 4])
    assert b.choose("brom", "attack:attacks:longsword", "cinder-hound") == [
        "Brom attacks Cinder Hound with Longsword: 12 + 5 = 17 against Armor Class 12, a hit.",
        "The fight waits: Brom's Longsword (17 against Armor Class 12) hits Cinder Hound. Asked in turn: Brom.",
    ]
    assert b.choose("brom", "item:thunder-gauntlet") == [
        "Brom answers with Thunder Gauntlet.",
        "Brom spends 1 charge of Thunder Gauntlet: 2/3 charges.",
        "Brom's Thunder Gauntlet joins the blow on Cinder Hound.",
        "Longsword (5 + 3 = 8) deals 8 slashing damage to Cinder Hound.",
        "Cinder Hound has 12 of 20 Hit points.",
        "Thunder Gauntlet (7 (3 + 4)) deals 7 thunder damage to Cinder Hound.",
        "Cinder Hound has 5 of 20 Hit points.",
        "Cinder Hound's turn.",
    ]
    assert b.who("brom").sheet["live"]["items"] == [{"item": "items/thunder-gauntlet", "worn": True, "charges": 2}]


# ---------------------------------------------------------------------------
# lowersRoll: the Brooch of Misdirection takes 1d6 off a hit on its wearer
# ---------------------------------------------------------------------------


def test_the_brooch_takes_3_off_the_bite_and_it_misses():
    b, _ = _bitten(IA.BROOCH_OF_MISDIRECTION, IA.wearing("brooch-of-misdirection"), [12, 3])
    assert list(b.options("brom")) == ["item:brooch-of-misdirection", "pass"]
    # 16 - 3 = 13 against Armor Class 16.
    assert b.choose("brom", "item:brooch-of-misdirection") == [
        "Brom answers with Brooch of Misdirection.",
        "Brom spends 1 charge of Brooch of Misdirection: 2/3 charges.",
        "Brom uses Brooch of Misdirection on Cinder Hound.",
        "Brom's Brooch of Misdirection takes 3 (1d6) off Cinder Hound's roll: 13 now.",
        "Cinder Hound's Searing bite: 13 against Brom's Armor Class 16 now, now misses.",
        "Round 2.",
        "Brom's turn.",
    ]


def test_the_engine_spends_the_brooch_only_when_its_6_turns_the_hit():
    # The hound first this time (initiative 15 + 1 against Brom's 1 + 1). 12 + 4 = 16, less
    # the brooch's highest 6 = 10, would miss Armor Class 16: spent. 19 + 4 = 23 - 6 = 17
    # would still hit: kept.
    for face, spent in ((12, True), (19, False)):
        member = IA.wearing("brooch-of-misdirection")
        member["controller"] = "engine"
        b = Bout(ruleset(IA.answers_package(IA.BROOCH_OF_MISDIRECTION)), [member], [foe("cinder-hound")],
                 dice=[4] * 5 + [1, 15, face, 3, 4, 4])
        events = b.choose("cinder-hound", "action:sear_bite", "brom")
        assert ("Brom answers with Brooch of Misdirection." in events) is spent, (face, events)


# ---------------------------------------------------------------------------
# rescue: the Ring of Evasion (mechanics-3 1.259)
# ---------------------------------------------------------------------------


def _breathed_on(member: dict[str, Any]) -> list[str]:
    # Ember breath 2d6 (3 + 4) = 7 fire; Brom's Dex save 5 + 1 = 6 against 12 fails.
    b = bout(IA.RING_OF_EVASION, member, [3, 4, 5])
    b.choose("brom", "end-turn")
    return b.choose("cinder-hound", "action:ember_breath", "brom")


def test_the_ring_of_evasion_turns_a_failed_dex_save_into_a_success_for_a_charge():
    member = IA.wearing("ring-of-evasion")
    events = _breathed_on(member)
    # Made: half of 7 = 3, 28 - 3 = 25.
    assert events == [
        "Cinder Hound uses Ember breath on Brom.",
        "Brom rolls a Dexterity save against Ember breath: 5 + 1 = 6 against 12, a failure.",
        "Brom spends Ring of Evasion on the failed roll.",
        "Brom spends 1 charge of Ring of Evasion: 2/3 charges.",
        "Brom's Ring of Evasion turns it around: a success.",
        "Ember breath (7 (3 + 4), halved by the save) deals 3 fire damage to Brom.",
        "Brom has 25 of 28 Hit points.",
        "Round 2.",
        "Brom's turn.",
    ]


def test_the_ring_of_evasion_is_never_on_the_menu_and_is_not_spent_unworn():
    assert "item:ring-of-evasion" not in bout(IA.RING_OF_EVASION, IA.wearing("ring-of-evasion"), []).options("brom")
    # In the pack: the save stays failed, all 7 fire, 28 - 7 = 21.
    events = _breathed_on(brom(items=[{"item": "items/ring-of-evasion"}]))
    assert "Brom spends Ring of Evasion on the failed roll." not in events
    assert "Brom has 21 of 28 Hit points." in events
