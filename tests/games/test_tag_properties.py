"""Properties of the reply tag parser: it never crashes on any text, never applies more
than 40 commands, a clock stays within 0..size, and rewriting is idempotent (a receipt
read back gives the same command, so applying the rewritten reply to the same state gives
the same state and the same text)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.clocks.tags import find_tags
from shared.games.reply import MAX_COMMANDS, apply_reply
from tests.games.fixtures import game_ruleset

NAMES = ["Alarm raised", "alarm RAISED", "Rival crew", "", "x" * 101, "{{char}}", 'a"b', "Tide"]

attr_value = st.one_of(
    st.sampled_from(["4", "6", "8", "5", "-3", "+2", "0", "99", "ok", "2/6", "cleared", "coin", "party"]),
    st.text(max_size=8),
)
attr_key = st.sampled_from(["name", "size", "tick", "clear", "result", "now", "reason", "sheet", "op", "pool",
                            "amount", "field", "by", "to", "who", "Name", "x"])


@st.composite
def tag(draw) -> str:
    word = draw(st.sampled_from(["clock", "sheet", "Clock", " clock ", "SHEET"]))
    parts = []
    for _ in range(draw(st.integers(0, 5))):
        key = draw(attr_key)
        form = draw(st.integers(0, 3))
        if key == "name" and form < 2:
            parts.append(f'name="{draw(st.sampled_from(NAMES))}"')
        elif form == 0:
            parts.append(f'{key}="{draw(attr_value)}"')
        elif form == 1:
            parts.append(f"{key}={draw(attr_value)}")
        elif form == 2:
            parts.append(key)
        else:
            parts.append(draw(st.text(max_size=6)))
    sep = draw(st.sampled_from([" ", "  ", "\n", "\t "]))
    return f"[{word}:{sep}{sep.join(parts)}]"


replies = st.lists(st.one_of(tag(), st.text(max_size=12)), max_size=60).map("".join)
clock_lists = st.lists(
    st.builds(
        lambda name, size, filled: {"name": name, "size": size, "filled": min(filled, size)},
        st.sampled_from(["Alarm raised", "Rival crew", "Tide", "Storm"]),
        st.sampled_from([4, 6, 8]),
        st.integers(0, 8),
    ),
    max_size=4,
    unique_by=lambda c: c["name"].casefold(),
)


@settings(max_examples=300, deadline=None)
@given(text=replies, clocks=clock_lists)
def test_never_crashes_and_never_applies_more_than_forty(text, clocks):
    out = apply_reply(game_ruleset(), {"clocks": clocks}, text)
    assert out.applied <= MAX_COMMANDS
    assert len(out.state["clocks"]) <= game_ruleset().clocks.max or out.state["clocks"] == clocks
    for clock in out.state["clocks"]:
        assert 0 <= clock["filled"] <= clock["size"]
    assert len({c["name"].casefold() for c in out.state["clocks"]}) == len(out.state["clocks"])


@settings(max_examples=300, deadline=None)
@given(text=replies, clocks=clock_lists)
def test_rewriting_is_idempotent(text, clocks):
    first = apply_reply(game_ruleset(), {"clocks": clocks}, text)
    again = apply_reply(game_ruleset(), {"clocks": clocks}, first.text)
    assert again.text == first.text
    assert again.state == first.state
    assert again.receipts == first.receipts


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=300))
def test_any_text_at_all_is_read_without_error(text):
    find_tags(text)
    out = apply_reply(game_ruleset(), None, text)
    assert out.applied <= MAX_COMMANDS


@settings(max_examples=50, deadline=None)
@given(extra=st.integers(0, 30))
def test_a_long_reply_applies_exactly_forty(extra):
    text = '[clock: name="Tide" size="8"]' + '[clock: name="Tide" tick="+1"] ' * (39 + extra)
    out = apply_reply(game_ruleset(), None, text)
    assert out.applied == 40
    assert out.state["clocks"][0]["filled"] == 8
