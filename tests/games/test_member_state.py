"""Each member's live state per snapshot, on both stores: a character command changes
the member's sheet in the snapshot it makes, stored sparsely; a regeneration starts from
the parent's state (never spending twice), a continuation from the current one, and
choosing or removing a swipe restores that snapshot's sheets. Numbers from the 5e
example: Brom has 28 hit points (hp_max 28) and 3 hit dice (level 3)."""

from __future__ import annotations

import pytest

from shared.games.members import find_member, member_key, member_sheet, with_member_sheet
from shared.games.reply import apply_reply
from shared.games.state import empty_state, normal_state
from shared.service.games import MISSING, GameService
from shared.sheet.refusal import Refusal
from tests.conftest import needs_upstream
from tests.games.upstream_games import FIVE_E, brom, mira, ruleset

pytestmark = needs_upstream
DIGEST = "sha256:" + "5" * 64


@pytest.fixture
def service(games) -> GameService:
    svc = GameService(games, lambda digest: ruleset(FIVE_E))
    svc.create("g5", DIGEST, [brom(), mira()])
    return svc


def test_names_match_ignoring_case_and_surrounding_spaces():
    members = [brom(), mira()]
    assert member_key(" Brom ") == member_key("brom") == "brom"
    assert find_member(members, "brom ")["name"] == "Brom"
    assert find_member(members, "Tam") == Refusal(
        "unknown-character", "Tam is not a member of this game (members: Brom, Mira)")
    twins = [{"name": "Jo  Ann", "sheet": {}}, {"name": "jo ann", "sheet": {}}]
    assert find_member(twins, "JO ANN") == Refusal("ambiguous-character", "JO ANN names 2 members")


def test_the_state_keeps_only_what_differs_from_the_stored_sheet():
    rules = ruleset(FIVE_E)
    state = empty_state()
    hurt = with_member_sheet(rules, state, brom(), {**brom()["sheet"], "live": {"pools": {"hp": 23, "hit_dice": 3}}})
    # Hit dice at their maximum (3) are the default: dropped.
    assert hurt["members"] == {"brom": {"pools": {"hp": 23}}}
    assert member_sheet(hurt, brom())["live"] == {"pools": {"hp": 23}}
    healed = with_member_sheet(rules, hurt, brom(), {**brom()["sheet"], "live": {"pools": {"hp": 28}}})
    assert healed == empty_state()
    assert normal_state(healed) == {"clocks": [], "party": empty_state()["party"]}


def test_a_full_pool_follows_its_maximum_when_it_rises(service):
    service.reply("g5", "m1", None, '[sheet: who="Brom" op="damage" pool="hp" amount="5"]'
                                    '[sheet: who="Brom" op="heal" pool="hp" amount="5"]')
    assert service.view("g5")["live"] == {"Brom": {}, "Mira": {}}
    service.set_members("g5", [brom(hp_max=35), mira()])
    answer = service.reply("g5", "m2", MISSING, '[sheet: who="Brom" op="damage" pool="hp" amount="5"]')
    assert answer["text"].endswith('result="ok" now="30/35"]')


def test_damage_then_regenerate_from_the_parent_reads_full_again(service):
    a = service.reply("g5", "m1", None, 'The blade bites. [sheet: who="Brom" op="damage" pool="hp" amount="5"]')
    assert a["text"] == ('The blade bites. [sheet: who="Brom" op="damage" pool="hp" amount="5" '
                         'result="ok" now="23/28"]')
    assert a["receipts"] == [{"tag": "sheet", "result": "ok", "now": "23/28"}]
    assert service.view("g5")["live"]["Brom"] == {"pools": {"hp": 23}}
    # A regeneration of that reply from its parent (the beginning): 28/28 again, 5 off once.
    b = service.reply("g5", "m1-swipe", None, '[sheet: who="brom " op="damage" pool="Hit points" amount="5"]')
    assert b["receipts"][0]["now"] == "23/28"
    # A continuation from the current snapshot: 23 - 4.
    c = service.reply("g5", "m2", MISSING, '[sheet: who="Brom" op="damage" pool="hp" amount="4"]')
    assert (c["parent"], c["receipts"][0]["now"]) == ("m1-swipe", "19/28")
    # Choosing the first swipe restores its sheet; removing it shows the other again.
    assert service.select("g5", "m1")["live"]["Brom"] == {"pools": {"hp": 23}}
    assert service.view("g5", "m2")["live"]["Brom"] == {"pools": {"hp": 19}}
    after = service.remove("g5", "m1")
    assert (after["current"], after["live"]["Brom"]) == ("m1-swipe", {"pools": {"hp": 23}})
    assert service.select("g5", None)["live"]["Brom"] == {}


def test_the_same_reply_sent_twice_spends_once(service):
    text = '[sheet: who="Mira" op="spend" pool="slots_3" amount="1"]'
    first = service.reply("g5", "m1", None, text)
    again = service.reply("g5", "m1", None, text)
    assert again["duplicate"] is True and again["receipts"] == first["receipts"]
    assert first["receipts"][0]["now"] == "1/2"
    assert service.view("g5")["live"]["Mira"] == {"pools": {"slots_3": 1}}


def test_casting_with_no_slot_left_is_refused_and_never_goes_negative():
    rules = ruleset(FIVE_E)
    cast = '[sheet: who="Mira" op="spend" pool="slots_3" amount="1"]'
    out = apply_reply(rules, {}, cast * 3, [brom(), mira()])
    assert [r.get("now") or r["reason"] for r in out.receipts] == ["1/2", "0/2", "insufficient"]
    assert out.state["members"] == {"mira": {"pools": {"slots_3": 0}}}
    # Brom casts no spells: his slot pools are hidden (spellcasting "none"), so not on his sheet.
    brom_cast = apply_reply(rules, {}, '[sheet: who="Brom" op="spend" pool="slots_1"]', [brom(), mira()])
    assert brom_cast.receipts == [{"tag": "sheet", "result": "refused", "reason": "unknown-pool",
                                   "message": "there is no pool 'slots_1' on this sheet"}]
    # The words are the receipt's, for the host; the tag carries the code alone.
    assert out.receipts[2]["message"] == "3rd-level slots has 0 left, not enough to spend 1"
    assert out.text.endswith('result="refused" reason="insufficient"]')
    assert brom_cast.state == normal_state({})


def test_no_member_is_called_party_and_names_are_one_whatever_their_spacing(games):
    svc = GameService(games, lambda digest: ruleset(FIVE_E))
    party = {**brom(), "name": "Party"}
    twin = {**brom(), "name": "brom "}
    assert svc.create("g6", DIGEST, [brom(), party, twin]) == Refusal("bad-members", (
        'members[1].name: Party is reserved (who="party" is every character); '
        "members[2].name: brom is already a member"))
