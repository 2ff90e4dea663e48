"""Properties of character sheet commands on upstream content (5e Brom and Mira,
Gravewatch Ada): a receipt read back gives the same command (applying the rewritten reply
to the same state gives the same text, state and receipts), a refused command changes
nothing, no pool leaves 0..max, and what is stored for a member is always sparse (nothing
at its default, nothing the stored sheet already holds)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.games.members import member_key, member_sheet
from shared.games.reply import apply_reply
from shared.games.state import normal_state
from shared.sheet.sparse import sparse_live
from shared.sheet.view import SheetView
from tests.conftest import needs_upstream
from tests.games.upstream_games import FIVE_E, GRAVEWATCH, ada, brom, mira, ruleset

pytestmark = needs_upstream

GAMES = {FIVE_E: [brom(), mira()], GRAVEWATCH: [ada()]}
VALUES = {
    "who": ["Brom", " brom", "Mira", "Ada", "party", "Tam", ""],
    "op": ["spend", "restore", "damage", "heal", "mark", "clear", "track", "condition", "state", "note", "temp",
           "rest", "advance", "dance"],
    "pool": ["hp", "Hit points", "hit_dice", "slots_1", "slots_3", "resolve", "nope"],
    "amount": ["1", "2", "5", "-1", "-3", "0", "40", "lots", "+2"],
    "track": ["harm", "Harm", "exhaustion", "death_save_failures", "nope"],
    "kind": ["knock", "tear", "burn"],
    "box": ["1", "3", "9"],
    "condition": ["poisoned", "Rattled", "marked", "cursed"],
    "state": ["on", "off", "light", "Light", "mood"],
    "value": ["out", "Shuttered", "lit", "dim", "Bless", ""],
    "field": ["concentration", "level"],
    "by": ["1", "-2", "x"],
    "to": ["max", "min", "2", "x"],
    "rest": ["long", "short", "vigil", "breather", "nap"],
    "result": ["ok"],
    "now": ["3/4"],
}


@st.composite
def character_tag(draw) -> str:
    keys = draw(st.lists(st.sampled_from(sorted(VALUES)), max_size=5, unique=True))
    keys = ["who", "op", *[k for k in keys if k not in ("who", "op")]]
    parts = [f'{k}="{draw(st.sampled_from(VALUES[k]))}"' for k in keys]
    if draw(st.booleans()):
        parts.append(draw(st.sampled_from(["set", "clear"])))
    return "[sheet: " + " ".join(parts) + "]"


replies = st.lists(st.one_of(character_tag(), st.sampled_from(["The lamp gutters. ", "\n", "[aside] "])),
                   max_size=12).map("".join)
game = st.sampled_from(sorted(GAMES))


def _check_sparse_and_bounded(name: str, state: dict) -> None:
    rules = ruleset(name)
    for member in GAMES[name]:
        sheet = member_sheet(state, member)
        view = SheetView(rules, sheet)
        for key in view.pools():
            hit = view.pool(key)
            assert hit is not None and 0 <= hit[1] <= hit[0].max
        held = (state.get("members") or {}).get(member_key(member["name"]))
        if held is not None:
            assert held == sparse_live(rules, sheet)
            assert held != sparse_live(rules, member["sheet"])


@settings(max_examples=150, deadline=None)
@given(name=game, text=replies, before=replies)
def test_a_receipt_reads_back_as_the_same_command(name, text, before):
    start = apply_reply(ruleset(name), {}, before, GAMES[name]).state
    first = apply_reply(ruleset(name), start, text, GAMES[name])
    again = apply_reply(ruleset(name), start, first.text, GAMES[name])
    assert (again.text, again.state, again.receipts) == (first.text, first.state, first.receipts)
    _check_sparse_and_bounded(name, first.state)


@settings(max_examples=150, deadline=None)
@given(name=game, tag=character_tag(), before=replies)
def test_a_refused_command_changes_nothing(name, tag, before):
    start = apply_reply(ruleset(name), {}, before, GAMES[name]).state
    out = apply_reply(ruleset(name), start, tag, GAMES[name])
    assert len(out.receipts) == 1
    if out.receipts[0]["result"] == "refused":
        assert out.state == normal_state(start)
    else:
        assert out.text.endswith(f'result="ok" now="{out.receipts[0]["now"]}"]')
