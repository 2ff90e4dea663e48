"""`battle.invent_opponents` against a local chat-completions server when the GM writes an
opponent as a sheet: the GM is shown the sheet's ids and the catalog names, its sheet is
read leniently, and the fight keeps only what its Path opens, fills the rest from the
fight's seed, fits its Breath through Stamina and holds what it built to the tier, every
change a sentence in the log (tests/combat/sheet_kit.py for the numbers)."""

from __future__ import annotations

import json

from shared.store import MemoryBattleStore
from tests.combat.budget_kit import budget_marsh, party
from tests.combat.sheet_kit import chosen_marsh
from tests.worker.chat_server import ChatServer, say
from shared.service import jobs
from shared.service.chat import ChatClient
from shared.service.gm import GmModel
from shared.service.battles import BattleService

WITCH = {"name": "Lamp witch", "temperament": "reckless", "statBlock": {
    "tier": "pack", "health": 30, "defense": 14,
    "sheet": {"abilities": {"might": 4, "nerve": 5, "lore": 4}, "fields": {"path": "LAMPLIGHTER", "stamina": 6, "rank": 5},
              "lists": {"kit": [{"name": "Hooked pole", "rolls": "might", "damage": "3d6", "harm": "cut"}],
                        "charms": [{"name": "bog hex"}, {"name": "Marsh Mend"}]}}}}


def sheet_marsh() -> dict:
    pkg = chosen_marsh()
    pkg["combat"]["threat"] = budget_marsh()["combat"]["threat"]
    return pkg


def test_an_opponent_written_as_a_sheet_is_read_opened_filled_and_held(chat: ChatServer):
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(sheet_marsh())
    chat.play(say(json.dumps({"opponents": [WITCH]})))
    request = {"ruleset": digest, "party": party(3, 3, 3), "difficulty": "normal",
               "foes": [{"invent": 1, "tier": "pack", "brief": "a witch who sells light"}]}
    gm = ChatClient(GmModel(base_url=chat.base_url, model="scripted-gm", timeout=2.0, retries=0))
    answer = jobs.invent_opponents(service, request, gm)
    assert answer["ok"], answer
    prompt = chat.seen[0].body["messages"][1]["content"]
    assert "List charms (columns name text; notes text; prepared true or false), catalog names: Lantern Flare, " \
           "Reed Ward, Marsh Mend, Bog Hex, Will Snuff, Cinder Burst." in prompt
    [witch] = answer["foes"]
    assert witch["temperament"] == "reckless" and "health" not in witch["statBlock"]
    assert answer["adjustments"] == [
        "Lamp witch's sheet: Nerve 5 is fitted to 4 (a whole number from -1 to 4).",
        "Lamp witch's sheet: Path \"LAMPLIGHTER\" is fitted to \"lamplighter\".",
        "Lamp witch's sheet: Charms \"bog hex\" is the catalog's Bog Hex.",
        "Lamp witch's sheet: Charms \"Marsh Mend\" is the catalog's Marsh Mend.",
        "Lamp witch's \"health\", \"defense\" are written beside its sheet, so the sheet's own numbers are used instead.",
    ]
    created = service.create(digest, party(3, 3, 3), answer["foes"], seed=7, adjustments=answer["adjustments"])
    texts = [e["text"] for e in created["events"]]
    assert texts[5:14] == [
        "Lamp witch's Marsh Mend is dropped: Charms is sorted by Path, and it is not open to a creature whose Path "
        "is lamplighter.",
        "Lamp witch's Bog Hex on Charms counts as chosen.",
        "Lamp witch's Charms is topped up from the fight's seed: Lantern Flare (paid from Lamp oil); "
        "Will Snuff (at will).",
        # 5 + 6 + 4 = 15 Breath, inside Pack's 8 to 16: nothing to fit.
        "Lamp witch's Guard 11 is held to 10 (at most 2 above Pack).",
        "Lamp witch's Lantern Flare to hit 9 is held to 5.",
        "Lamp witch's Will Snuff to hit 9 is held to 5.",
        "Lamp witch's Bog Hex difficulty 16 is held to 12.",
        "Lamp witch's Hooked pole is scaled down to fit Pack's damage per round (4 to 8).",
        "The fight begins: Juno, Wren, Juno 3 against Lamp witch.",
    ]
    state, _ = service.load(created["battle"])
    held = state.combatant("lamp-witch").held
    assert held is not None
    assert held.model_dump(mode="json")["weapons"] == {"kit:hooked-pole": {"dice": "1d6+4", "strikes": 1}}
