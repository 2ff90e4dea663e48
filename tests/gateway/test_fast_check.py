"""`access.passes`: a choice accepted by the open decision saved with the battle's head
alone, and every way it says "look closer" instead (the full check then finds the exact
refusal; tests/gateway/test_refusals.py checks those answers). `access.decision_accepts`:
the decision's own part of it, which a socket asks of the prompt it sent."""

from __future__ import annotations

import pytest

from gateway.access import decision_accepts, passes
from gateway.tokens import Principal
from shared.protocol import ChoiceRequest
from shared.store import BattleHead

DECISION = {"actor": "juno", "controller": "player", "player": "ana", "decision": "turn", "window": None,
            "options": [{"id": "attack:weapons:spear", "targets": ["rust-jackal", "rust-jackal-2"], "count": 1},
                        {"id": "end-turn", "targets": [], "count": 0}],
            "suggestion": None, "outcome": None}
ANA = Principal(battle="b1", role="player", player="ana")


def head(**changes) -> BattleHead:
    fields = {"revision": 4, "last_seq": 9, "status": "active", "decision": DECISION, **changes}
    return BattleHead(**fields)


def choice(**changes) -> ChoiceRequest:
    return ChoiceRequest(**{"actor": "juno", "option_id": "attack:weapons:spear", "targets": ["rust-jackal-2"],
                            "request_id": "r-1", "revision": 4, **changes})


def test_a_legal_choice_passes_on_the_head_alone():
    assert passes(head(), ANA, choice())
    assert passes(head(), ANA, choice(option_id="end-turn", targets=[]))


@pytest.mark.parametrize("battle, who, asked", [
    (head(status="abandoned"), ANA, choice()),
    (head(decision=None), ANA, choice()),
    (head(decision={**DECISION, "outcome": "victory"}), ANA, choice()),
    (head(revision=5), ANA, choice()),
    (head(), ANA, choice(actor="rook")),
    (head(), Principal(battle="b1", role="player", player="ben"), choice()),
    (head(), Principal(battle="b1", role="gm"), choice()),
    (head(decision={**DECISION, "controller": "gm", "player": None}), ANA, choice()),
    (head(), ANA, choice(option_id="ability:spells:fire")),
    (head(), ANA, choice(targets=["juno"])),
    (head(), ANA, choice(targets=["rust-jackal", "rust-jackal-2"])),
    (head(), ANA, choice(option_id="end-turn", targets=["rust-jackal"])),
], ids=["abandoned", "no-decision-saved", "fight-over", "stale", "not-the-actor", "another-player",
        "gm-for-a-player", "gm-controlled", "not-on-the-menu", "not-a-target", "too-many-targets",
        "targets-for-none"])
def test_anything_else_is_looked_at_closer(battle, who, asked):
    assert not passes(battle, who, asked)


def test_the_decision_alone_ignores_the_heads_revision_and_status_but_not_its_own_checks():
    # What a socket asks of the prompt it sent: the head's revision and status are not its
    # to know (the head read that follows checks them).
    assert decision_accepts(DECISION, ANA, choice(revision=9))
    assert not passes(head(), ANA, choice(revision=9))
    assert not decision_accepts(DECISION, ANA, choice(actor="rook"))
    assert not decision_accepts(DECISION, Principal(battle="b1", role="player", player="ben"), choice())
    assert not decision_accepts({**DECISION, "outcome": "victory"}, ANA, choice())
    assert not decision_accepts(DECISION, ANA, choice(option_id="ability:spells:fire"))
    assert not decision_accepts(DECISION, ANA, choice(targets=["juno"]))
