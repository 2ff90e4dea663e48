"""`battle use`, run as the console script, on the vendored Ember Roads and 5e SRD packages
(spec/abilities.md; issue 22 section 1's own numbers; the characters are
tests/gateway/test_game_uses.py's, their arithmetic worked out there).

Tobin: Grit 2 of 6, Last Ember costs 1 Grit and its one trick use and heals 3: 2 - 1 + 3 = 4.
Mira: Fireball from a 4th-level slot is 9d6; the scripted faces 6, 5, 4, 3, 2, 1, 6, 5, 4
sum to 36, and the typical CR 1 enemy's Dexterity save, a scripted 15, beats her DC 14:
half of 36, 18 fire damage."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.combat.item_kit import RING_OF_PROTECTION
from tests.combat.item_kit import item_package as example_with_items
from tests.combat.test_items_used import POTION_OF_HEALING, WAND_OF_SPARKS
from tests.conftest import ROOT, UPSTREAM
from tests.gateway.test_game_item_uses import CARRIED, FIRST, member
from tests.gateway.test_game_uses import mira, tobin

EMBER = str(UPSTREAM / "ember-roads.json")
SRD = str(UPSTREAM / "5e-srd")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "battle", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_last_ember_heals_tobin_3_and_a_second_use_is_spent_until_the_next_camp(tmp_path):
    path, after = tmp_path / "tobin.json", tmp_path / "after.json"
    path.write_text(json.dumps(tobin()))
    res = run("use", "-r", EMBER, str(path), "last ember", "--out", str(after))
    assert (res.returncode, res.stderr) == (0, "")
    assert res.stdout == ('[use: who="Tobin" entry="last ember" paid="1 Grit (1 of 6 left), 1 use of Last Ember '
                          '(0 of 1 left)" amount="3" did="Tobin heals 3 Grit (4 of 6)" result="used"]\n')
    assert json.loads(after.read_text())["sheet"]["live"] == {"pools": {"grit": 4, "tricks:last-ember": 0}}
    res = run("use", "-r", EMBER, str(after), "Last Ember")
    assert (res.returncode, res.stderr) == (1, "use refused: Last Ember is spent until the next camp\n")
    assert res.stdout == ('[use: who="Tobin" entry="Last Ember" result="refused" '
                          'reason="Last Ember is spent until the next camp"]\n')


def test_fireball_from_a_4th_level_slot_rolls_9d6(tmp_path):
    path = tmp_path / "mira.json"
    path.write_text(json.dumps(mira()))
    res = run("use", "-r", SRD, str(path), "Fireball", "--level", "4", "--dice", "6,5,4,3,2,1,6,5,4,15", "--json")
    assert (res.returncode, res.stderr) == (0, "")
    assert json.loads(res.stdout) == {
        "who": "Mira", "entry": "Fireball", "paid": "a level 4 spell slot (0 of 1 left)", "level": "4",
        "dice": "9d6", "rolls": "6|5|4|3|2|1|6|5|4", "amount": "36", "save": "15 = 15 against 14",
        "versus": "CR 1", "save_result": "success",
        "did": "a typical CR 1 enemy saves: 18 fire damage (36 on a failed save) to the target", "result": "used"}
    res = run("use", "-r", SRD, str(path), "Fireball", "--level", "5")
    assert (res.returncode, res.stderr) == (1, "use refused: No spell slot of level 5 or higher left\n")
    res = run("use", "-r", SRD, str(path), "Wish")
    assert (res.returncode, res.stderr) == (1, "use refused: Wish is not one of this character's spells and features\n")


def test_two_potions_heal_brom_9_then_5_and_the_third_is_refused(tmp_path):
    """Brom at 10 of 28 with 2 Potions of Healing (2d4 + 2), on the 5e example with the test
    item catalog derived from it (tests/combat/item_kit.py; tests/gateway/test_game_item_uses.py).
    --dice 3,4: (3 + 4) + 2 = 9, 10 + 9 = 19 of 28, the stack 2 -> 1; --dice 1,2: (1 + 2) + 2 =
    5, 19 + 5 = 24, the last potion takes the stack off; the third is refused, nothing paid."""
    rules, path = tmp_path / "5e-items.json", tmp_path / "brom.json"
    rules.write_text(json.dumps(example_with_items(RING_OF_PROTECTION, POTION_OF_HEALING, WAND_OF_SPARKS)))
    path.write_text(json.dumps(member(CARRIED)))
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    res = run("use", "-r", str(rules), str(path), "Potion of Healing", "--dice", "3,4", "--out", str(one))
    assert (res.returncode, res.stderr) == (0, "")
    assert res.stdout == FIRST + "\n"
    assert json.loads(one.read_text())["sheet"]["live"] == {
        "pools": {"hp": 19}, "items": [{"item": "items/potion-of-healing", "quantity": 1},
                                       {"item": "items/ring-of-protection"}]}
    res = run("use", "-r", str(rules), str(one), "potion of healing", "--dice", "1,2", "--out", str(two))
    assert (res.returncode, res.stderr) == (0, "")
    assert res.stdout == ('[use: who="Brom" entry="potion of healing" paid="1 Potion of Healing: none left" '
                          'dice="2d4+2" rolls="1|2" amount="5" did="Brom heals 5 Hit points (24 of 28)" '
                          'result="used"]\n')
    assert json.loads(two.read_text())["sheet"]["live"] == {"pools": {"hp": 24},
                                                            "items": [{"item": "items/ring-of-protection"}]}
    res = run("use", "-r", str(rules), str(two), "Potion of Healing", "--dice", "4,4")
    assert (res.returncode, res.stderr) == (1, "use refused: the character carries no Potion of Healing\n")
    assert res.stdout == ('[use: who="Brom" entry="Potion of Healing" result="refused" '
                          'reason="the character carries no Potion of Healing"]\n')
