"""Games on both stores: a regeneration starts from the parent snapshot, a continuation
from the current one, choosing or removing a swipe restores that snapshot's clocks and
party sheet, and a party save opened before another change is refused."""

from __future__ import annotations

import pytest

from shared.service.games import MISSING, GameService
from shared.sheet.refusal import Refusal
from tests.games.fixtures import game_ruleset, member

DIGEST = "sha256:" + "0" * 64


@pytest.fixture
def service(games) -> GameService:
    svc = GameService(games, lambda digest: game_ruleset())
    svc.create("g1", DIGEST, [member("Juno", 3), member("Pell", 4)])
    return svc


def filled(view_or_answer) -> dict[str, int]:
    return {c["name"]: c["filled"] for c in view_or_answer["clocks"]}


def test_continuation_regeneration_and_swipes(service):
    a = service.reply("g1", "m1", None, '[clock: name="Alarm raised" size="6"] [clock: name="Alarm raised" tick="1"]')
    assert a["text"].endswith('tick="1" result="ok" now="1/6"]')
    b = service.reply("g1", "m2", "m1", '[clock: name="Alarm raised" tick="2"]')
    assert filled(b) == {"Alarm raised": 3}
    # Regenerating m2: a new swipe from m2's parent, so the tick is not counted twice.
    b2 = service.reply("g1", "m2-swipe", "m1", '[clock: name="Alarm raised" tick="3"]')
    assert filled(b2) == {"Alarm raised": 4}
    assert service.view("g1")["current"] == "m2-swipe"
    # Continuing from the current snapshot (no parent named).
    c = service.reply("g1", "m3", MISSING, '[clock: name="Alarm raised" tick="1"]')
    assert (c["parent"], filled(c)) == ("m2-swipe", {"Alarm raised": 5})
    # Choosing the first swipe restores its clocks.
    assert filled(service.select("g1", "m2")) == {"Alarm raised": 3}
    assert filled(service.view("g1", "m3")) == {"Alarm raised": 5}
    # Removing the shown swipe shows the newest remaining swipe of that message; m3, which
    # continued m2-swipe, goes with m2-swipe.
    service.select("g1", "m2-swipe")
    after = service.remove("g1", "m2-swipe")
    assert (after["current"], filled(after)) == ("m2", {"Alarm raised": 3})
    assert isinstance(service.view("g1", "m3"), Refusal)
    # Removing the last swipe of a message shows the message before it.
    after = service.remove("g1", "m2")
    assert (after["current"], filled(after)) == ("m1", {"Alarm raised": 1})
    assert filled(service.select("g1", None)) == {}


def test_a_repeated_reply_is_answered_once_and_another_text_is_refused(service):
    first = service.reply("g1", "m1", None, '[clock: name="Tide" size="4"]')
    again = service.reply("g1", "m1", None, '[clock: name="Tide" size="4"]')
    assert again["duplicate"] is True and first["duplicate"] is False
    assert (again["text"], again["clocks"]) == (first["text"], first["clocks"])
    refused = service.reply("g1", "m1", None, '[clock: name="Tide" tick="1"]')
    assert refused == Refusal("snapshot-exists", 'snapshot "m1" already holds another reply')
    assert service.reply("g1", "m9", "nope", "x") == Refusal("unknown-snapshot", 'game "g1" has no snapshot "nope"')
    assert service.reply("g2", "m9", None, "x") == Refusal("not-found", 'there is no game "g2"')


def test_party_values_follow_the_snapshots(service):
    service.reply("g1", "m1", None, '[sheet: sheet="party" op="restore" pool="coin" amount="5"]')
    service.reply("g1", "m2", "m1", '[sheet: sheet="party" op="spend" pool="coin" amount="2"] '
                                    '[sheet: sheet="party" op="advance" field="heat" by="1"]')
    view = service.view("g1")
    assert view["party"]["pools"]["coin"] == {"current": 3, "max": 8}
    assert view["party"]["fields"]["heat"] == 1
    # Regenerating m2 starts from m1: the coin spent in m2 is back.
    service.reply("g1", "m2b", "m1", "Nothing is spent.")
    view = service.view("g1")
    assert view["party"]["pools"]["coin"] == {"current": 5, "max": 8}
    assert view["party"]["fields"]["heat"] == 0
    assert service.select("g1", "m2")["party"]["pools"]["coin"]["current"] == 3


def test_party_revision_refuses_a_save_opened_before_another_change(service):
    assert service.view("g1")["partyRevision"] == 0
    opened = service.view("g1")["partyRevision"]
    saved = service.save_party("g1", opened, {"fields": {"upgrades": "Hidden vault"}})
    assert saved["partyRevision"] == 1
    assert saved["party"]["fields"]["upgrades"] == "Hidden vault"
    stale = service.save_party("g1", opened, {"fields": {"upgrades": "Carriage"}})
    assert stale == Refusal(
        "stale-party-revision",
        "this save was opened at party revision 0, and the party sheet is at revision 1 now: "
        "read the newer sheet and save again",
    )
    # A story change moves the revision too; a reply that leaves the party alone does not.
    service.reply("g1", "m1", MISSING, "A quiet night.")
    assert service.view("g1")["partyRevision"] == 1
    service.reply("g1", "m2", MISSING, '[sheet: sheet="party" op="advance" field="heat" by="2"]')
    assert service.view("g1")["partyRevision"] == 2
    # The save made before any reply is part of the beginning, so every reply keeps it.
    assert service.view("g1")["party"]["fields"]["upgrades"] == "Hidden vault"
    bad = service.save_party("g1", 2, {"fields": {"heat": 12}})
    assert bad == Refusal("bad-save", "fields.heat: must be within 0..9, not 12")


def test_members_joining_change_the_member_fields_and_the_revision(service):
    assert service.view("g1")["party"]["fromMembers"] == {"size": 2, "stamina_total": 7}
    view = service.set_members("g1", [member("Juno", 3), member("Pell", 4), member("Ash", 2)])
    assert view["party"]["fromMembers"] == {"size": 3, "stamina_total": 9}
    assert view["partyRevision"] == 1
    bad = service.set_members("g1", [{"name": "Ash", "sheet": {"fields": {"stamina": "lots"}}}])
    assert bad.code == "bad-members"
    assert bad.message.startswith("members[0].sheet.fields.stamina: ")
